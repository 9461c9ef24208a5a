import { ResponseCode, SESSION_EXPIRED_MSG, ZAgentUser, ZPlayer } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTickets, sessions } from '../../src/db/schema';
import { hashToken } from '../../src/modules/auth/session-service';
import { createAgent, createPlayer, signIn, ticketFor } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

describe('agent/login/tokenLogin', () => {
  it('signs an agent in with its user and stores only the hash of the session token', async () => {
    const { agentId, playerId } = await createAgent(t.db, { level: 2 });
    const result = await api(t.app, 'tokenLogin', {
      input: { token: await ticketFor(t.db, playerId) },
    });
    expect(result.code).toBe(ResponseCode.success);
    expect(result.data.isAgent).toBe(true);
    const user = ZAgentUser.parse(result.data.user);
    expect(user.agentId).toBe(agentId);
    expect(user.level).toBe(2);
    const stored = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(result.data.token)));
    expect(stored).toHaveLength(1);
    const raw = await t.db.select().from(sessions).where(eq(sessions.tokenHash, result.data.token));
    expect(raw).toHaveLength(0);
  });

  it('signs a player in as a player, not an agent', async () => {
    const playerId = await createPlayer(t.db, { nickname: '小王' });
    const result = await api(t.app, 'tokenLogin', {
      input: { token: await ticketFor(t.db, playerId) },
    });
    expect(result.code).toBe(1);
    expect(result.data.isAgent).toBe(false);
    expect(result.data.user).toBeUndefined();
    expect(ZPlayer.parse(result.data.player)).toMatchObject({
      playerId,
      nickname: '小王',
      agentId: null,
      diamonds: 0,
    });
  });

  it('accepts a ticket once', async () => {
    const playerId = await createPlayer(t.db);
    const token = await ticketFor(t.db, playerId);
    const first = await api(t.app, 'tokenLogin', { input: { token } });
    const second = await api(t.app, 'tokenLogin', { input: { token } });
    expect(first.code).toBe(1);
    expect(second.code).toBe(0);
    expect(second.msg).toMatch(/无效|过期/);
  });

  it('accepts a ticket once even when two requests race with it', async () => {
    const playerId = await createPlayer(t.db);
    const token = await ticketFor(t.db, playerId);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api(t.app, 'tokenLogin', { input: { token } })),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
  });

  it('refuses an expired ticket', async () => {
    const playerId = await createPlayer(t.db);
    const token = await ticketFor(t.db, playerId);
    await t.db
      .update(loginTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginTickets.ticketHash, hashToken(token)));
    const result = await api(t.app, 'tokenLogin', { input: { token } });
    expect(result.code).toBe(0);
  });

  it('refuses an unknown ticket in the caller’s language', async () => {
    const result = await api(t.app, 'tokenLogin', {
      input: { token: 'no-such-ticket' },
      headers: { 'x-lang': 'en' },
    });
    expect(result.code).toBe(0);
    expect(result.msg).toMatch(/invalid or has expired/);
  });

  it('answers 1001 for an identity with no game account', async () => {
    const token = await ticketFor(t.db, 987_654);
    const result = await api(t.app, 'tokenLogin', { input: { token } });
    expect(result.code).toBe(ResponseCode.noGameAccount);
    expect(result.data).toBeNull();
  });

  it('answers 1002 with the reason for a frozen agent, and opens no session', async () => {
    const { playerId } = await createAgent(t.db, { status: 'frozen' });
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    const result = await api(t.app, 'tokenLogin', {
      input: { token: await ticketFor(t.db, playerId) },
    });
    expect(result.code).toBe(ResponseCode.agentUnavailable);
    expect(result.msg).toMatch(/冻结/);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('cuts off an agent frozen after it signed in with 1002', async () => {
    const { agentId, playerId } = await createAgent(t.db);
    const token = await signIn(t.app, t.db, playerId);
    const { agents } = await import('../../src/db/schema');
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, agentId));
    const result = await api(t.app, 'getUser', { token });
    expect(result.code).toBe(ResponseCode.agentUnavailable);
  });

  it('names the bad field with 400', async () => {
    const result = await apiUnchecked(t.app, 'tokenLogin', { input: { token: 5 } });
    expect(result.status).toBe(400);
    expect(result.code).toBe(0);
    expect(result.msg).toContain('token');
  });
});

describe('sessions', () => {
  it('logout revokes the session', async () => {
    const { playerId } = await createAgent(t.db);
    const token = await signIn(t.app, t.db, playerId);
    expect((await api(t.app, 'getUser', { token })).code).toBe(1);
    expect((await api(t.app, 'logout', { token, input: {} })).code).toBe(1);
    const after = await api(t.app, 'getUser', { token });
    expect(after.code).toBe(ResponseCode.notSignedIn);
    expect(after.msg).toBe(SESSION_EXPIRED_MSG);
  });

  it('an expired session answers 10001 with the expired message', async () => {
    const { playerId } = await createAgent(t.db);
    const token = await signIn(t.app, t.db, playerId);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const result = await api(t.app, 'getUser', { token });
    expect(result.code).toBe(10001);
    expect(result.msg).toBe(SESSION_EXPIRED_MSG);
  });

  it('slides the expiry of a session in use', async () => {
    const { playerId } = await createAgent(t.db);
    const token = await signIn(t.app, t.db, playerId);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 hour'`, lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await api(t.app, 'getUser', { token })).code).toBe(1);
    const [row] = await t.db
      .select({ hours: sql<number>`extract(epoch from expires_at - now()) / 3600` })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(Number(row?.hours)).toBeGreaterThan(24 * 7 - 1);
  });

  it('a player session cannot use agent calls', async () => {
    const playerId = await createPlayer(t.db);
    const token = await signIn(t.app, t.db, playerId);
    const result = await api(t.app, 'getUser', { token });
    expect(result.code).toBe(0);
    expect(result.msg).toMatch(/推广员/);
  });
});

describe('agent/login/checkUserType and getPlayer', () => {
  it('tells whether a player exists and is an agent', async () => {
    const { playerId } = await createAgent(t.db);
    const plain = await createPlayer(t.db);
    expect((await api(t.app, 'checkUserType', { input: { playerId } })).data).toEqual({
      exists: true,
      isAgent: true,
    });
    expect((await api(t.app, 'checkUserType', { input: { playerId: plain } })).data).toEqual({
      exists: true,
      isAgent: false,
    });
    expect((await api(t.app, 'checkUserType', { input: { playerId: 1 } })).data).toEqual({
      exists: false,
      isAgent: false,
    });
  });

  it('shows an agent the players of its downline and no one else’s', async () => {
    const top = await createAgent(t.db, { level: 1 });
    const child = await createAgent(t.db, { level: 2, parentId: top.agentId });
    const other = await createAgent(t.db, { level: 1 });
    const mine = await createPlayer(t.db, { boundAgentId: child.agentId });
    const theirs = await createPlayer(t.db, { boundAgentId: other.agentId });
    const token = await signIn(t.app, t.db, top.playerId);
    const visible = await api(t.app, 'getPlayer', { token, input: { playerId: mine } });
    expect(visible.code).toBe(1);
    expect(visible.data).toMatchObject({ playerId: mine, agentId: child.agentId });
    const hidden = await api(t.app, 'getPlayer', { token, input: { playerId: theirs } });
    expect(hidden.code).toBe(0);
    expect(hidden.data).toBeNull();
  });
});
