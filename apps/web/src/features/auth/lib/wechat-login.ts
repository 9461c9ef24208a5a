import { NetworkError } from '../../../api/errors';
import { runLogin, storeLogin } from '../../../api/login-outcome';
import type { LoginFailure } from '../../../api/login-outcome';
import { paths } from '../../../config/paths';
import { i18n } from '../../../i18n';
import { keptOAuthNonce } from '../../../lib/oauth-nonce';
import { progress } from '../../../lib/progress';
import { sessionStore } from '../../../lib/session';
import { singleUseAttempts } from '../../../lib/single-use';
import { isWeChatBrowser } from '../../../lib/user-agent';
import { getWechatAuthorizeUrl } from '../../../api/wechat-authorize';
import { getUnionId } from '../api/get-union-id';
import { loginByUnionId } from '../api/login-by-union-id';

/** Where WeChat sends the person back: this site, its WeChat login route. */
export function wechatRedirectUrl(): string {
  return `${window.location.origin}${window.location.pathname}#${paths.session.loginWx.getHref()}`;
}

/**
 * Starts WeChat sign-in: asks the server for the authorize URL and leaves for it. 'refused': the server said
 * no (code 0, e.g. WeChat login is not configured; the client has toasted why); 'network': no answer.
 */
export async function startWechatSignIn(): Promise<'leaving' | 'refused' | 'network'> {
  progress.start();
  try {
    window.location.href = await getWechatAuthorizeUrl(wechatRedirectUrl());
    return 'leaving';
  } catch (error) {
    progress.done();
    return error instanceof NetworkError ? 'network' : 'refused';
  }
}

export type WechatLoginOutcome = { kind: 'signed-in'; destination: string } | LoginFailure;

/**
 * Login by union identifier (SPEC section 4): exchange the code, then sign in with the union id. Success stores
 * user and token; an agent, or anyone inside WeChat, goes to the agent main page, anyone else to
 * /agent/mine-recharge?from=reg. 1001: no game account carries this WeChat yet (the guide). 1002: agent tip.
 */
async function signIn(code: string, state: string | null): Promise<WechatLoginOutcome> {
  // The server signed `state` into the authorize URL and checks it came back: without it there is no proof.
  // ... and the nonce this browser kept when it left for WeChat (lib/oauth-nonce.ts): a code and state pushed from
  // another browser have none, or another.
  const nonce = keptOAuthNonce();
  if (!state || !nonce) return { kind: 'failed', message: i18n.t('identity.wechat.noState') };
  return runLogin(async () => {
    const { unionId, wxUserInfo, ticket } = await getUnionId({ code, state, nonce });
    sessionStore.set({ unionId, wxUserInfo });
    const signedIn = storeLogin(await loginByUnionId({ unionId, ticket }));
    const toMain = signedIn.kind === 'agent' || isWeChatBrowser(navigator.userAgent);
    return {
      kind: 'signed-in',
      destination: toMain ? paths.agent.main.getHref() : paths.agent.mineRecharge.getHref({ from: 'reg' }),
    } as const;
  });
}

// A code is single-use: it is sent once per page load, even when React runs an effect twice.
const attempts = singleUseAttempts<WechatLoginOutcome>();

export function signInWithWechatCode(code: string, state: string | null): Promise<WechatLoginOutcome> {
  return attempts.run(code, () => signIn(code, state));
}
