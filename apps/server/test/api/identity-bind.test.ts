import { ResponseCode, SESSION_EXPIRED_MSG, ZPlayer } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { options, players, smsCodes } from '../../src/db/schema';
import { createAgent, createPlayer, signIn, ticketFor } from '../factories';
import { build, type TestApp } from '../helper';
import { CapturingSmsProvider } from '../stand-ins/sms-capture';
import { api, cn, newMobile, wrongCode } from './identity-support';

/**
 * Bind and unbind (a player binds to one active agent, an agent cannot bind, unbind unless the option forbids),
 * playerBindLogin, getUserByMobile, telvertify and checkUserType.
 */

let t: TestApp;
const sms = new CapturingSmsProvider();

beforeAll(async () => {
  t = await build({}, undefined, { sms });
});
afterAll(async () => t.close());
afterEach(async () => {
  await t.db.delete(options).where(eq(options.key, 'bind.unbindAllowed'));
});

async function playerSession(values: { boundAgentId?: number; mobile?: string } = {}) {
  const playerId = await createPlayer(t.db, values);
  return { playerId, token: await signIn(t.app, t.db, playerId) };
}

const boundAgentOf = async (playerId: number) =>
  (await t.db.select({ id: players.boundAgentId }).from(players).where(eq(players.id, playerId)))[0]?.id;
const mobileOf = async (playerId: number) =>
  (await t.db.select({ mobile: players.mobile }).from(players).where(eq(players.id, playerId)))[0]?.mobile;

const bind = (token: string, agentId: number, lang?: 'en') =>
  api(t.app, 'bind', { token, input: { agentId }, lang });
const unbind = (token: string) => api(t.app, 'unbind', { token, input: {} });

describe('agent/public/bind', () => {
  it('binds a player to an active agent', async () => {
    const { agentId } = await createAgent(t.db, { level: 3 });
    const { playerId, token } = await playerSession();
    const result = await bind(token, agentId);
    expect(result.code).toBe(ResponseCode.success);
    expect(ZPlayer.parse(result.data.player)).toMatchObject({ playerId, agentId });
    expect(await boundAgentOf(playerId)).toBe(agentId);
  });

  it('refuses an id that is not an agent', async () => {
    const { playerId, token } = await playerSession();
    const plain = await createPlayer(t.db);
    for (const agentId of [9_999_999, plain]) {
      const result = await bind(token, agentId);
      expect(result.code, `id ${agentId}`).toBe(ResponseCode.failure);
      expect(result.msg, `id ${agentId}`).toBe(cn('bindTargetNotAgent'));
      expect(result.data).toBeNull();
    }
    expect((await bind(token, 9_999_999, 'en')).msg).toBe('This id is not a promoter');
    expect(await boundAgentOf(playerId)).toBeNull();
  });

  it('refuses a frozen or pending agent', async () => {
    const frozen = await createAgent(t.db, { status: 'frozen' });
    const pending = await createAgent(t.db, { status: 'pending' });
    const { playerId, token } = await playerSession();
    for (const agentId of [frozen.agentId, pending.agentId]) {
      const result = await bind(token, agentId);
      expect(result.code).toBe(ResponseCode.failure);
      expect(result.msg).toBe(cn('bindTargetNotAgent'));
    }
    expect(await boundAgentOf(playerId)).toBeNull();
  });

  it('refuses an agent: agents cannot bind', async () => {
    const target = await createAgent(t.db, { level: 1 });
    const me = await createAgent(t.db, { level: 2 });
    const token = await signIn(t.app, t.db, me.playerId);
    for (const agentId of [target.agentId, me.agentId]) {
      const result = await bind(token, agentId);
      expect(result.code).toBe(ResponseCode.failure);
      expect(result.msg).toBe(cn('agentCannotBind'));
    }
    expect(await boundAgentOf(me.playerId)).toBeNull();
  });

  it('refuses a player already bound, to another agent or to the same one', async () => {
    const first = await createAgent(t.db);
    const second = await createAgent(t.db);
    const { playerId, token } = await playerSession({ boundAgentId: first.agentId });
    for (const agentId of [second.agentId, first.agentId]) {
      const result = await bind(token, agentId);
      expect(result.code).toBe(ResponseCode.failure);
      expect(result.msg).toBe(cn('alreadyBound'));
    }
    expect(await boundAgentOf(playerId)).toBe(first.agentId);
  });

  it('lets only one of two racing binds win', async () => {
    const a = await createAgent(t.db);
    const b = await createAgent(t.db);
    const { playerId, token } = await playerSession();
    const results = await Promise.all([bind(token, a.agentId), bind(token, b.agentId)]);
    const winners = results.filter((r) => r.code === 1);
    expect(winners).toHaveLength(1);
    expect(results.find((r) => r.code !== 1)?.msg).toBe(cn('alreadyBound'));
    expect(await boundAgentOf(playerId)).toBe(winners[0]?.data.player.agentId);
  });

  it('needs a session', async () => {
    const { agentId } = await createAgent(t.db);
    const result = await api(t.app, 'bind', { input: { agentId } });
    expect(result.code).toBe(ResponseCode.notSignedIn);
    expect(result.msg).toBe(SESSION_EXPIRED_MSG);
  });
});

describe('agent/public/unbind', () => {
  it('unbinds a bound player, who may then bind again', async () => {
    const first = await createAgent(t.db);
    const second = await createAgent(t.db);
    const { playerId, token } = await playerSession({ boundAgentId: first.agentId });
    const result = await unbind(token);
    expect(result.code).toBe(1);
    expect(result.data.player).toMatchObject({ playerId, agentId: null });
    expect(await boundAgentOf(playerId)).toBeNull();
    expect((await bind(token, second.agentId)).code).toBe(1);
    expect(await boundAgentOf(playerId)).toBe(second.agentId);
  });

  it('refuses a player that is not bound', async () => {
    const { token } = await playerSession();
    const result = await unbind(token);
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('notBound'));
  });

  it('refuses while the option bind.unbindAllowed is false, and keeps the binding', async () => {
    const { agentId } = await createAgent(t.db);
    const { playerId, token } = await playerSession({ boundAgentId: agentId });
    await t.db.insert(options).values({ key: 'bind.unbindAllowed', value: 'false', isPublic: true });
    const result = await unbind(token);
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('unbindNotAllowed'));
    expect(await boundAgentOf(playerId)).toBe(agentId);

    await t.db.update(options).set({ value: 'true' }).where(eq(options.key, 'bind.unbindAllowed'));
    expect((await unbind(token)).code).toBe(1);
  });
});

describe('agent/login/playerBindLogin', () => {
  const bindLogin = (token: string, agentId: number) =>
    api(t.app, 'playerBindLogin', { input: { token, agentId } });

  it('signs an unbound player in and binds it to the agent', async () => {
    const { agentId } = await createAgent(t.db);
    const playerId = await createPlayer(t.db);
    const result = await bindLogin(await ticketFor(t.db, playerId), agentId);
    expect(result.code).toBe(1);
    expect(result.data.isAgent).toBe(false);
    expect(ZPlayer.parse(result.data.player)).toMatchObject({ playerId, agentId });
    expect(await boundAgentOf(playerId)).toBe(agentId);
    const self = await api(t.app, 'getPlayer', {
      token: result.data.token,
      input: { playerId: String(playerId) },
    });
    expect(self.code).toBe(1);
    expect(self.data).toMatchObject({ playerId, agentId });
  });

  it('signs a bound player in without moving it to another agent', async () => {
    const mine = await createAgent(t.db);
    const other = await createAgent(t.db);
    const playerId = await createPlayer(t.db, { boundAgentId: mine.agentId });
    const result = await bindLogin(await ticketFor(t.db, playerId), other.agentId);
    expect(result.code).toBe(1);
    expect(result.data.player).toMatchObject({ playerId, agentId: mine.agentId });
    expect(await boundAgentOf(playerId)).toBe(mine.agentId);
  });

  it('signs an agent in as an agent and binds nothing', async () => {
    const target = await createAgent(t.db, { level: 1 });
    const me = await createAgent(t.db, { level: 2 });
    const result = await bindLogin(await ticketFor(t.db, me.playerId), target.agentId);
    expect(result.code).toBe(1);
    expect(result.data.isAgent).toBe(true);
    expect(result.data.user).toMatchObject({ agentId: me.agentId });
    expect(await boundAgentOf(me.playerId)).toBeNull();
  });

  it('answers 1002 for a frozen agent’s ticket', async () => {
    const target = await createAgent(t.db);
    const frozen = await createAgent(t.db, { status: 'frozen' });
    const result = await bindLogin(await ticketFor(t.db, frozen.playerId), target.agentId);
    expect(result.code).toBe(ResponseCode.agentUnavailable);
    expect(result.msg).toBe(cn('agentFrozen'));
  });

  it('refuses a wrong agent id without spending the ticket', async () => {
    const frozen = await createAgent(t.db, { status: 'frozen' });
    const playerId = await createPlayer(t.db);
    const ticket = await ticketFor(t.db, playerId);
    for (const agentId of [9_999_999, frozen.agentId]) {
      const result = await bindLogin(ticket, agentId);
      expect(result.code).toBe(ResponseCode.failure);
      expect(result.msg).toBe(cn('bindTargetNotAgent'));
      expect(result.data).toBeNull();
    }
    expect(await boundAgentOf(playerId)).toBeNull();
    const later = await api(t.app, 'tokenLogin', {
      input: { token: ticket },
    });
    expect(later.code).toBe(1);
    expect(later.data.player).toMatchObject({ playerId, agentId: null });
  });

  it('refuses a used ticket', async () => {
    const { agentId } = await createAgent(t.db);
    const playerId = await createPlayer(t.db);
    const ticket = await ticketFor(t.db, playerId);
    expect((await bindLogin(ticket, agentId)).code).toBe(1);
    const again = await bindLogin(ticket, agentId);
    expect(again.code).toBe(ResponseCode.failure);
    expect(again.msg).toBe(cn('ticketInvalid'));
  });
});

describe('user/public/getUserByMobile', () => {
  const byMobile = (token: string | undefined, mobile: string) =>
    api(t.app, 'getUserByMobile', { token, input: { mobile } });

  it('finds the caller itself, or a player bound to the calling agent’s downline', async () => {
    const agent = await createAgent(t.db);
    const agentMobile = newMobile();
    await t.db.update(players).set({ mobile: agentMobile }).where(eq(players.id, agent.playerId));
    const agentToken = await signIn(t.app, t.db, agent.playerId);
    expect((await byMobile(agentToken, agentMobile)).data).toMatchObject({
      playerId: agent.playerId,
      isAgent: true,
    });
    const playerMobile = newMobile();
    const playerId = await createPlayer(t.db, {
      mobile: playerMobile,
      nickname: '有手机的玩家',
      boundAgentId: agent.agentId,
    });
    const own = await byMobile(agentToken, playerMobile);
    expect(own.code, own.msg).toBe(1);
    expect(own.data).toEqual({ playerId, nickname: '有手机的玩家', avatar: '', isAgent: false });
  });

  it('answers a stranger’s mobile exactly as an unknown one (decision 037)', async () => {
    const { token } = await playerSession();
    const strangerMobile = newMobile();
    await createPlayer(t.db, { mobile: strangerMobile, nickname: '陌生人' });
    const agent = await createAgent(t.db);
    const agentMobile = newMobile();
    await t.db.update(players).set({ mobile: agentMobile }).where(eq(players.id, agent.playerId));
    for (const mobile of [strangerMobile, agentMobile]) {
      const answer = await byMobile(token, mobile);
      expect({ code: answer.code, msg: answer.msg, data: answer.data }).toEqual({
        code: ResponseCode.failure,
        msg: cn('mobileNotFound'),
        data: null,
      });
    }
  });

  it('refuses an unknown mobile', async () => {
    const { token } = await playerSession();
    const result = await byMobile(token, newMobile());
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('mobileNotFound'));
    expect(result.data).toBeNull();
  });

  it('needs a session, and a well-formed mobile', async () => {
    const anonymous = await byMobile(undefined, newMobile());
    expect(anonymous.code).toBe(ResponseCode.notSignedIn);
    const { token } = await playerSession();
    const bad = await byMobile(token, '12345');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('mobile');
  });
});

describe('user/public/telvertify', () => {
  const sendCode = async (mobile: string) => {
    const sent = await api(t.app, 'getCaptcha', {
      input: { mobile, purpose: 'bind-mobile' },
    });
    expect(sent.code).toBe(1);
    return sms.lastCode(mobile);
  };
  const verify = (token: string | undefined, mobile: string, code: string) =>
    api(t.app, 'telVerify', { token, input: { mobile, code } });

  it('sets the verified mobile on the account', async () => {
    const { playerId, token } = await playerSession();
    const mobile = newMobile();
    const result = await verify(token, mobile, await sendCode(mobile));
    expect(result.code).toBe(1);
    expect(result.data).toEqual({ mobile });
    expect(await mobileOf(playerId)).toBe(mobile);
    const found = await api(t.app, 'getUserByMobile', { token, input: { mobile } });
    expect(found.data).toMatchObject({ playerId });
  });

  it('replaces the mobile of an agent too', async () => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const mobile = newMobile();
    expect((await verify(token, mobile, await sendCode(mobile))).code).toBe(1);
    const me = await api(t.app, 'getUser', { token });
    expect(me.data).toMatchObject({ mobile });
  });

  it('refuses a wrong code and leaves the mobile alone', async () => {
    const oldMobile = newMobile();
    const { playerId, token } = await playerSession({ mobile: oldMobile });
    const mobile = newMobile();
    const code = await sendCode(mobile);
    const result = await verify(token, mobile, wrongCode(code));
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('captchaInvalid'));
    expect(await mobileOf(playerId)).toBe(oldMobile);
  });

  it('refuses a mobile taken by another account, without spending the code', async () => {
    const taken = newMobile();
    await createPlayer(t.db, { mobile: taken });
    const { playerId, token } = await playerSession();
    const code = await sendCode(taken);
    const result = await verify(token, taken, code);
    expect(result.code).toBe(ResponseCode.failure);
    expect(result.msg).toBe(cn('mobileTaken'));
    expect(await mobileOf(playerId)).toBeNull();
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.mobile, taken));
    expect(row).toMatchObject({ usedAt: null, attempts: 0 });
  });

  it('accepts the account’s own mobile again', async () => {
    const mobile = newMobile();
    const { playerId, token } = await playerSession({ mobile });
    expect((await verify(token, mobile, await sendCode(mobile))).code).toBe(1);
    expect(await mobileOf(playerId)).toBe(mobile);
  });

  it('needs a session', async () => {
    const result = await verify(undefined, newMobile(), '123456');
    expect(result.code).toBe(ResponseCode.notSignedIn);
  });
});

describe('agent/login/checkUserType', () => {
  it('tells whether a player exists and whether it is an agent', async () => {
    const agent = await createAgent(t.db);
    const frozen = await createAgent(t.db, { status: 'frozen' });
    const plain = await createPlayer(t.db);
    const check = async (playerId: number) =>
      (await api(t.app, 'checkUserType', { input: { playerId } })).data;
    expect(await check(agent.playerId)).toEqual({ exists: true, isAgent: true });
    expect(await check(frozen.playerId)).toEqual({ exists: true, isAgent: true });
    expect(await check(plain)).toEqual({ exists: true, isAgent: false });
    expect(await check(4_040_404)).toEqual({ exists: false, isAgent: false });
    const bad = await api(t.app, 'checkUserType', { input: { playerId: 'abc' } });
    expect(bad.status).toBe(400);
  });
});

describe('agent/public/agentCard', () => {
  it('shows an active agent’s public card and nothing of others', async () => {
    const active = await createAgent(t.db, { level: 2, nickname: '公开卡片' });
    const frozen = await createAgent(t.db, { status: 'frozen' });
    const card = await api(t.app, 'agentCard', { input: { agentId: active.agentId } });
    expect(card).toMatchObject({
      code: 1,
      data: { agentId: active.agentId, nickname: '公开卡片', avatar: '', level: 2 },
    });
    expect(Object.keys(card.data as object).sort()).toEqual(['agentId', 'avatar', 'level', 'nickname']);
    expect((await api(t.app, 'agentCard', { input: { agentId: frozen.agentId } })).code).toBe(0);
    expect((await api(t.app, 'agentCard', { input: { agentId: 999_999 } })).code).toBe(0);
  });
});
