import { request } from '../../../api/client';

/**
 * The WeChat authorize URL (`agent/public/getCode`). `redirect` must be this site's own origin; WeChat sends
 * the person back there with `code` and `state` in the query string.
 */
export async function getWechatAuthorizeUrl(redirect: string): Promise<string> {
  return (await request('getCode', { redirect })).url;
}
