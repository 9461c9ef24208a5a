import type { TWxUserInfo } from '@promoter/contract';

/**
 * WeChat's web OAuth (snsapi_userinfo, or the silent snsapi_base), spoken over its public HTTP protocol:
 * 1. the phone is sent to `${openBase}/connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope&state#wechat_redirect`;
 * 2. WeChat sends it back with `code`; the server exchanges it at `${apiBase}/sns/oauth2/access_token`;
 * 3. snsapi_userinfo only: the server reads the profile (with `unionid`) at `${apiBase}/sns/userinfo`.
 * Errors come back as `{errcode, errmsg}` with HTTP 200.
 */
export interface WechatOAuthConfig {
  appId: string;
  appSecret: string;
  apiBase: string;
  openBase: string;
}

export type WechatFailure = 'invalid-code' | 'used-code' | 'expired-code' | 'unavailable' | 'no-unionid';

export class WechatError extends Error {
  constructor(
    readonly reason: WechatFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'WechatError';
  }
}

/** snsapi_userinfo asks the person and gives the profile with the union id; snsapi_base is silent, openid only. */
export type WechatScope = 'snsapi_userinfo' | 'snsapi_base';

export function authorizeUrl(
  config: WechatOAuthConfig,
  redirect: string,
  state: string,
  scope: WechatScope = 'snsapi_userinfo',
): string {
  const query = new URLSearchParams({
    appid: config.appId,
    redirect_uri: redirect,
    response_type: 'code',
    scope,
    state,
  });
  return `${config.openBase}/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new WechatError('unavailable', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw new WechatError('unavailable', `HTTP ${response.status}`);
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) throw new WechatError('unavailable', 'not JSON');
  const errcode = Number(body.errcode ?? 0);
  if (errcode !== 0) {
    // 40029 invalid code, 40163 code already used, 42003 code expired.
    const reason: WechatFailure =
      errcode === 42003
        ? 'expired-code'
        : errcode === 40163
          ? 'used-code'
          : errcode === 40029
            ? 'invalid-code'
            : 'unavailable';
    throw new WechatError(reason, `errcode ${errcode}: ${String(body.errmsg ?? '')}`);
  }
  return body;
}

/** Step 2 alone: the code's access token and openid (all a snsapi_base code gives). */
async function accessToken(
  config: WechatOAuthConfig,
  code: string,
): Promise<{ accessToken: string; openid: string; unionid: string }> {
  const token = await getJson(
    `${config.apiBase}/sns/oauth2/access_token?${new URLSearchParams({
      appid: config.appId,
      secret: config.appSecret,
      code,
      grant_type: 'authorization_code',
    }).toString()}`,
  );
  const result = {
    accessToken: String(token.access_token ?? ''),
    openid: String(token.openid ?? ''),
    unionid: String(token.unionid ?? ''),
  };
  if (!result.accessToken || !result.openid) throw new WechatError('unavailable', 'no access token');
  return result;
}

/** The openid of a code from the silent authorization (snsapi_base): the payer of WeChat Pay JSAPI. */
export async function exchangeCodeForOpenId(config: WechatOAuthConfig, code: string): Promise<string> {
  return (await accessToken(config, code)).openid;
}

/** The profile with the union id of a snsapi_userinfo code. */
export async function exchangeCode(config: WechatOAuthConfig, code: string): Promise<TWxUserInfo> {
  const token = await accessToken(config, code);
  const { openid } = token;
  const info = await getJson(
    `${config.apiBase}/sns/userinfo?${new URLSearchParams({ access_token: token.accessToken, openid, lang: 'zh_CN' }).toString()}`,
  );
  const unionid = String(info.unionid ?? '') || token.unionid;
  if (!unionid) throw new WechatError('no-unionid', 'the app is not bound to an open platform account');
  return {
    openid,
    unionid,
    nickname: String(info.nickname ?? ''),
    headimgurl: String(info.headimgurl ?? ''),
    sex: typeof info.sex === 'number' ? info.sex : undefined,
    province: typeof info.province === 'string' ? info.province : undefined,
    city: typeof info.city === 'string' ? info.city : undefined,
    country: typeof info.country === 'string' ? info.country : undefined,
  };
}
