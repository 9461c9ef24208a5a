import type { AgentLevel, TPlayer } from '@promoter/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, players } from '../../db/schema';
import { AppError } from '../../errors';
import { notify } from '../notifications/notification-service';
import { getOption } from '../options/options-service';
import { findPlayer, toPlayerDto } from './player-service';

export async function assertBindableAgent(db: DbOrTx, agentId: number): Promise<void> {
  const [agent] = await db.select({ status: agents.status }).from(agents).where(eq(agents.id, agentId));
  if (!agent || agent.status !== 'active') throw new AppError('bindTargetNotAgent');
}

async function isAgentPlayer(db: DbOrTx, playerId: number): Promise<boolean> {
  const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.playerId, playerId));
  return row !== undefined;
}

/** A player binds to one agent; an agent cannot bind; a bound player unbinds first. */
export async function bindToAgent(db: Db, playerId: number, agentId: number): Promise<TPlayer> {
  if (await isAgentPlayer(db, playerId)) throw new AppError('agentCannotBind');
  await assertBindableAgent(db, agentId);
  const row = await db.transaction(async (tx) => {
    // One conditional update: two racing binds cannot both win.
    const [bound] = await tx
      .update(players)
      .set({ boundAgentId: agentId, boundAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(players.id, playerId), isNull(players.boundAgentId)))
      .returning();
    if (!bound) throw new AppError('alreadyBound');
    await notify(tx, {
      agentId,
      kind: 'playerBound',
      params: { playerId, nickname: bound.nickname },
      ref: { type: 'player', id: String(playerId) },
    });
    return bound;
  });
  return toPlayerDto(db, row);
}

export async function unbindFromAgent(db: Db, playerId: number): Promise<TPlayer> {
  if ((await getOption(db, 'bind.unbindAllowed')) !== 'true') throw new AppError('unbindNotAllowed');
  const current = await findPlayer(db, playerId);
  if (!current?.boundAgentId) throw new AppError('notBound');
  const [row] = await db
    .update(players)
    .set({ boundAgentId: null, boundAt: null, updatedAt: sql`now()` })
    .where(eq(players.id, playerId))
    .returning();
  return toPlayerDto(db, row as NonNullable<typeof row>);
}

/** What a player sees of an agent before binding to it; only active agents are shown. */
export async function agentCard(db: DbOrTx, agentId: number) {
  const [row] = await db
    .select({
      agentId: agents.id,
      level: agents.level,
      status: agents.status,
      nickname: players.nickname,
      avatar: players.avatar,
    })
    .from(agents)
    .innerJoin(players, eq(players.id, agents.playerId))
    .where(eq(agents.id, agentId));
  if (!row || row.status !== 'active') throw new AppError('bindTargetNotAgent');
  return { agentId: row.agentId, nickname: row.nickname, avatar: row.avatar, level: row.level as AgentLevel };
}
