import { request } from '../../../api/client';
import { NetworkError } from '../../../api/errors';
import { keptOAuthNonce } from '../../../lib/oauth-nonce';
import { singleUseAttempts } from '../../../lib/single-use';

export type PayerOutcome = 'recorded' | 'refused' | 'network';

/** Records the openid of a silent WeChat code as the signed-in player's payer (`shop/pay/wechatPayer`). */
async function record(code: string, state: string): Promise<PayerOutcome> {
  // Without the nonce this browser kept, the code did not come from an authorization it started.
  const nonce = keptOAuthNonce();
  if (!nonce) return 'refused';
  try {
    await request('wechatPayer', { code, state, nonce });
    return 'recorded';
  } catch (error) {
    // A refusal (code 0) has been toasted by the client with the reason.
    return error instanceof NetworkError ? 'network' : 'refused';
  }
}

// A code is single-use: it is sent once per page load, even when React runs an effect twice.
const attempts = singleUseAttempts<PayerOutcome>();

export function recordWechatPayer(code: string, state: string): Promise<PayerOutcome> {
  return attempts.run(code, () => record(code, state));
}
