import {
  type AdjustmentStatus,
  type AgentStatus,
  ResponseCode,
  type WithdrawalStatus,
} from '@promoter/contract';
import type { MessageKey } from './i18n/messages';

/**
 * A refusal the client should read: answered as HTTP 200 with the envelope's code and the translated message.
 * Services throw these; they never build envelopes themselves.
 */
export class AppError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly params?: Record<string, ErrorParam>,
    readonly code: number = ResponseCode.failure,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const refuse = (key: MessageKey, params?: Record<string, ErrorParam>) => new AppError(key, params);

/**
 * A parameter that is itself a message, translated in the reader's language before it is put in (a state's name: "该提现
 * 当前状态为「已打款」", never the raw word `paid`). Catalog texts never nest keys; the server resolves these instead.
 */
export interface MessageRef {
  readonly messageKey: MessageKey;
}
export type ErrorParam = string | number | MessageRef;
export const messageRef = (messageKey: MessageKey): MessageRef => ({ messageKey });

/** The error's message in the reader's language, its message parameters translated first. */
export function errorText(
  error: AppError,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): string {
  if (!error.params) return t(error.messageKey);
  const params = Object.fromEntries(
    Object.entries(error.params).map(([name, value]) => [
      name,
      typeof value === 'object' ? t(value.messageKey) : value,
    ]),
  );
  return t(error.messageKey, params);
}

/** The name of a withdrawal's, an agent's or an adjustment's state, as the reader's language says it. */
export const withdrawalStatusRef = (status: WithdrawalStatus) => messageRef(`csvWithdrawal_${status}`);
export const agentStatusRef = (status: AgentStatus) => messageRef(`csvAgent_${status}`);
export const adjustmentStatusRef = (status: AdjustmentStatus) => messageRef(`csvAdjustment_${status}`);
