import { BillType } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { agents, goods, goodsCategories } from '../src/db/schema';
import { mintLoginTicket } from '../src/modules/auth/login-service';
import { type AccountOwner, type AccountCurrency, post } from '../src/modules/ledger/ledger-service';
import { upsertPlayer } from '../src/modules/players/player-service';
import { hashPassword } from '../src/modules/auth/password-service';
import { createSession } from '../src/modules/auth/session-service';

let nextPlayerId = 500_000;

export async function createPlayer(
  db: Db,
  values: { nickname?: string; mobile?: string; boundAgentId?: number } = {},
) {
  const playerId = ++nextPlayerId;
  await upsertPlayer(db, {
    playerId,
    nickname: values.nickname ?? `玩家${playerId}`,
    avatar: '',
    mobile: values.mobile,
  });
  if (values.boundAgentId !== undefined) {
    const { players } = await import('../src/db/schema');
    await db.update(players).set({ boundAgentId: values.boundAgentId }).where(eq(players.id, playerId));
  }
  return playerId;
}

export async function createAgent(
  db: Db,
  values: {
    level?: 1 | 2 | 3;
    parentId?: number | null;
    status?: 'active' | 'frozen' | 'pending';
    password?: string;
    nickname?: string;
  } = {},
) {
  const playerId = await createPlayer(db, { nickname: values.nickname });
  const [row] = await db
    .insert(agents)
    .values({
      playerId,
      level: values.level ?? 1,
      parentId: values.parentId ?? null,
      status: values.status ?? 'active',
      passwordHash: values.password ? await hashPassword(values.password) : null,
    })
    .returning({ id: agents.id });
  return { agentId: (row as { id: number }).id, playerId };
}

/** Puts money or diamonds on an account the way the operator would: an adjustment entry in the ledger. */
export async function fund(
  db: Db,
  owner: AccountOwner,
  currency: AccountCurrency,
  amount: number,
  at?: Date,
) {
  await db.transaction((tx) =>
    post(tx, {
      owner,
      currency,
      amount,
      billType: BillType.adjustment,
      ref: { type: 'adjustment', id: `test-${Date.now()}` },
      at,
    }),
  );
}

export async function ticketFor(db: Db, playerId: number) {
  return (await mintLoginTicket(db, playerId)).ticket;
}

/**
 * A session for a player (and its agent, if any), opened the way a successful login opens it. The login calls
 * themselves are tested in login.test.ts; going around them here keeps other tests clear of the login rate limit.
 */
export async function signIn(app: FastifyInstance, db: Db, playerId: number): Promise<string> {
  const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.playerId, playerId));
  return createSession(db, { playerId, agentId: agent?.id ?? null }, app.config.sessionTtlHours);
}

/** A diamond package in a category of its own (default: "1000钻石", 1000 diamonds); answers the goods id. */
export async function createGoods(
  db: Db,
  values: { name?: string; diamonds?: number; category?: string } = {},
): Promise<number> {
  const [category] = await db
    .insert(goodsCategories)
    .values({ name: values.category ?? '钻石', sort: 1 })
    .returning({ id: goodsCategories.id });
  const [item] = await db
    .insert(goods)
    .values({
      categoryId: (category as { id: number }).id,
      name: values.name ?? '1000钻石',
      diamonds: values.diamonds ?? 1000,
      sort: 1,
    })
    .returning({ id: goods.id });
  return (item as { id: number }).id;
}
