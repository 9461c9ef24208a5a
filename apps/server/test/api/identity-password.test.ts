import { ResponseCode, SESSION_EXPIRED_MSG, ZAgentUser } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, authFailures, players, sessions } from '../../src/db/schema';
import { createAgent, createPlayer, signIn } from '../factories';
import { build, type TestApp } from '../helper';
import { CapturingSmsProvider } from '../stand-ins/sms-capture';
import { api, cn, newMobile, wrongCode } from './identity-support';

/**
 * Agent id + password (argon2id, the same answer for an unknown id and a wrong password, after five failures per
 * agent id growing delays, 20 a minute per address), password change (every other session revoked) and reset
 * with an SMS code (every session revoked).
 */

let t: TestApp;
const sms = new CapturingSmsProvider();

beforeAll(async () => {
  t = await build({}, undefined, { sms });
});
afterAll(async () => t.close());

const login = (agentId: number, password: string, options: { ip?: string; lang?: 'en' } = {}) =>
  api(t.app, 'loginById', { input: { agentId, password }, ...options });

/** The refusal of an attempt held back by earlier failures (it names the seconds to wait). */
const isThrottled = (msg: string) => msg.startsWith(cn('tooManyPasswordAttempts').split('{')[0] as string);

const getUser = (token: string) => api(t.app, 'getUser', { token });

async function agentWithMobile(password: string) {
  const agent = await createAgent(t.db, { password, level: 2 });
  const mobile = newMobile();
  await t.db.update(players).set({ mobile }).where(eq(players.id, agent.playerId));
  return { ...agent, mobile };
}

describe('agent/login/loginById', () => {
  it('signs an agent in with its user, and the token works', async () => {
    const { agentId, playerId } = await createAgent(t.db, { password: 'right-pass-1', level: 2 });
    const result = await login(agentId, 'right-pass-1');
    expect(result.code).toBe(ResponseCode.success);
    expect(result.data.isAgent).toBe(true);
    const user = ZAgentUser.parse(result.data.user);
    expect(user).toMatchObject({ agentId, playerId, level: 2, status: 'active' });
    expect(result.data.player).toBeUndefined();
    const me = await getUser(result.data.token);
    expect(me.code).toBe(1);
    expect(me.data).toMatchObject({ agentId });
  });

  it('stores the password as argon2id', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const [row] = await t.db.select({ hash: agents.passwordHash }).from(agents).where(eq(agents.id, agentId));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
  });

  it('answers the same message for a wrong password, an unknown id and an agent without a password', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const noPassword = await createAgent(t.db);
    const wrong = await login(agentId, 'wrong-pass');
    const unknown = await login(9_999_999, 'right-pass-1');
    const unset = await login(noPassword.agentId, 'anything');
    for (const result of [wrong, unknown, unset]) {
      expect(result.status).toBe(200);
      expect(result.code).toBe(ResponseCode.failure);
      expect(result.data).toBeNull();
      expect(result.msg).toBe(cn('wrongCredentials'));
    }
    expect((await login(agentId, 'wrong-pass', { lang: 'en' })).msg).toBe('Wrong promoter id or password');
    expect((await login(9_999_998, 'x', { lang: 'en' })).msg).toBe('Wrong promoter id or password');
  });

  it('holds an agent id back after 5 failures: even the right password waits, then goes through', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const other = await createAgent(t.db, { password: 'right-pass-1' });
    for (let i = 0; i < 5; i++) {
      const result = await login(agentId, `wrong-${i}`);
      expect(result.msg, `failure ${i + 1}`).toBe(cn('wrongCredentials'));
    }
    const held = await login(agentId, 'right-pass-1');
    expect(held.code).toBe(ResponseCode.failure);
    expect(isThrottled(held.msg)).toBe(true);
    expect(held.data).toBeNull();
    expect((await login(agentId, 'right-pass-1', { lang: 'en' })).msg).toMatch(
      /^Too many wrong passwords; try again in [12] seconds$/,
    );
    // Per agent id, not per address or for everybody.
    expect((await login(other.agentId, 'right-pass-1')).code).toBe(1);

    // Growing delays (password-throttle.test.ts), not a lock: once the wait has passed, the right password works.
    await t.db
      .update(authFailures)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(authFailures.key, `agent:${agentId}`));
    expect((await login(agentId, 'right-pass-1')).code).toBe(1);
  });

  it('four failures do not lock', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    for (let i = 0; i < 4; i++) await login(agentId, `wrong-${i}`);
    expect((await login(agentId, 'right-pass-1')).code).toBe(1);
  });

  it('holds an unknown agent id back too, so probing ids does not go on for ever', async () => {
    for (let i = 0; i < 5; i++) await login(8_888_888, `guess-${i}`);
    expect(isThrottled((await login(8_888_888, 'guess-5')).msg)).toBe(true);
  });

  it('answers 1002 for a frozen or pending agent with the right password, and opens no session', async () => {
    const frozen = await createAgent(t.db, { password: 'right-pass-1', status: 'frozen' });
    const pending = await createAgent(t.db, { password: 'right-pass-1', status: 'pending' });
    const count = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]?.n ?? 0;
    const before = await count();

    const f = await login(frozen.agentId, 'right-pass-1');
    expect(f.code).toBe(ResponseCode.agentUnavailable);
    expect(f.msg).toBe(cn('agentFrozen'));
    expect(f.data).toBeNull();
    const p = await login(pending.agentId, 'right-pass-1');
    expect(p.code).toBe(ResponseCode.agentUnavailable);
    expect(p.msg).toBe(cn('agentPending'));
    expect(await count()).toBe(before);

    // With a wrong password a frozen agent learns nothing about its status.
    expect((await login(frozen.agentId, 'wrong-pass')).msg).toBe(cn('wrongCredentials'));
  });

  /**
   * Attempts on one agent id are serialized (an advisory lock around the check, the slow argon2 verification and
   * the recording of a failure), so parallel guesses cannot all pass the check before the first failure is written:
   * 12 parallel guesses (from 12 addresses, under the per-address limit) are 5 checked passwords, then the growing
   * delays (2 s after the fifth failure, then 4 s) hold the rest back.
   */
  it('holds the throttle under parallel attempts: at most 5 wrong passwords of one id are checked at once', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(agentId, `wrong-${i}`, { ip: `10.98.0.${i + 1}` })),
    );
    const elapsed = Date.now() - started;
    const checked = results.filter((r) => r.msg === cn('wrongCredentials')).length;
    const held = results.filter((r) => isThrottled(r.msg)).length;
    expect(checked + held).toBe(12);
    // On a slow machine the first wait (2 s) may pass while the others queue: one more check is then allowed.
    expect(checked).toBeLessThanOrEqual(5 + (elapsed >= 2000 ? 1 : 0) + (elapsed >= 6000 ? 1 : 0));
  });

  it('limits one address to 20 attempts a minute (429), other addresses go on', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const ip = '10.99.1.1';
    for (let i = 0; i < 20; i++) {
      // Different unknown ids, so the per-id lock is not what answers.
      const result = await login(7_000_000 + i, 'guess', { ip });
      expect(result.status, `request ${i + 1}`).toBe(200);
    }
    const limited = await login(agentId, 'right-pass-1', { ip });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe(0);
    expect(limited.msg).toBe(cn('tooManyRequests'));
    expect((await login(agentId, 'right-pass-1', { ip: '10.99.1.2' })).code).toBe(1);
  });

  it('answers 400 naming the field for a bad agent id or an empty password', async () => {
    const badId = await api(t.app, 'loginById', {
      input: { agentId: 'abc', password: 'x' },
    });
    expect(badId.status).toBe(400);
    expect(badId.msg).toContain('agentId');
    const empty = await api(t.app, 'loginById', {
      input: { agentId: 10001, password: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('password');
  });
});

describe('agent/user/changePassword', () => {
  const change = (token: string, oldPassword: string, newPassword: string, lang?: 'en') =>
    api(t.app, 'changePassword', {
      token,
      input: { oldPassword, newPassword },
      lang,
    });

  it('refuses a wrong old password and changes nothing', async () => {
    const { agentId, playerId } = await createAgent(t.db, { password: 'old-pass-1' });
    const token = await signIn(t.app, t.db, playerId);
    const other = await signIn(t.app, t.db, playerId);
    const result = await change(token, 'not-the-old', 'new-pass-1');
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('wrongOldPassword'));
    expect(result.data).toBeNull();
    expect((await change(token, 'not-the-old', 'new-pass-1', 'en')).msg).toBe(
      'The current password is wrong',
    );
    expect((await getUser(other)).code).toBe(1);
    expect((await login(agentId, 'old-pass-1')).code).toBe(1);
    expect((await login(agentId, 'new-pass-1')).code).toBe(0);
  });

  it('changes the password, revokes every other session and keeps the current one', async () => {
    const { agentId, playerId } = await createAgent(t.db, { password: 'old-pass-1' });
    const current = await signIn(t.app, t.db, playerId);
    const phone = await signIn(t.app, t.db, playerId);
    const tablet = await signIn(t.app, t.db, playerId);
    const otherAgent = await createAgent(t.db, { password: 'old-pass-1' });
    const bystander = await signIn(t.app, t.db, otherAgent.playerId);

    const result = await change(current, 'old-pass-1', 'new-pass-1');
    expect(result.code).toBe(1);
    expect(result.data).toEqual({ revokedSessions: 2 });

    expect((await getUser(current)).code).toBe(1);
    for (const revoked of [phone, tablet]) {
      const answer = await getUser(revoked);
      expect(answer.code).toBe(ResponseCode.notSignedIn);
      expect(answer.msg).toBe(SESSION_EXPIRED_MSG);
    }
    expect((await getUser(bystander)).code).toBe(1);

    expect((await login(agentId, 'old-pass-1')).msg).toBe(cn('wrongCredentials'));
    const fresh = await login(agentId, 'new-pass-1');
    expect(fresh.code).toBe(1);
    expect(fresh.data.user?.agentId).toBe(agentId);
  });

  it('refuses an agent that has no password yet', async () => {
    const { playerId } = await createAgent(t.db);
    const token = await signIn(t.app, t.db, playerId);
    const result = await change(token, 'anything', 'new-pass-1');
    expect(result.code).toBe(0);
    expect(result.msg).toBe(cn('noPasswordSet'));
  });

  it('is for agents only, and for signed-in ones', async () => {
    const playerId = await createPlayer(t.db);
    const token = await signIn(t.app, t.db, playerId);
    const player = await change(token, 'old-pass-1', 'new-pass-1');
    expect(player.code).toBe(0);
    expect(player.msg).toBe(cn('agentsOnly'));
    const anonymous = await api(t.app, 'changePassword', {
      input: { oldPassword: 'old-pass-1', newPassword: 'new-pass-1' },
    });
    expect(anonymous.code).toBe(ResponseCode.notSignedIn);
  });

  it('refuses a new password shorter than 6 characters with 400', async () => {
    const { playerId } = await createAgent(t.db, { password: 'old-pass-1' });
    const token = await signIn(t.app, t.db, playerId);
    const result = await change(token, 'old-pass-1', '12345');
    expect(result.status).toBe(400);
    expect(result.msg).toContain('newPassword');
  });
});

describe('agent/public/resetPassword', () => {
  const sendResetCode = async (mobile: string) => {
    const sent = await api(t.app, 'getCaptcha', {
      input: { mobile, purpose: 'reset-password' },
    });
    expect(sent.code).toBe(1);
    return sms.lastCode(mobile);
  };
  const reset = (mobile: string, captcha: string, newPassword: string) =>
    api(t.app, 'resetPassword', {
      input: { mobile, captcha, newPassword },
    });

  it('sets a new password with the code sent to the agent’s mobile and revokes every session', async () => {
    const { agentId, playerId, mobile } = await agentWithMobile('old-pass-1');
    const first = await signIn(t.app, t.db, playerId);
    const second = await signIn(t.app, t.db, playerId);
    const code = await sendResetCode(mobile);

    const result = await reset(mobile, code, 'new-pass-1');
    expect(result.code).toBe(1);
    expect(result.data).toEqual({ agentId });
    for (const token of [first, second]) expect((await getUser(token)).code).toBe(ResponseCode.notSignedIn);
    expect((await login(agentId, 'old-pass-1')).code).toBe(0);
    expect((await login(agentId, 'new-pass-1')).code).toBe(1);

    // The code is used once.
    const again = await reset(mobile, code, 'newer-pass-2');
    expect(again.code).toBe(0);
    expect(again.msg).toBe(cn('captchaInvalid'));
    expect((await login(agentId, 'new-pass-1')).code).toBe(1);
  });

  it('sets a password for an agent that had none', async () => {
    const { agentId, playerId } = await createAgent(t.db);
    const mobile = newMobile();
    await t.db.update(players).set({ mobile }).where(eq(players.id, playerId));
    expect((await reset(mobile, await sendResetCode(mobile), 'first-pass-1')).code).toBe(1);
    expect((await login(agentId, 'first-pass-1')).code).toBe(1);
  });

  it('clears the failures of an agent held back by wrong passwords', async () => {
    const { agentId, mobile } = await agentWithMobile('old-pass-1');
    for (let i = 0; i < 5; i++) await login(agentId, `wrong-${i}`);
    expect(isThrottled((await login(agentId, 'old-pass-1')).msg)).toBe(true);
    expect((await reset(mobile, await sendResetCode(mobile), 'new-pass-1')).code).toBe(1);
    expect((await login(agentId, 'new-pass-1')).code).toBe(1);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const { agentId, playerId, mobile } = await agentWithMobile('old-pass-1');
    const token = await signIn(t.app, t.db, playerId);
    const code = await sendResetCode(mobile);
    const result = await reset(mobile, wrongCode(code), 'new-pass-1');
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('captchaInvalid'));
    expect(result.data).toBeNull();
    expect((await getUser(token)).code).toBe(1);
    expect((await login(agentId, 'old-pass-1')).code).toBe(1);
  });

  it('refuses a code sent for another purpose', async () => {
    const { agentId, mobile } = await agentWithMobile('old-pass-1');
    await api(t.app, 'getCaptcha', { input: { mobile, purpose: 'bind-mobile' } });
    const result = await reset(mobile, sms.lastCode(mobile), 'new-pass-1');
    expect(result.code).toBe(0);
    expect(result.msg).toBe(cn('captchaInvalid'));
    expect((await login(agentId, 'old-pass-1')).code).toBe(1);
  });

  it('answers a mobile without an agent as it answers a wrong code', async () => {
    const playerMobile = newMobile();
    await createPlayer(t.db, { mobile: playerMobile });
    const nobodyMobile = newMobile();
    for (const mobile of [playerMobile, nobodyMobile]) {
      const result = await reset(mobile, await sendResetCode(mobile), 'new-pass-1');
      expect(result.code).toBe(ResponseCode.failure);
      expect(result.msg).toBe(cn('captchaInvalid'));
      expect(result.data).toBeNull();
    }
  });
});
