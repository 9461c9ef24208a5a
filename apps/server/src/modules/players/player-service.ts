import type { TPlayer } from '@promoter/contract';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, players } from '../../db/schema';
import { AppError, refuse } from '../../errors';
import { isInDownline } from '../agents/agent-tree';
import { accountValue, playerOwner } from '../ledger/ledger-service';

export type PlayerRow = typeof players.$inferSelect;

export async function findPlayer(db: DbOrTx, playerId: number): Promise<PlayerRow | null> {
  const [row] = await db.select().from(players).where(eq(players.id, playerId));
  return row ?? null;
}

/** Who a player is, as the registration page shows it. */
export async function playerCard(
  db: DbOrTx,
  playerId: number,
): Promise<{ playerId: number; nickname: string; avatar: string; isAgent: boolean }> {
  const [row] = await db
    .select({ playerId: players.id, nickname: players.nickname, avatar: players.avatar, agentId: agents.id })
    .from(players)
    .leftJoin(agents, eq(agents.playerId, players.id))
    .where(eq(players.id, playerId));
  if (!row) throw new AppError('playerNotFound');
  return {
    playerId: row.playerId,
    nickname: row.nickname,
    avatar: row.avatar,
    isAgent: row.agentId !== null,
  };
}

/**
 * A player found by its verified mobile, answered only to a session that may see it (visiblePlayer: itself, or an
 * agent whose downline it is bound to, to recharge it); anyone else is told no such mobile, exactly as for an unknown
 * one, so a mobile number cannot be turned into a stranger's id, nickname and agent flag (decision 037).
 */
export async function playerByMobile(
  db: DbOrTx,
  viewer: { playerId: number; agentId: number | null },
  mobile: string,
): Promise<{ playerId: number; nickname: string; avatar: string; isAgent: boolean }> {
  const [row] = await db
    .select({ playerId: players.id, agentId: agents.id })
    .from(players)
    .leftJoin(agents, eq(agents.playerId, players.id))
    .where(eq(players.mobile, mobile));
  if (!row) throw new AppError('mobileNotFound');
  try {
    const player = await visiblePlayer(db, viewer, row.playerId);
    return {
      playerId: player.playerId,
      nickname: player.nickname,
      avatar: player.avatar,
      isAgent: row.agentId !== null,
    };
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'playerNotFound')
      throw new AppError('mobileNotFound');
    throw error;
  }
}

/**
 * A player as another session may see it: a player sees itself; an agent sees a player bound to it or to its
 * downline. Anything else is answered as not found.
 */
export async function visiblePlayer(
  db: DbOrTx,
  viewer: { playerId: number; agentId: number | null },
  playerId: number,
): Promise<{ playerId: number; nickname: string; avatar: string; agentId: number | null }> {
  const player = await findPlayer(db, playerId);
  if (!player) throw new AppError('playerNotFound');
  const visible =
    player.id === viewer.playerId ||
    (viewer.agentId !== null &&
      player.boundAgentId !== null &&
      (await isInDownline(db, viewer.agentId, player.boundAgentId)));
  if (!visible) throw new AppError('playerNotFound');
  return {
    playerId: player.id,
    nickname: player.nickname,
    avatar: player.avatar,
    agentId: player.boundAgentId,
  };
}

export function playerDiamonds(db: DbOrTx, playerId: number): Promise<number> {
  return accountValue(db, playerOwner(playerId), 'diamonds');
}

export async function toPlayerDto(db: DbOrTx, row: PlayerRow): Promise<TPlayer> {
  return {
    playerId: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    agentId: row.boundAgentId,
    diamonds: await playerDiamonds(db, row.id),
    mobile: row.mobile,
  };
}

/** The game server is the authority on its players: it creates them and keeps their profile current. */
export async function upsertPlayer(
  db: DbOrTx,
  input: { playerId: number; nickname: string; avatar: string; mobile?: string; unionId?: string },
): Promise<PlayerRow> {
  // A mobile or union id belongs to one player: say so clearly instead of tripping the unique index. (Two upserts
  // racing for one value still meet the index, which the error handler answers as a refusal too.)
  if (input.mobile !== undefined || input.unionId !== undefined) {
    const taken = await db
      .select({ mobile: players.mobile, unionId: players.unionId })
      .from(players)
      .where(
        and(
          ne(players.id, input.playerId),
          or(
            input.mobile !== undefined ? eq(players.mobile, input.mobile) : undefined,
            input.unionId !== undefined ? eq(players.unionId, input.unionId) : undefined,
          ),
        ),
      )
      .limit(2);
    if (input.mobile !== undefined && taken.some((p) => p.mobile === input.mobile))
      throw refuse('mobileTaken');
    if (taken.length > 0) throw refuse('duplicateValue');
  }
  const [row] = await db
    .insert(players)
    .values({
      id: input.playerId,
      nickname: input.nickname,
      avatar: input.avatar,
      mobile: input.mobile,
      unionId: input.unionId,
    })
    .onConflictDoUpdate({
      target: players.id,
      set: {
        nickname: input.nickname,
        avatar: input.avatar,
        ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
        ...(input.unionId !== undefined ? { unionId: input.unionId } : {}),
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row as PlayerRow;
}
