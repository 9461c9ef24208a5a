import { ResponseCode } from '@promoter/contract';
import type { MessageKey } from './i18n/messages';

/**
 * A refusal the client should read: answered as HTTP 200 with the envelope's code and the translated message.
 * Services throw these; they never build envelopes themselves.
 */
export class AppError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly code: number = ResponseCode.failure,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const refuse = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(key, params);
