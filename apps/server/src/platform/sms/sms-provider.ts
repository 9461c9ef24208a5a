import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/** Sends one verification code to one mobile. Implementations: the log (development) and an HTTP gateway. */
export interface SmsProvider {
  sendCode(input: { mobile: string; code: string; purpose: string; ttlMinutes: number }): Promise<void>;
}

/**
 * Development provider: writes the code to the server log. This line is the only place a code is ever logged;
 * a person (or an end-to-end test) reads it from there.
 */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}

  async sendCode(input: { mobile: string; code: string; purpose: string }): Promise<void> {
    this.log.info(
      { sms: { mobile: input.mobile, purpose: input.purpose } },
      `[dev SMS] code for ${input.mobile}: ${input.code}`,
    );
  }
}

export class SmsSendError extends Error {}

/**
 * Production provider: POSTs `{template, mobile, params: {code, minutes}}` as JSON to SMS_HTTP_URL with
 * `Authorization: Bearer SMS_HTTP_KEY`, the common shape of SMS gateways' HTTP APIs; any 2xx whose JSON does not
 * carry an error code counts as sent.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly options: { url: string; key: string; template: string; timeoutMs?: number }) {}

  async sendCode(input: { mobile: string; code: string; ttlMinutes: number }): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.key}` },
        body: JSON.stringify({
          template: this.options.template,
          mobile: input.mobile,
          params: { code: input.code, minutes: input.ttlMinutes },
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new SmsSendError(
        `SMS gateway unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const body = (await response.json().catch(() => ({}))) as { code?: number | string; error?: string };
    const failed =
      body.error !== undefined ||
      (body.code !== undefined && String(body.code) !== '0' && String(body.code) !== 'OK');
    if (!response.ok || failed) throw new SmsSendError(`SMS gateway refused: HTTP ${response.status}`);
  }
}

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  return config.sms.kind === 'http' ? new HttpSmsProvider(config.sms) : new LogSmsProvider(log);
}
