import { ResponseCode, SESSION_EXPIRED_MSG, ZAgentUser } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, options, players, smsCodes } from '../../src/db/schema';
import { createAgent, createPlayer, signIn } from '../factories';
import { build, type TestApp } from '../helper';
import { CapturingSmsProvider } from '../stand-ins/sms-capture';
import { api, apiUnchecked, cn, newMobile, wrongCode } from './identity-support';

/**
 * A signed-in player becomes an agent (DESIGN section 4): with `from`, the inviter's child at `level` (default the
 * inviter's level + 1, always greater, at most 3); without, a level-3 agent without parent if `register.open`.
 * The mobile is proven by its SMS code; the answer is a new agent session and the player session ends.
 */

let t: TestApp;
const sms = new CapturingSmsProvider();

beforeAll(async () => {
  t = await build({}, undefined, { sms });
});
afterAll(async () => t.close());

async function setOption(key: 'register.open', value: string) {
  await t.db
    .insert(options)
    .values({ key, value, isPublic: true })
    .onConflictDoUpdate({ target: options.key, set: { value } });
}
afterEach(async () => {
  await t.db.delete(options).where(eq(options.key, 'register.open'));
});

async function playerSession() {
  const playerId = await createPlayer(t.db);
  return { playerId, token: await signIn(t.app, t.db, playerId) };
}

/** Sends a registration code to a fresh number and reads it off the phone. */
async function registrationCode(mobile = newMobile()) {
  const sent = await api(t.app, 'registerCaptcha', {
    input: { mobile },
  });
  expect(sent.code).toBe(1);
  return { mobile, captcha: sms.lastCode(mobile) };
}

type RegisterBody = { mobile: string; captcha: string; password: string; from?: number; level?: number };
const register = (token: string, body: RegisterBody) =>
  apiUnchecked(t.app, 'register', { token, input: body });

const agentOfPlayer = async (playerId: number) =>
  (await t.db.select().from(agents).where(eq(agents.playerId, playerId)))[0];
const mobileOf = async (playerId: number) =>
  (await t.db.select({ mobile: players.mobile }).from(players).where(eq(players.id, playerId)))[0]?.mobile;
const stillPlayer = async (token: string, playerId: number) =>
  (await api(t.app, 'getPlayer', { token, input: { playerId: String(playerId) } })).code;

describe('agent/register/validatePlayer', () => {
  it('answers a player with whether it is an agent', async () => {
    const playerId = await createPlayer(t.db, { nickname: '新玩家' });
    const plain = await api(t.app, 'validatePlayer', { input: { playerId } });
    expect(plain.code).toBe(1);
    expect(plain.data).toEqual({ playerId, nickname: '新玩家', avatar: '', isAgent: false });

    const agent = await createAgent(t.db, { nickname: '老代理' });
    const asAgent = await api(t.app, 'validatePlayer', {
      input: { playerId: agent.playerId },
    });
    expect(asAgent.data).toEqual({ playerId: agent.playerId, nickname: '老代理', avatar: '', isAgent: true });
  });

  it('refuses an unknown player, and a malformed id with 400', async () => {
    const unknown = await api(t.app, 'validatePlayer', {
      input: { playerId: 424_242 },
    });
    expect(unknown.code).toBe(ResponseCode.failure);
    expect(unknown.msg).toBe(cn('playerNotFound'));
    expect(unknown.data).toBeNull();
    const bad = await api(t.app, 'validatePlayer', { input: { playerId: -3 } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('playerId');
  });
});

describe('agent/register/reg under an inviter', () => {
  it('makes the player the inviter’s child one level below by default, with a working agent session', async () => {
    const inviter = await createAgent(t.db, { level: 1 });
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();

    const result = await register(token, {
      mobile,
      captcha,
      password: 'agent-pass-1',
      from: inviter.agentId,
    });
    expect(result.code).toBe(ResponseCode.success);
    const user = ZAgentUser.parse(result.data.user);
    expect(user).toMatchObject({
      playerId,
      level: 2,
      parentId: inviter.agentId,
      mobile,
      status: 'active',
      inviteUrl: `http://promoter.test/#/session/sign-up?from=${user.agentId}`,
    });
    expect(result.data.token).not.toBe(token);

    // The new token is an agent session.
    const me = await api(t.app, 'getUser', { token: result.data.token });
    expect(me.code).toBe(1);
    expect(me.data).toMatchObject({ agentId: user.agentId, level: 2, parentId: inviter.agentId, mobile });
    // The old player session is over.
    const old = await api(t.app, 'getPlayer', {
      token,
      input: { playerId: String(playerId) },
    });
    expect(old.code).toBe(ResponseCode.notSignedIn);
    expect(old.msg).toBe(SESSION_EXPIRED_MSG);

    // Stored: the agent with an argon2id hash, the verified mobile, the code spent.
    const row = await agentOfPlayer(playerId);
    expect(row).toMatchObject({ id: user.agentId, level: 2, parentId: inviter.agentId, status: 'active' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await mobileOf(playerId)).toBe(mobile);
    const [code] = await t.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(code?.usedAt).toBeInstanceOf(Date);

    // The chosen password signs in.
    const login = await api(t.app, 'loginById', {
      input: { agentId: user.agentId, password: 'agent-pass-1' },
    });
    expect(login.code).toBe(1);
  });

  it('accepts an explicit deeper level', async () => {
    const inviter = await createAgent(t.db, { level: 1 });
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    const result = await register(token, {
      mobile,
      captcha,
      password: 'agent-pass-1',
      from: inviter.agentId,
      level: 3,
    });
    expect(result.code).toBe(1);
    expect(result.data.user).toMatchObject({ level: 3, parentId: inviter.agentId });
    expect(await agentOfPlayer(playerId)).toMatchObject({ level: 3, parentId: inviter.agentId });
  });

  it('refuses the inviter’s own level or a higher one, creates nothing and leaves the code usable', async () => {
    const inviter = await createAgent(t.db, { level: 2 });
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    for (const level of [2, 1]) {
      const result = await register(token, {
        mobile,
        captcha,
        password: 'agent-pass-1',
        from: inviter.agentId,
        level,
      });
      expect(result.code, `level ${level}`).toBe(ResponseCode.failure);
      expect(result.msg, `level ${level}`).toBe(cn('inviterNotAllowed'));
      expect(result.data).toBeNull();
    }
    expect(await agentOfPlayer(playerId)).toBeUndefined();
    expect(await mobileOf(playerId)).toBeNull();
    expect(await stillPlayer(token, playerId)).toBe(1);

    const ok = await register(token, { mobile, captcha, password: 'agent-pass-1', from: inviter.agentId });
    expect(ok.code).toBe(1);
    expect(ok.data.user).toMatchObject({ level: 3, parentId: inviter.agentId });
  });

  it('refuses an inviter at level 3: the tree is at most three deep', async () => {
    const inviter = await createAgent(t.db, { level: 3 });
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    for (const level of [undefined, 3]) {
      const result = await register(token, {
        mobile,
        captcha,
        password: 'agent-pass-1',
        from: inviter.agentId,
        level,
      });
      expect(result.code).toBe(ResponseCode.failure);
      expect(result.msg).toBe(cn('inviterNotAllowed'));
    }
    expect(await agentOfPlayer(playerId)).toBeUndefined();
  });

  it('refuses an unknown, frozen or pending inviter', async () => {
    const frozen = await createAgent(t.db, { level: 1, status: 'frozen' });
    const pending = await createAgent(t.db, { level: 1, status: 'pending' });
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    for (const from of [9_999_999, frozen.agentId, pending.agentId]) {
      const result = await register(token, { mobile, captcha, password: 'agent-pass-1', from });
      expect(result.code, `from ${from}`).toBe(ResponseCode.failure);
      expect(result.msg, `from ${from}`).toBe(cn('agentNotFound'));
    }
    expect(await agentOfPlayer(playerId)).toBeUndefined();
    expect(await stillPlayer(token, playerId)).toBe(1);
  });

  it('registers under an inviter even when open registration is closed', async () => {
    await setOption('register.open', 'false');
    const inviter = await createAgent(t.db, { level: 1 });
    const { token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    const result = await register(token, {
      mobile,
      captcha,
      password: 'agent-pass-1',
      from: inviter.agentId,
    });
    expect(result.code).toBe(1);
    expect(result.data.user).toMatchObject({ level: 2, parentId: inviter.agentId });
  });
});

describe('agent/register/reg without an inviter', () => {
  it('makes a level-3 agent without parent while register.open is true (the default)', async () => {
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    const result = await register(token, { mobile, captcha, password: 'agent-pass-1' });
    expect(result.code).toBe(1);
    expect(result.data.user).toMatchObject({ playerId, level: 3, parentId: null, mobile });
    expect((await api(t.app, 'getUser', { token: result.data.token })).code).toBe(1);
    expect(await stillPlayer(token, playerId)).toBe(ResponseCode.notSignedIn);
  });

  it('also with register.open set to true explicitly, and with level 3 given', async () => {
    await setOption('register.open', 'true');
    const { token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    const result = await register(token, { mobile, captcha, password: 'agent-pass-1', level: 3 });
    expect(result.code).toBe(1);
    expect(result.data.user).toMatchObject({ level: 3, parentId: null });
  });

  it('refuses when register.open is false, and creates nothing', async () => {
    await setOption('register.open', 'false');
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    const result = await register(token, { mobile, captcha, password: 'agent-pass-1' });
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('registerClosed'));
    expect(await agentOfPlayer(playerId)).toBeUndefined();
    expect(await mobileOf(playerId)).toBeNull();
    expect(await stillPlayer(token, playerId)).toBe(1);
  });

  it('refuses a level above 3 without an inviter', async () => {
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    for (const level of [1, 2]) {
      const result = await register(token, { mobile, captcha, password: 'agent-pass-1', level });
      expect(result.code).toBe(0);
      expect(result.msg).toBe(cn('inviterNotAllowed'));
    }
    expect(await agentOfPlayer(playerId)).toBeUndefined();
  });
});

describe('agent/register/reg refusals', () => {
  it('refuses a wrong code and creates nothing', async () => {
    const inviter = await createAgent(t.db, { level: 1 });
    const { playerId, token } = await playerSession();
    const { mobile, captcha } = await registrationCode();
    const result = await register(token, {
      mobile,
      captcha: wrongCode(captcha),
      password: 'agent-pass-1',
      from: inviter.agentId,
    });
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('captchaInvalid'));
    expect(result.data).toBeNull();
    expect(await agentOfPlayer(playerId)).toBeUndefined();
    expect(await mobileOf(playerId)).toBeNull();
    expect(await stillPlayer(token, playerId)).toBe(1);
  });

  it('refuses a code sent to another number', async () => {
    const { playerId, token } = await playerSession();
    const other = await registrationCode();
    const result = await register(token, {
      mobile: newMobile(),
      captcha: other.captcha,
      password: 'agent-pass-1',
    });
    expect(result.code).toBe(0);
    expect(result.msg).toBe(cn('captchaInvalid'));
    expect(await agentOfPlayer(playerId)).toBeUndefined();
  });

  it('refuses a code sent for another purpose', async () => {
    const { playerId, token } = await playerSession();
    const mobile = newMobile();
    await api(t.app, 'getCaptcha', { input: { mobile, purpose: 'bind-mobile' } });
    const result = await register(token, { mobile, captcha: sms.lastCode(mobile), password: 'agent-pass-1' });
    expect(result.code).toBe(0);
    expect(result.msg).toBe(cn('captchaInvalid'));
    expect(await agentOfPlayer(playerId)).toBeUndefined();
  });

  it('refuses a used code, even once the number is free again', async () => {
    const first = await playerSession();
    const { mobile, captcha } = await registrationCode();
    expect((await register(first.token, { mobile, captcha, password: 'agent-pass-1' })).code).toBe(1);
    // The operator takes the number off the first account; the code it was proven with stays spent.
    await t.db.update(players).set({ mobile: null }).where(eq(players.id, first.playerId));

    const second = await playerSession();
    const result = await register(second.token, { mobile, captcha, password: 'agent-pass-1' });
    expect(result.code).toBe(0);
    expect(result.msg).toBe(cn('captchaInvalid'));
    expect(await agentOfPlayer(second.playerId)).toBeUndefined();
    expect(await mobileOf(second.playerId)).toBeNull();
  });

  it('refuses a player that is already an agent, without spending the code', async () => {
    const agent = await createAgent(t.db, { level: 2 });
    const token = await signIn(t.app, t.db, agent.playerId);
    const { mobile, captcha } = await registrationCode();
    const result = await register(token, { mobile, captcha, password: 'agent-pass-1' });
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('alreadyAgent'));
    expect(await t.db.select().from(agents).where(eq(agents.playerId, agent.playerId))).toHaveLength(1);
    expect((await api(t.app, 'getUser', { token })).code).toBe(1);
    const [code] = await t.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(code).toMatchObject({ usedAt: null, attempts: 0 });
  });

  it('refuses a mobile used by another player, and creates nothing', async () => {
    const owner = newMobile();
    await createPlayer(t.db, { mobile: owner });
    const { playerId, token } = await playerSession();
    const { captcha } = await registrationCode(owner);
    const result = await register(token, { mobile: owner, captcha, password: 'agent-pass-1' });
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('mobileTaken'));
    expect(await agentOfPlayer(playerId)).toBeUndefined();
    expect(await mobileOf(playerId)).toBeNull();
  });

  it('accepts the player’s own mobile', async () => {
    const mobile = newMobile();
    const playerId = await createPlayer(t.db, { mobile });
    const token = await signIn(t.app, t.db, playerId);
    const { captcha } = await registrationCode(mobile);
    const result = await register(token, { mobile, captcha, password: 'agent-pass-1' });
    expect(result.code).toBe(1);
    expect(result.data.user.mobile).toBe(mobile);
  });

  it('needs a session', async () => {
    const { mobile, captcha } = await registrationCode();
    const result = await api(t.app, 'register', {
      input: { mobile, captcha, password: 'agent-pass-1' },
    });
    expect(result.code).toBe(ResponseCode.notSignedIn);
    expect(result.msg).toBe(SESSION_EXPIRED_MSG);
  });

  it('answers 400 naming the field for a short password or a captcha that is not 6 digits', async () => {
    const { token } = await playerSession();
    const mobile = newMobile();
    const shortPassword = await register(token, { mobile, captcha: '123456', password: '12345' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.msg).toContain('password');
    const badCaptcha = await register(token, { mobile, captcha: '12345', password: 'agent-pass-1' });
    expect(badCaptcha.status).toBe(400);
    expect(badCaptcha.msg).toContain('captcha');
    const badLevel = await register(token, { mobile, captcha: '123456', password: 'agent-pass-1', level: 4 });
    expect(badLevel.status).toBe(400);
    expect(badLevel.msg).toContain('level');
  });

  it('lets only one of two racing registrations of one player through', async () => {
    const { playerId, token } = await playerSession();
    const a = await registrationCode();
    const b = await registrationCode();
    const results = await Promise.all([
      register(token, { ...a, password: 'agent-pass-1' }),
      register(token, { ...b, password: 'agent-pass-1' }),
    ]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agents)
      .where(eq(agents.playerId, playerId));
    expect(count?.n).toBe(1);
  });
});
