import { createHash, randomUUID } from 'node:crypto';
import { signPayload } from '../src/modules/auth/signed-token';

/** The nonce a test browser kept when it left for WeChat (the web keeps it in session storage). */
export const BROWSER_NONCE = 'test-browser-nonce-0123456789';

/** A state as getCode signs it, for `purpose` ('wx-state' signs in, 'wx-pay-state' reads the payer) and a browser's nonce. */
export function stateFor(
  secret: string,
  purpose: 'wx-state' | 'wx-pay-state',
  nonce = BROWSER_NONCE,
): string {
  const b = createHash('sha256').update(nonce).digest('base64url');
  return signPayload(secret, purpose, { n: randomUUID(), b }, 600);
}
