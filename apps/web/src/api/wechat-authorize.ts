import type { CallInput } from '@promoter/contract';
import { request } from './client';

/**
 * The WeChat authorize URL (`agent/public/getCode`). `redirect` must be this site's own origin; WeChat sends
 * the person back there with `code` and `state` in the query string. `snsapi_userinfo` (the default) signs in;
 * `snsapi_base` silently reads the openid that pays inside WeChat.
 */
export async function getWechatAuthorizeUrl(
  redirect: string,
  scope?: CallInput<'getCode'>['scope'],
): Promise<string> {
  return (await request('getCode', { redirect, ...(scope ? { scope } : {}) })).url;
}
