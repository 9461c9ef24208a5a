import { BillType, ZAgentUser } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { options } from '../../src/db/schema';
import { post } from '../../src/modules/ledger/ledger-service';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, build, countStatements, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

const HOUR = 3600_000;
/** Midnight of the current day in a fixed-offset zone, as a UTC instant. */
function startOfToday(offsetHours: number): number {
  const day = 24 * HOUR;
  return Math.floor((Date.now() + offsetHours * HOUR) / day) * day - offsetHours * HOUR;
}

async function entry(
  agentId: number,
  currency: 'balance' | 'diamonds',
  amount: number,
  billType: BillType,
  at: Date,
) {
  await t.db.transaction((tx) =>
    post(tx, {
      owner: { ownerType: 'agent', ownerId: agentId },
      currency,
      amount,
      billType,
      ref: { type: 'test', id: String(Math.random()) },
      at,
    }),
  );
}

describe('agent/user/getUser', () => {
  it('answers every field of the contract with the agent’s real figures', async () => {
    const parent = await createAgent(t.db, { level: 1 });
    const { agentId, playerId } = await createAgent(t.db, {
      level: 2,
      parentId: parent.agentId,
      nickname: '测试员',
    });
    await fund(t.db, { ownerType: 'agent', ownerId: agentId }, 'balance', 12_850);
    await fund(t.db, { ownerType: 'agent', ownerId: agentId }, 'diamonds', 900);
    const token = await signIn(t.app, t.db, playerId);
    const result = await api(t.app, 'getUser', { token });
    expect(result.code).toBe(1);
    const user = ZAgentUser.parse(result.data);
    expect(user).toMatchObject({
      agentId,
      playerId,
      nickname: '测试员',
      level: 2,
      balance: '128.50',
      diamonds: 900,
      todayProfit: '0.00',
      todayDiamonds: 0,
      parentId: parent.agentId,
      inviteUrl: `http://promoter.test/#/session/sign-up?from=${agentId}`,
    });
    // An allow-list: nothing beyond the contract's fields reaches the client.
    expect(Object.keys(result.data as object).sort()).toEqual(Object.keys(ZAgentUser.shape).sort());
  });

  it('counts today’s profit and diamonds sold from midnight in the platform’s time zone', async () => {
    const { agentId, playerId } = await createAgent(t.db);
    await fund(
      t.db,
      { ownerType: 'agent', ownerId: agentId },
      'diamonds',
      10_000,
      new Date(Date.now() - 3 * 24 * HOUR),
    );
    const midnight = startOfToday(8); // Asia/Shanghai, the default
    const today = new Date(Math.min(midnight + 60_000, Date.now() - 1000));
    const yesterday = new Date(midnight - 60_000);
    await entry(agentId, 'balance', 5_000, BillType.profit, yesterday);
    await entry(agentId, 'balance', 1_250, BillType.profit, today);
    await entry(agentId, 'balance', 700, BillType.profit, today);
    await entry(agentId, 'diamonds', -300, BillType.rechargePlayer, yesterday);
    await entry(agentId, 'diamonds', -120, BillType.rechargePlayer, today);
    await entry(agentId, 'diamonds', -80, BillType.transferOut, today);
    await entry(agentId, 'diamonds', 500, BillType.transferIn, today);
    const token = await signIn(t.app, t.db, playerId);
    const user = ZAgentUser.parse((await api(t.app, 'getUser', { token })).data);
    expect(user.todayProfit).toBe('19.50');
    expect(user.todayDiamonds).toBe(-200);
    expect(user.balance).toBe('69.50');
    expect(user.diamonds).toBe(10_000 - 300 - 120 - 80 + 500);
  });

  it('follows the platform time zone option', async () => {
    const { agentId, playerId } = await createAgent(t.db);
    await t.db
      .insert(options)
      .values({ key: 'platform.timezone', value: 'UTC' })
      .onConflictDoUpdate({ target: options.key, set: { value: 'UTC' } });
    const midnightUtc = startOfToday(0);
    await entry(agentId, 'balance', 100, BillType.profit, new Date(midnightUtc - 60_000));
    await entry(
      agentId,
      'balance',
      200,
      BillType.profit,
      new Date(Math.min(midnightUtc + 60_000, Date.now() - 1000)),
    );
    const token = await signIn(t.app, t.db, playerId);
    const user = ZAgentUser.parse((await api(t.app, 'getUser', { token })).data);
    expect(user.todayProfit).toBe('2.00');
    await t.db.delete(options).where(eq(options.key, 'platform.timezone'));
  });

  it('refuses without a session, with 10001', async () => {
    const result = await api(t.app, 'getUser');
    expect(result.code).toBe(10001);
    const forged = await api(t.app, 'getUser', { token: 'forged-token' });
    expect(forged.code).toBe(10001);
  });

  it('is never answered for a player session', async () => {
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    expect((await api(t.app, 'getUser', { token })).code).toBe(0);
  });

  it('refuses a frozen agent with 1002 and a revoked session with 10001, from its one statement', async () => {
    const frozen = await createAgent(t.db, { status: 'frozen' });
    expect((await api(t.app, 'getUser', { token: await signIn(t.app, t.db, frozen.playerId) })).code).toBe(
      1002,
    );
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    expect((await api(t.app, 'getUser', { token })).code).toBe(1);
    expect((await api(t.app, 'logout', { token })).code).toBe(1);
    expect((await api(t.app, 'getUser', { token })).code).toBe(10001);
  });

  it('costs one round trip to the database, the session included (decision 026)', async () => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const [result, statements] = await countStatements(t.app, () => api(t.app, 'getUser', { token }));
    expect(result.code).toBe(1);
    expect(statements).toBe(1);
  });
});
