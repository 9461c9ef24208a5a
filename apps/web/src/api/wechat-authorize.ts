import type { CallInput } from '@promoter/contract';
import { newOAuthNonce } from '../lib/oauth-nonce';
import { request } from './client';

/**
 * The WeChat authorize URL (`agent/public/getCode`). `redirect` must be this site's own origin; WeChat sends
 * the person back there with `code` and `state` in the query string. `snsapi_userinfo` (the default) signs in;
 * `snsapi_base` silently reads the openid that pays inside WeChat. The state is bound to a nonce this browser keeps
 * (lib/oauth-nonce.ts).
 */
export async function getWechatAuthorizeUrl(
  redirect: string,
  scope?: CallInput<'getCode'>['scope'],
): Promise<string> {
  return (await request('getCode', { redirect, nonce: newOAuthNonce(), ...(scope ? { scope } : {}) })).url;
}
