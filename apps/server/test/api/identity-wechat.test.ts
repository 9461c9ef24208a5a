import { ResponseCode, ZAgentUser, ZPlayer, ZWxUserInfo } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../../src/db/schema';
import { signPayload, verifyPayload } from '../../src/modules/auth/signed-token';
import { createAgent, createPlayer } from '../factories';
import { BROWSER_NONCE, stateFor } from '../oauth-state';
import { build, type TestApp } from '../helper';
import { type WechatUser, WechatStandIn } from '../stand-ins/wechat-stand-in';
import { api, apiUnchecked, cn } from './identity-support';

/**
 * WeChat OAuth against the loopback stand-in: getCode (authorize URL with a signed state, same-origin redirect
 * only), getUnionId (code exchange, a signed ticket that proves the union id) and loginByUnionId (needs the ticket).
 */

/** The APP_SECRET helper.ts gives every test app. */
const APP_SECRET = 'test-app-secret-0123456789';
const REDIRECT = 'http://promoter.test/#/session/loginWx';

const standIn = new WechatStandIn();
let t: TestApp;
/** No WECHAT_APP_ID: WeChat login is not configured. */
let bare: TestApp;
/** A wrong app secret: WeChat refuses the exchange (errcode 40125), which is neither a bad code nor an expired one. */
let misconfigured: TestApp;

beforeAll(async () => {
  await standIn.start();
  const wechatEnv = standIn.env();
  [t, bare, misconfigured] = await Promise.all([
    build(wechatEnv),
    build(),
    build({ ...wechatEnv, WECHAT_APP_SECRET: 'not-the-secret' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close(), misconfigured?.close()]);
  await standIn.stop();
});

let lastUser = 0;
function newWechatUser(): WechatUser {
  lastUser += 1;
  return {
    openid: `o-user-${lastUser}`,
    unionid: `u-user-${lastUser}`,
    nickname: `微信用户${lastUser}`,
    headimgurl: `https://wx.qlogo.test/${lastUser}.png`,
  };
}

const getCode = (redirect: string, app: FastifyInstance = t.app) =>
  api(app, 'getCode', { input: { redirect, nonce: BROWSER_NONCE } });

type UnionIdData = { unionId: string; wxUserInfo: unknown; ticket: string };
/** getUnionId as the SPA calls it: with the state WeChat handed back (by default a valid one, signed as getCode does). */
const getUnionId = (
  body: { code: string; state?: string; nonce?: string },
  app: FastifyInstance = t.app,
  lang?: 'en',
) =>
  api(app, 'getUnionId', {
    input: {
      ...body,
      state: body.state ?? stateFor(APP_SECRET, 'wx-state'),
      nonce: body.nonce ?? BROWSER_NONCE,
    },
    lang,
  });

const loginByUnionId = (unionId: string, ticket: string, app: FastifyInstance = t.app) =>
  api(app, 'loginByUnionId', { input: { unionId, ticket } });

/** A fresh state, as getCode signs it. */
async function freshState(): Promise<string> {
  const result = await getCode(REDIRECT);
  return new URL(result.data.url).searchParams.get('state') ?? '';
}

/** The whole round: getCode, the phone at WeChat's authorize page, the redirect back, getUnionId with code and state. */
async function ticketFor(user: WechatUser): Promise<UnionIdData> {
  standIn.nextUser = user;
  const { data } = await getCode(REDIRECT);
  const authorize = await fetch(data.url.replace(/#wechat_redirect$/, ''), { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location') ?? '');
  const code = back.searchParams.get('code') ?? '';
  const state = back.searchParams.get('state') ?? '';
  const result = await getUnionId({ code, state });
  expect(result.code).toBe(1);
  return result.data;
}

const setUnionId = (playerId: number, unionId: string) =>
  t.db.update(players).set({ unionId }).where(eq(players.id, playerId));

/** Re-encodes a signed token's body with a change but keeps its signature, as a forger would. */
function tamper(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [body, mac] = token.split('.');
  const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  change(payload);
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
}

describe('agent/public/getCode', () => {
  it('answers the authorize URL with appid, redirect_uri, scope snsapi_userinfo and a signed state', async () => {
    const result = await getCode(REDIRECT);
    expect(result.code).toBe(ResponseCode.success);
    const url = new URL(result.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.baseUrl}/connect/oauth2/authorize`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('appid')).toBe(standIn.appId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    const state = url.searchParams.get('state') ?? '';
    expect(state).not.toBe('');
    expect(verifyPayload(APP_SECRET, 'wx-state', state)).not.toBeNull();
    // A new state each time.
    expect(await freshState()).not.toBe(state);
  });

  it('sends the phone through WeChat and back to the redirect with a code and the state', async () => {
    const user = newWechatUser();
    const { unionId, ticket } = await ticketFor(user);
    expect(unionId).toBe(user.unionid);
    expect(verifyPayload<{ u: string }>(APP_SECRET, 'wx-union', ticket)?.u).toBe(user.unionid);
  });

  it('refuses a redirect to another origin', async () => {
    for (const redirect of [
      'https://evil.example/#/session/loginWx',
      'http://promoter.test.evil.example/#/session/loginWx',
      'http://promoter.test:8080/#/session/loginWx',
      'https://promoter.test/#/session/loginWx',
      'javascript:alert(1)',
    ]) {
      const result = await getCode(redirect);
      expect(result.status, redirect).toBe(200);
      expect(result.code, redirect).toBe(ResponseCode.failure);
      expect(result.msg, redirect).toBe(cn('redirectNotAllowed'));
      expect(result.data, redirect).toBeNull();
    }
    const english = await api(t.app, 'getCode', {
      input: { redirect: 'https://evil.example/', nonce: BROWSER_NONCE },
      lang: 'en',
    });
    expect(english.msg).toBe('This redirect address is not allowed');
  });

  it('answers 400 for a redirect that is not a URL', async () => {
    const result = await getCode('not a url');
    expect(result.status).toBe(400);
    expect(result.msg).toContain('redirect');
  });

  it('requires the state: a code without it is refused as a bad request', async () => {
    const result = await apiUnchecked(t.app, 'getUnionId', {
      input: { code: standIn.issueCode(newWechatUser()), nonce: BROWSER_NONCE },
    });
    expect(result.status).toBe(400);
    expect(result.msg).toContain('state');
  });

  it('says clearly that WeChat login is not configured', async () => {
    const result = await getCode(REDIRECT, bare.app);
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('wechatNotConfigured'));
    const english = await api(bare.app, 'getCode', {
      input: { redirect: REDIRECT, nonce: BROWSER_NONCE },
      lang: 'en',
    });
    expect(english.msg).toBe('WeChat login is not configured');
  });
});

describe('agent/public/getUnionId', () => {
  it('exchanges a code for the union id, the WeChat profile and a ticket', async () => {
    const user = newWechatUser();
    const result = await getUnionId({ code: standIn.issueCode(user) });
    expect(result.code).toBe(1);
    expect(result.data.unionId).toBe(user.unionid);
    expect(ZWxUserInfo.parse(result.data.wxUserInfo)).toMatchObject({
      openid: user.openid,
      unionid: user.unionid,
      nickname: user.nickname,
      headimgurl: user.headimgurl,
    });
    const proof = verifyPayload<{ u: string; exp: number }>(APP_SECRET, 'wx-union', result.data.ticket);
    expect(proof?.u).toBe(user.unionid);
    // Short-lived: ten minutes at most.
    expect((proof?.exp ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(600);
  });

  it('refuses an unknown code', async () => {
    const result = await getUnionId({ code: 'no-such-code' });
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('wechatCodeInvalid'));
    expect(result.data).toBeNull();
    expect((await getUnionId({ code: 'no-such-code' }, t.app, 'en')).msg).toBe(
      'The WeChat authorization code is invalid; please authorize again',
    );
  });

  it('refuses a code used once already (WeChat 40163) with its own message', async () => {
    const code = standIn.issueCode(newWechatUser());
    expect((await getUnionId({ code })).code).toBe(1);
    const again = await getUnionId({ code });
    expect(again.code).toBe(ResponseCode.failure);
    expect(again.data).toBeNull();
    expect(again.msg).toBe(cn('wechatCodeUsed'));
    expect(again.msg).not.toBe(cn('wechatCodeExpired'));
  });

  it('refuses an expired code with its own message', async () => {
    const code = standIn.issueCode(newWechatUser(), Date.now() - standIn.codeTtlMs - 1000);
    const result = await getUnionId({ code });
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('wechatCodeExpired'));
    expect(result.msg).not.toBe(cn('wechatCodeInvalid'));
    expect((await getUnionId({ code }, t.app, 'en')).msg).toBe(
      'The WeChat authorization code has expired; please authorize again',
    );
  });

  it('says WeChat is unavailable when WeChat refuses the app itself', async () => {
    const result = await getUnionId({ code: standIn.issueCode(newWechatUser()) }, misconfigured.app);
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('wechatUnavailable'));
  });

  it('refuses a forged or tampered state, and the refusal does not spend the code', async () => {
    const user = newWechatUser();
    const code = standIn.issueCode(user);
    const state = await freshState();
    const forged = [
      'forged-state',
      `${state}x`,
      tamper(state, (p) => (p.n = 'other-nonce')),
      tamper(state, (p) => (p.exp = Number(p.exp) + 3600)),
      signPayload('another-secret-0123456789', 'wx-state', { n: 'abc' }, 600),
      signPayload(APP_SECRET, 'wx-state', { n: 'abc' }, -1),
      // A union ticket is not a state.
      signPayload(APP_SECRET, 'wx-union', { u: user.unionid }, 600),
    ];
    for (const bad of forged) {
      const result = await getUnionId({ code, state: bad });
      expect(result.code, bad).toBe(ResponseCode.failure);
      expect(result.msg, bad).toBe(cn('wechatTicketInvalid'));
    }
    const good = await getUnionId({ code, state });
    expect(good.code).toBe(1);
    expect(good.data.unionId).toBe(user.unionid);
  });

  it('refuses a code and state started in another browser (login CSRF): the state is bound to the starter’s nonce', async () => {
    // The attacker starts an authorization in its own browser and keeps the code and state WeChat hands back...
    const attacker = newWechatUser();
    standIn.nextUser = attacker;
    const started = await api(t.app, 'getCode', {
      input: { redirect: REDIRECT, nonce: 'attacker-browser-nonce-000' },
    });
    const authorize = await fetch(started.data.url.replace(/#wechat_redirect$/, ''), { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') ?? '');
    const code = back.searchParams.get('code') ?? '';
    const state = back.searchParams.get('state') ?? '';
    // ... and pushes them into the victim's browser, which shows the nonce it kept (or none, or a forged one).
    for (const nonce of [BROWSER_NONCE, 'some-other-nonce-value-12']) {
      const pushed = await getUnionId({ code, state, nonce });
      expect(pushed, nonce).toMatchObject({
        status: 200,
        code: ResponseCode.failure,
        msg: cn('wechatTicketInvalid'),
      });
    }
    const missing = await apiUnchecked(t.app, 'getUnionId', { input: { code, state } });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('nonce');
    // In its own browser the same code still works: the refusals did not spend it.
    const own = await getUnionId({ code, state, nonce: 'attacker-browser-nonce-000' });
    expect(own).toMatchObject({ code: 1, data: { unionId: attacker.unionid } });
  });

  it('says clearly that WeChat login is not configured', async () => {
    const result = await getUnionId({ code: 'any-code' }, bare.app);
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('wechatNotConfigured'));
    expect((await getUnionId({ code: 'any-code' }, bare.app, 'en')).msg).toBe(
      'WeChat login is not configured',
    );
  });
});

describe('agent/login/loginByUnionId', () => {
  it('signs in the player whose union id the ticket proves', async () => {
    const user = newWechatUser();
    const playerId = await createPlayer(t.db, { nickname: '微信玩家' });
    await setUnionId(playerId, user.unionid);
    const { unionId, ticket } = await ticketFor(user);
    const result = await loginByUnionId(unionId, ticket);
    expect(result.code).toBe(ResponseCode.success);
    expect(result.data.isAgent).toBe(false);
    expect(result.data.user).toBeUndefined();
    expect(ZPlayer.parse(result.data.player)).toMatchObject({
      playerId,
      nickname: '微信玩家',
      agentId: null,
    });
    const self = await api(t.app, 'getPlayer', {
      token: result.data.token,
      input: { playerId: String(playerId) },
    });
    expect(self.code).toBe(1);
  });

  it('signs in an agent as an agent', async () => {
    const user = newWechatUser();
    const { agentId, playerId } = await createAgent(t.db, { level: 2 });
    await setUnionId(playerId, user.unionid);
    const { unionId, ticket } = await ticketFor(user);
    const result = await loginByUnionId(unionId, ticket);
    expect(result.code).toBe(1);
    expect(result.data.isAgent).toBe(true);
    expect(ZAgentUser.parse(result.data.user)).toMatchObject({ agentId, playerId, level: 2 });
    const me = await api(t.app, 'getUser', { token: result.data.token });
    expect(me.code).toBe(1);
    expect(me.data).toMatchObject({ agentId });
  });

  it('answers 1002 for a frozen agent', async () => {
    const user = newWechatUser();
    const { playerId } = await createAgent(t.db, { status: 'frozen' });
    await setUnionId(playerId, user.unionid);
    const { unionId, ticket } = await ticketFor(user);
    const result = await loginByUnionId(unionId, ticket);
    expect(result.code).toBe(ResponseCode.agentUnavailable);
    expect(result.msg).toBe(cn('agentFrozen'));
  });

  it('answers 1001 when no game account carries the union id', async () => {
    const { unionId, ticket } = await ticketFor(newWechatUser());
    const result = await loginByUnionId(unionId, ticket);
    expect(result.code).toBe(ResponseCode.noGameAccount);
    expect(result.msg).toBe(cn('noGameAccount'));
    expect(result.data).toBeNull();
  });

  it('refuses a forged ticket, a ticket of another union id and an expired ticket', async () => {
    const victim = newWechatUser();
    const { playerId } = await createAgent(t.db);
    await setUnionId(playerId, victim.unionid);
    const attacker = await ticketFor(newWechatUser());
    const state = await freshState();

    const refusals: [string, string][] = [
      ['made up', 'not-a-ticket'],
      ['another union id', attacker.ticket],
      ['re-encoded for the victim', tamper(attacker.ticket, (p) => (p.u = victim.unionid))],
      [
        'signed with another secret',
        signPayload('another-secret-0123456789', 'wx-union', { u: victim.unionid }, 600),
      ],
      ['expired', signPayload(APP_SECRET, 'wx-union', { u: victim.unionid }, -1)],
      ['a state, not a ticket', state],
      ['another purpose', signPayload(APP_SECRET, 'wx-state', { u: victim.unionid }, 600)],
    ];
    for (const [what, ticket] of refusals) {
      const result = await loginByUnionId(victim.unionid, ticket);
      expect(result.code, what).toBe(ResponseCode.failure);
      expect(result.msg, what).toBe(cn('wechatTicketInvalid'));
      expect(result.data, what).toBeNull();
    }
    // A good ticket, freshly signed, does sign the victim's owner in: the refusals were about the ticket.
    const genuine = signPayload(APP_SECRET, 'wx-union', { u: victim.unionid }, 600);
    expect((await loginByUnionId(victim.unionid, genuine)).code).toBe(1);
  });

  it('requires the ticket', async () => {
    const result = await apiUnchecked(t.app, 'loginByUnionId', { input: { unionId: 'u-someone' } });
    expect(result.status).toBe(400);
    expect(result.msg).toContain('ticket');
  });
});
