import type { TLoginResult } from '@promoter/contract';
import { eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures, players, trustedDevices } from '../../src/db/schema';
import { hashToken } from '../../src/modules/auth/session-service';
import { createAgent, signIn } from '../factories';
import { build, type TestApp } from '../helper';
import { CapturingSmsProvider } from '../stand-ins/sms-capture';
import { api, cn, newMobile, nextAddress } from './identity-support';

/**
 * Decision 014: wrong passwords are held back (per account and per address, growing delays) without letting a stranger
 * lock the owner out: the right password from a device that signed in before, or an SMS reset, still works.
 */

let t: TestApp;
const sms = new CapturingSmsProvider();

beforeAll(async () => {
  t = await build({}, undefined, { sms });
});
afterAll(async () => t.close());

/** loginById with an optional device token; answers the envelope and the device token issued, if any. */
async function login(agentId: number, password: string, options: { device?: string; ip?: string } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/agent/login/loginById',
    payload: { agentId, password },
    headers: options.device ? { 'x-device': options.device } : {},
    remoteAddress: options.ip ?? nextAddress(),
  });
  const body = response.json() as { code: number; msg: string; data: TLoginResult };
  const issued = response.headers['x-device'];
  return { status: response.statusCode, ...body, issued: typeof issued === 'string' ? issued : undefined };
}

const throttled = (seconds: number) => cn('tooManyPasswordAttempts', { seconds });
const isThrottled = (msg: string) => msg.startsWith(cn('tooManyPasswordAttempts').split('{')[0] as string);

/** Moves every failure of the keys back in time, as if `seconds` had passed. */
async function age(keys: string[], seconds: number) {
  await t.db
    .update(authFailures)
    .set({ createdAt: sql`${authFailures.createdAt} - make_interval(secs => ${seconds})` })
    .where(or(...keys.map((key) => eq(authFailures.key, key))));
}

/**
 * The test's clock for the throttle (a test never fails because the machine is slow): the failures of an
 * agent's keys (its account, its password change, its devices) as if they had just happened, an hour ahead of the
 * database's clock, so a wait that should hold still holds however long the guesses before took.
 */
async function holdFailures(agentId: number) {
  await t.db
    .update(authFailures)
    .set({ createdAt: sql`now() + interval '1 hour'` })
    .where(
      or(
        eq(authFailures.key, `agent:${agentId}`),
        eq(authFailures.key, `change:${agentId}`),
        sql`${authFailures.key} in (select 'device:' || id from ${trustedDevices} where agent_id = ${agentId})`,
      ),
    );
}

/** A stranger's wrong guesses from fresh addresses (each is verified or refused; none signs in). */
async function strangerGuesses(agentId: number, n: number) {
  for (let i = 0; i < n; i++) {
    const result = await login(agentId, `stranger-${i}`);
    expect(result.code).toBe(0);
  }
}

describe('trusted devices', () => {
  it('a stranger’s wrong passwords do not keep the owner out: the right password from its device signs in', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const first = await login(agentId, 'right-pass-1');
    expect(first.code).toBe(1);
    expect(first.issued).toMatch(/^[\w-]{40,}$/);
    // The token is stored only as its hash.
    const [row] = await t.db
      .select({ hash: trustedDevices.tokenHash })
      .from(trustedDevices)
      .where(eq(trustedDevices.agentId, agentId));
    expect(row?.hash).toBe(hashToken(first.issued as string));

    await strangerGuesses(agentId, 12);
    await holdFailures(agentId);
    // A stranger, even with the right password, waits.
    expect(isThrottled((await login(agentId, 'right-pass-1')).msg)).toBe(true);

    const owner = await login(agentId, 'right-pass-1', { device: first.issued });
    expect(owner.code).toBe(1);
    expect(owner.data.user?.agentId).toBe(agentId);
    // The device is already trusted: no new token.
    expect(owner.issued).toBeUndefined();
    expect((await api(t.app, 'getUser', { token: owner.data.token })).code).toBe(1);
  });

  it('a device token is tied to its agent: another agent’s device is a stranger', async () => {
    const owner = await createAgent(t.db, { password: 'right-pass-1' });
    const other = await createAgent(t.db, { password: 'right-pass-1' });
    const device = (await login(other.agentId, 'right-pass-1')).issued;
    await strangerGuesses(owner.agentId, 5);
    await holdFailures(owner.agentId);
    expect(isThrottled((await login(owner.agentId, 'right-pass-1', { device })).msg)).toBe(true);
    expect(isThrottled((await login(owner.agentId, 'right-pass-1', { device: 'made-up' })).msg)).toBe(true);
  });

  it('a stolen device token gets five guesses, then counts as a stranger', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const device = (await login(agentId, 'right-pass-1')).issued;
    await strangerGuesses(agentId, 5);
    for (let i = 0; i < 5; i++) {
      expect((await login(agentId, `thief-${i}`, { device })).msg, `guess ${i + 1}`).toBe(
        cn('wrongCredentials'),
      );
    }
    await holdFailures(agentId);
    expect(isThrottled((await login(agentId, 'right-pass-1', { device })).msg)).toBe(true);
  });

  it('a device whose token has not been used for 180 days is a stranger again', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const device = (await login(agentId, 'right-pass-1')).issued;
    await t.db
      .update(trustedDevices)
      .set({ lastUsedAt: sql`now() - interval '181 days'` })
      .where(eq(trustedDevices.agentId, agentId));
    await strangerGuesses(agentId, 5);
    await holdFailures(agentId);
    expect(isThrottled((await login(agentId, 'right-pass-1', { device })).msg)).toBe(true);
  });
});

describe('growing delays', () => {
  it('after five failures of an account, each further attempt waits twice as long (2 s, 4 s, ...)', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const key = `agent:${agentId}`;
    await strangerGuesses(agentId, 5);
    const refused = await login(agentId, 'right-pass-1');
    expect(refused.code).toBe(0);
    expect(refused.data).toBeNull();
    expect([throttled(2), throttled(1)]).toContain(refused.msg);

    await age([key], 3);
    // Verified again (a wrong password says so), and the next wait doubles.
    expect((await login(agentId, 'wrong-6')).msg).toBe(cn('wrongCredentials'));
    expect([throttled(4), throttled(3)]).toContain((await login(agentId, 'right-pass-1')).msg);
    const en = await api(t.app, 'loginById', {
      input: { agentId, password: 'right-pass-1' },
      lang: 'en',
    });
    expect(en.msg).toMatch(/^Too many wrong passwords; try again in [34] seconds$/);

    // Refused attempts are not counted: once the wait is over, the right password signs in and clears the count.
    await age([key], 5);
    expect((await login(agentId, 'right-pass-1')).code).toBe(1);
    for (let i = 0; i < 4; i++) await login(agentId, `wrong-again-${i}`);
    expect((await login(agentId, 'right-pass-1')).code).toBe(1);
  });

  it('caps the wait at 15 minutes, and forgets failures after a day', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const key = `agent:${agentId}`;
    await t.db.insert(authFailures).values(Array.from({ length: 40 }, () => ({ key })));
    expect((await login(agentId, 'right-pass-1')).msg).toBe(throttled(900));
    await age([key], 24 * 3600 + 60);
    expect((await login(agentId, 'right-pass-1')).code).toBe(1);
  });

  it('holds back an address that failed too often, whatever agent id it tries; other addresses go on', async () => {
    const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
    const ip = '10.66.0.1';
    // Twenty failures, each on another id (no account is held back by them).
    await t.db.insert(authFailures).values(Array.from({ length: 20 }, () => ({ key: `ip:${ip}` })));
    const refused = await login(agentId, 'right-pass-1', { ip });
    expect(isThrottled(refused.msg)).toBe(true);
    expect((await login(agentId, 'right-pass-1', { ip: '10.66.0.2' })).code).toBe(1);
  });

  it('counts failures from unknown devices against the address too', async () => {
    const ip = '10.66.1.1';
    for (let i = 0; i < 4; i++) {
      const { agentId } = await createAgent(t.db, { password: 'right-pass-1' });
      await login(agentId, 'wrong', { ip });
    }
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(authFailures)
      .where(eq(authFailures.key, `ip:${ip}`));
    expect(row?.n).toBe(4);
  });
});

describe('the owner’s ways back', () => {
  it('an SMS reset signs in at once while strangers hold the account back', async () => {
    const { agentId, playerId } = await createAgent(t.db, { password: 'old-pass-1' });
    const mobile = newMobile();
    await t.db.update(players).set({ mobile }).where(eq(players.id, playerId));
    await strangerGuesses(agentId, 8);
    await holdFailures(agentId);
    expect(isThrottled((await login(agentId, 'old-pass-1')).msg)).toBe(true);
    await api(t.app, 'getCaptcha', { input: { mobile, purpose: 'reset-password' } });
    const reset = await api(t.app, 'resetPassword', {
      input: { mobile, captcha: sms.lastCode(mobile), newPassword: 'new-pass-1' },
    });
    expect(reset.code).toBe(1);
    const fresh = await login(agentId, 'new-pass-1');
    expect(fresh.code).toBe(1);
    expect(fresh.issued).toBeDefined();
  });

  it('a signed-in agent changes its password while strangers hold the login back', async () => {
    const { agentId, playerId } = await createAgent(t.db, { password: 'old-pass-1' });
    const token = await signIn(t.app, t.db, playerId);
    await strangerGuesses(agentId, 8);
    const changed = await api(t.app, 'changePassword', {
      token,
      input: { oldPassword: 'old-pass-1', newPassword: 'new-pass-1' },
    });
    expect(changed.code).toBe(1);
  });

  it('the password change has its own growing delays', async () => {
    const { agentId, playerId } = await createAgent(t.db, { password: 'old-pass-1' });
    const token = await signIn(t.app, t.db, playerId);
    const change = (oldPassword: string) =>
      api(t.app, 'changePassword', {
        token,
        input: { oldPassword, newPassword: 'new-pass-1' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-${i}`)).msg).toBe(cn('wrongOldPassword'));
    await holdFailures(agentId);
    expect(isThrottled((await change('old-pass-1')).msg)).toBe(true);
    await age([`change:${agentId}`], 3600 + 3);
    expect((await change('old-pass-1')).code).toBe(1);
    // No failure of this agent is left that a later test could trip over.
    await t.db.delete(authFailures).where(like(authFailures.key, `%:${agentId}`));
  });
});
