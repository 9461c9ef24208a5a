import type { SmsProvider } from '../../src/platform/sms/sms-provider';

/** An SMS provider for API tests: keeps what it was asked to send, so a test reads the code like a phone would. */
export class CapturingSmsProvider implements SmsProvider {
  sent: { mobile: string; code: string; purpose: string }[] = [];
  failNext = false;
  /** Runs while a code is being sent (a test looks at the database then). */
  during: (() => Promise<void>) | undefined;

  async sendCode(input: { mobile: string; code: string; purpose: string }): Promise<void> {
    await this.during?.();
    if (this.failNext) {
      this.failNext = false;
      throw new Error('gateway down');
    }
    this.sent.push({ mobile: input.mobile, code: input.code, purpose: input.purpose });
  }

  lastCode(mobile: string): string {
    const found = [...this.sent].reverse().find((s) => s.mobile === mobile);
    if (!found) throw new Error(`no code sent to ${mobile}`);
    return found.code;
  }
}
