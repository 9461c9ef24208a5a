import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Scope = 'snsapi_userinfo' | 'snsapi_base';

export interface WechatUser {
  openid: string;
  unionid: string;
  nickname: string;
  headimgurl?: string;
}

/**
 * A local stand-in of WeChat's OAuth endpoints, on loopback, speaking the public protocol:
 * - GET /connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope&state -> 302 to redirect_uri?code&state
 *   (the code of the user chosen with `nextUser`; scope snsapi_userinfo or the silent snsapi_base);
 * - GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code -> {access_token, openid, scope}
 *   with unionid for snsapi_userinfo, or {errcode: 40029 invalid code | 40163 code been used | 42003 code expired};
 * - GET /sns/userinfo?access_token&openid -> the profile with unionid, {errcode: 40001} for an unknown token,
 *   {errcode: 48001} for a snsapi_base token.
 * Codes are single use and expire after `codeTtlMs`, like WeChat's.
 */
export class WechatStandIn {
  private server = http.createServer((req, res) => this.handle(req, res));
  private codes = new Map<string, { user: WechatUser; issuedAt: number; used: boolean; scope: Scope }>();
  private tokens = new Map<string, { user: WechatUser; scope: Scope }>();
  private counter = 0;
  nextUser: WechatUser = { openid: 'o-standin', unionid: 'u-standin', nickname: '微信用户' };
  codeTtlMs = 5 * 60_000;
  readonly appId = 'wx-standin-app';
  readonly appSecret = 'wx-standin-secret';
  requests: string[] = [];

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.baseUrl;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The environment that points the app's WeChat sign-in at this stand-in. */
  env(): Record<string, string> {
    return {
      WECHAT_APP_ID: this.appId,
      WECHAT_APP_SECRET: this.appSecret,
      WECHAT_API_BASE: this.baseUrl,
      WECHAT_OPEN_BASE: this.baseUrl,
    };
  }

  /** A code for a user, as WeChat would put on the redirect. */
  issueCode(
    user: WechatUser = this.nextUser,
    issuedAt = Date.now(),
    scope: Scope = 'snsapi_userinfo',
  ): string {
    const code = `code-${++this.counter}-${Math.random().toString(36).slice(2)}`;
    this.codes.set(code, { user, issuedAt, used: false, scope });
    return code;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.baseUrl);
    this.requests.push(url.pathname);
    const json = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const q = (name: string) => url.searchParams.get(name) ?? '';
    if (url.pathname === '/connect/oauth2/authorize') {
      const scope = q('scope');
      if (
        q('appid') !== this.appId ||
        (scope !== 'snsapi_userinfo' && scope !== 'snsapi_base') ||
        q('response_type') !== 'code'
      ) {
        res.writeHead(400).end('bad authorize request');
        return;
      }
      const target = new URL(q('redirect_uri'));
      // The SPA routes by hash: WeChat appends code and state to the redirect URL's query, before the hash.
      target.searchParams.set('code', this.issueCode(this.nextUser, Date.now(), scope));
      target.searchParams.set('state', q('state'));
      res.writeHead(302, { location: target.toString() }).end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q('appid') !== this.appId || q('secret') !== this.appSecret)
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      const entry = this.codes.get(q('code'));
      if (!entry) return json({ errcode: 40029, errmsg: 'invalid code' });
      if (entry.used) return json({ errcode: 40163, errmsg: 'code been used' });
      if (Date.now() - entry.issuedAt > this.codeTtlMs)
        return json({ errcode: 42003, errmsg: 'code expired' });
      entry.used = true;
      const token = `at-${++this.counter}`;
      this.tokens.set(token, { user: entry.user, scope: entry.scope });
      return json({
        access_token: token,
        expires_in: 7200,
        refresh_token: 'rt',
        openid: entry.user.openid,
        scope: entry.scope,
        // The silent scope tells the openid only.
        ...(entry.scope === 'snsapi_userinfo' ? { unionid: entry.user.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const token = this.tokens.get(q('access_token'));
      if (!token || token.user.openid !== q('openid'))
        return json({ errcode: 40001, errmsg: 'invalid credential' });
      if (token.scope !== 'snsapi_userinfo') return json({ errcode: 48001, errmsg: 'api unauthorized' });
      const { user } = token;
      return json({
        ...user,
        headimgurl: user.headimgurl ?? '',
        sex: 0,
        province: '广东',
        city: '深圳',
        country: '中国',
        privilege: [],
      });
    }
    res.writeHead(404).end();
  }
}
