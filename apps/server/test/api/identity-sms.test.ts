import { type CaptchaPurpose, ResponseCode, SESSION_EXPIRED_MSG } from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, smsCodes } from '../../src/db/schema';
import { createPlayer, signIn } from '../factories';
import { build, type TestApp } from '../helper';
import { watchOpenTransactions } from '../open-transactions';
import { CapturingSmsProvider } from '../stand-ins/sms-capture';
import { SmsGatewayStandIn } from '../stand-ins/sms-gateway-stand-in';
import { api, apiUnchecked, cn, newMobile, wrongCode } from './identity-support';

/**
 * SMS codes (DESIGN section 4): 6 digits, 5 minutes, 5 tries, one a minute and ten a day per number, stored hashed,
 * usable once; a code that could not be sent is not kept. Time is simulated by moving rows of sms_codes.
 */

const startOfToday = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;

let t: TestApp;
const sms = new CapturingSmsProvider();

beforeAll(async () => {
  t = await build({}, undefined, { sms });
});
afterAll(async () => t.close());

const rowsOf = (mobile: string) =>
  t.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile)).orderBy(smsCodes.id);

const sendCode = (mobile: string, purpose: CaptchaPurpose = 'bind-mobile', app: FastifyInstance = t.app) =>
  api(app, 'getCaptcha', { input: { mobile, purpose } });

/** Moves every code of a number back in time, as if the clock had advanced. */
const ageCodes = (mobile: string, createdAt: ReturnType<typeof sql>) =>
  t.db.update(smsCodes).set({ createdAt }).where(eq(smsCodes.mobile, mobile));

async function playerSession(app: TestApp = t) {
  const playerId = await createPlayer(app.db);
  return { playerId, token: await signIn(app.app, app.db, playerId) };
}

const mobileOf = async (playerId: number, db = t.db) =>
  (await db.select({ mobile: players.mobile }).from(players).where(eq(players.id, playerId)))[0]?.mobile;

describe('issuing a code', () => {
  it('user/public/getCaptcha answers ttlSeconds 300 and sends a 6-digit code that is stored only as a hash', async () => {
    const mobile = newMobile();
    const sentBefore = sms.sent.length;
    const result = await sendCode(mobile, 'bind-mobile');
    expect(result.code).toBe(ResponseCode.success);
    expect(result.data).toEqual({ ttlSeconds: 300 });
    expect(sms.sent).toHaveLength(sentBefore + 1);
    expect(sms.sent.at(-1)).toMatchObject({ mobile, purpose: 'bind-mobile' });
    const code = sms.lastCode(mobile);
    expect(code).toMatch(/^\d{6}$/);

    const rows = await rowsOf(mobile);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({ mobile, purpose: 'bind-mobile', attempts: 0, usedAt: null });
    expect(row?.codeHash).not.toBe(code);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const [life] = await t.db
      .select({ seconds: sql<number>`extract(epoch from ${smsCodes.expiresAt} - ${smsCodes.createdAt})` })
      .from(smsCodes)
      .where(eq(smsCodes.mobile, mobile));
    expect(Math.round(Number(life?.seconds))).toBe(300);
  });

  it('agent/register/captcha answers ttlSeconds 300 and sends a registration code', async () => {
    const mobile = newMobile();
    const result = await api(t.app, 'registerCaptcha', { input: { mobile } });
    expect(result.code).toBe(1);
    expect(result.data).toEqual({ ttlSeconds: 300 });
    expect(sms.sent.at(-1)).toMatchObject({ mobile, purpose: 'register' });
    expect(sms.lastCode(mobile)).toMatch(/^\d{6}$/);
    expect((await rowsOf(mobile))[0]?.purpose).toBe('register');
  });

  it('refuses a second code within a minute, for any purpose, and sends it once the minute has passed', async () => {
    const mobile = newMobile();
    expect((await sendCode(mobile, 'bind-mobile')).code).toBe(1);
    const sentBefore = sms.sent.length;

    const again = await sendCode(mobile, 'bind-mobile');
    expect(again.status).toBe(200);
    expect(again.code).toBe(ResponseCode.failure);
    expect(again.data).toBeNull();
    const wait = Number(/请 (\d+) 秒后再试/.exec(again.msg)?.[1]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    const otherPurpose = await api(t.app, 'registerCaptcha', { input: { mobile } });
    expect(otherPurpose.code).toBe(0);
    expect(otherPurpose.msg).toMatch(/秒后再试/);
    const english = await api(t.app, 'getCaptcha', {
      input: { mobile, purpose: 'login' },
      lang: 'en',
    });
    expect(english.msg).toMatch(/at most once a minute; try again in \d+ seconds/);
    expect(sms.sent).toHaveLength(sentBefore);
    expect(await rowsOf(mobile)).toHaveLength(1);

    // Another number is not held back.
    expect((await sendCode(newMobile())).code).toBe(1);

    await ageCodes(mobile, sql`now() - interval '61 seconds'`);
    expect((await sendCode(mobile, 'bind-mobile')).code).toBe(1);
    expect(await rowsOf(mobile)).toHaveLength(2);
  });

  it('refuses the eleventh code of a day, and codes of yesterday do not count', async () => {
    const mobile = newMobile();
    for (let i = 0; i < 10; i++) {
      const result = await sendCode(mobile);
      expect(result.code, `code ${i + 1}`).toBe(1);
      // Earlier today, but more than a minute ago.
      await ageCodes(mobile, startOfToday);
    }
    const sentBefore = sms.sent.length;
    const eleventh = await sendCode(mobile);
    expect(eleventh.code).toBe(ResponseCode.failure);
    expect(eleventh.msg).toBe(cn('captchaDailyLimit'));
    expect((await api(t.app, 'registerCaptcha', { input: { mobile }, lang: 'en' })).msg).toBe(
      'This number has received the most codes allowed today',
    );
    expect(sms.sent).toHaveLength(sentBefore);
    expect(await rowsOf(mobile)).toHaveLength(10);

    await ageCodes(mobile, sql`${smsCodes.createdAt} - interval '1 day'`);
    expect((await sendCode(mobile)).code).toBe(1);
  });

  it('sends one code when requests for one number race', async () => {
    const mobile = newMobile();
    const results = await Promise.all(Array.from({ length: 6 }, () => sendCode(mobile)));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.code === 0 && /秒后再试/.test(r.msg))).toHaveLength(5);
    expect(await rowsOf(mobile)).toHaveLength(1);
    expect(sms.sent.filter((s) => s.mobile === mobile)).toHaveLength(1);
  });

  it('sends with no transaction open (a slow gateway holds no lock and no connection of the pool)', async () => {
    const open = await watchOpenTransactions(t.databaseUrl);
    sms.during = open.count;
    try {
      expect((await sendCode(newMobile())).code).toBe(ResponseCode.success);
    } finally {
      sms.during = undefined;
      await open.close();
    }
    expect(open.seen).toEqual([0]);
  });

  it('keeps no code when the SMS cannot be sent, and does not count it against the minute', async () => {
    const mobile = newMobile();
    sms.failNext = true;
    const failed = await sendCode(mobile);
    expect(failed.status).toBe(200);
    expect(failed.code).toBe(ResponseCode.failure);
    expect(failed.msg).toBe(cn('smsUnavailable'));
    expect(failed.data).toBeNull();
    expect(await rowsOf(mobile)).toHaveLength(0);
    expect(sms.sent.some((s) => s.mobile === mobile)).toBe(false);

    const retry = await sendCode(mobile);
    expect(retry.code).toBe(1);
    expect(await rowsOf(mobile)).toHaveLength(1);
  });

  it('answers 400 naming the field for a malformed mobile or an unknown purpose', async () => {
    const badMobile = await sendCode('2380013800', 'register');
    expect(badMobile.status).toBe(400);
    expect(badMobile.msg).toContain('mobile');
    const badPurpose = await apiUnchecked(t.app, 'getCaptcha', {
      input: { mobile: newMobile(), purpose: 'anything' },
    });
    expect(badPurpose.status).toBe(400);
    expect(badPurpose.msg).toContain('purpose');
  });

  it('limits one address to 10 code requests a minute (429)', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i++) {
      const result = await api(t.app, 'getCaptcha', {
        input: { mobile: newMobile(), purpose: 'login' },
        ip,
      });
      expect(result.status, `request ${i + 1}`).toBe(200);
    }
    const limited = await api(t.app, 'getCaptcha', {
      input: { mobile: newMobile(), purpose: 'login' },
      ip,
    });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe(0);
    expect(limited.msg).toBe(cn('tooManyRequests'));
  });
});

describe('checking a code (through user/public/telvertify)', () => {
  const verify = (token: string, mobile: string, code: string) =>
    api(t.app, 'telVerify', { token, input: { mobile, code } });

  it('accepts the right code once', async () => {
    const { playerId, token } = await playerSession();
    const mobile = newMobile();
    await sendCode(mobile);
    const code = sms.lastCode(mobile);
    const first = await verify(token, mobile, code);
    expect(first.code).toBe(1);
    expect(first.data).toEqual({ mobile });
    expect(await mobileOf(playerId)).toBe(mobile);
    expect((await rowsOf(mobile))[0]?.usedAt).toBeInstanceOf(Date);

    const reused = await verify(token, mobile, code);
    expect(reused.code).toBe(0);
    expect(reused.msg).toBe(cn('captchaInvalid'));
  });

  it('accepts a code once when two checks race with it', async () => {
    const a = await playerSession();
    const b = await playerSession();
    const mobile = newMobile();
    await sendCode(mobile);
    const code = sms.lastCode(mobile);
    const results = await Promise.all([verify(a.token, mobile, code), verify(b.token, mobile, code)]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    const owners = [await mobileOf(a.playerId), await mobileOf(b.playerId)].filter((m) => m === mobile);
    expect(owners).toHaveLength(1);
  });

  it('counts a wrong code, and five wrong guesses kill the code even for the right one', async () => {
    const { playerId, token } = await playerSession();
    const mobile = newMobile();
    await sendCode(mobile);
    const code = sms.lastCode(mobile);

    const first = await verify(token, mobile, wrongCode(code));
    expect(first.code).toBe(0);
    expect(first.msg).toBe(cn('captchaInvalid'));
    expect((await rowsOf(mobile))[0]?.attempts).toBe(1);

    for (let i = 2; i <= 5; i++) {
      expect((await verify(token, mobile, wrongCode(code))).code).toBe(0);
    }
    expect((await rowsOf(mobile))[0]?.attempts).toBe(5);

    const right = await verify(token, mobile, code);
    expect(right.code).toBe(0);
    expect(right.msg).toBe(cn('captchaInvalid'));
    expect(await mobileOf(playerId)).toBeNull();
    expect((await rowsOf(mobile))[0]?.usedAt).toBeNull();
  });

  it('accepts the right code after fewer than five wrong guesses', async () => {
    const { playerId, token } = await playerSession();
    const mobile = newMobile();
    await sendCode(mobile);
    const code = sms.lastCode(mobile);
    for (let i = 0; i < 4; i++) expect((await verify(token, mobile, wrongCode(code))).code).toBe(0);
    expect((await verify(token, mobile, code)).code).toBe(1);
    expect(await mobileOf(playerId)).toBe(mobile);
  });

  it('refuses an expired code and does not count the try', async () => {
    const { playerId, token } = await playerSession();
    const mobile = newMobile();
    await sendCode(mobile);
    const code = sms.lastCode(mobile);
    await t.db
      .update(smsCodes)
      .set({
        createdAt: sql`now() - interval '301 seconds'`,
        expiresAt: sql`now() - interval '1 second'`,
      })
      .where(eq(smsCodes.mobile, mobile));
    const result = await verify(token, mobile, code);
    expect(result.code).toBe(0);
    expect(result.msg).toBe(cn('captchaInvalid'));
    expect(await mobileOf(playerId)).toBeNull();
    expect((await rowsOf(mobile))[0]).toMatchObject({ attempts: 0, usedAt: null });
  });

  it('refuses a code sent for another purpose', async () => {
    const { token } = await playerSession();
    const mobile = newMobile();
    await api(t.app, 'registerCaptcha', { input: { mobile } });
    const result = await verify(token, mobile, sms.lastCode(mobile));
    expect(result.code).toBe(0);
    expect(result.msg).toBe(cn('captchaInvalid'));
    // The registration code is still there, unused.
    expect((await rowsOf(mobile))[0]).toMatchObject({ purpose: 'register', usedAt: null });
  });

  it('checks only the newest code of a number: a newer code replaces the older one', async () => {
    const { token } = await playerSession();
    const mobile = newMobile();
    await sendCode(mobile);
    const older = sms.lastCode(mobile);
    await ageCodes(mobile, sql`now() - interval '61 seconds'`);
    await sendCode(mobile);
    const newer = sms.lastCode(mobile);
    if (older !== newer) expect((await verify(token, mobile, older)).code).toBe(0);
    expect((await verify(token, mobile, newer)).code).toBe(1);
  });

  it('refuses a code of another number', async () => {
    const { token } = await playerSession();
    const mine = newMobile();
    const other = newMobile();
    await sendCode(other);
    const result = await verify(token, mine, sms.lastCode(other));
    expect(result.code).toBe(0);
    expect(result.msg).toBe(cn('captchaInvalid'));
  });

  it('answers 10001 without a session', async () => {
    const result = await api(t.app, 'telVerify', {
      input: { mobile: newMobile(), code: '123456' },
    });
    expect(result.code).toBe(ResponseCode.notSignedIn);
    expect(result.msg).toBe(SESSION_EXPIRED_MSG);
  });
});

describe('the HTTP SMS provider behind the app (SMS_PROVIDER=http)', () => {
  const gateway = new SmsGatewayStandIn();
  let h: TestApp;

  beforeAll(async () => {
    const url = await gateway.start();
    h = await build({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: url,
      SMS_HTTP_KEY: 'gateway-key-123',
      SMS_HTTP_TEMPLATE: 'SMS_CODE_TEMPLATE',
    });
  });
  afterAll(async () => {
    await h?.close();
    await gateway.stop();
  });

  it('posts the template, the mobile and the code with the bearer key, and the code it sent works', async () => {
    const mobile = newMobile();
    gateway.answer = { status: 200, body: { code: 0, message: 'OK' } };
    const result = await sendCode(mobile, 'bind-mobile', h.app);
    expect(result.code).toBe(1);
    expect(result.data).toEqual({ ttlSeconds: 300 });
    const received = gateway.received.at(-1);
    expect(received?.authorization).toBe('Bearer gateway-key-123');
    expect(received?.body).toEqual({
      template: 'SMS_CODE_TEMPLATE',
      mobile,
      params: { code: expect.stringMatching(/^\d{6}$/), minutes: 5 },
    });
    const code = (received?.body as { params: { code: string } }).params.code;

    const { playerId, token } = await playerSession(h);
    const verified = await api(h.app, 'telVerify', { token, input: { mobile, code } });
    expect(verified.code).toBe(1);
    expect(await mobileOf(playerId, h.db)).toBe(mobile);
  });

  it('surfaces a gateway refusal as a refusal and keeps no code', async () => {
    const mobile = newMobile();
    gateway.answer = { status: 200, body: { code: 1008, message: 'blacklisted number' } };
    const refused = await sendCode(mobile, 'bind-mobile', h.app);
    expect(refused.status).toBe(200);
    expect(refused.code).toBe(0);
    expect(refused.msg).toBe(cn('smsUnavailable'));
    expect(await h.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile))).toHaveLength(0);

    gateway.answer = { status: 502, body: { message: 'bad gateway' } };
    const down = await sendCode(mobile, 'bind-mobile', h.app);
    expect(down.code).toBe(0);
    expect(down.msg).toBe(cn('smsUnavailable'));
    expect(
      await h.db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, 'bind-mobile'))),
    ).toHaveLength(0);

    // Nothing was kept, so the number is not held back by the one-minute rule.
    gateway.answer = { status: 200, body: { code: 0, message: 'OK' } };
    expect((await sendCode(mobile, 'bind-mobile', h.app)).code).toBe(1);
  });
});
