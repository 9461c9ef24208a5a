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

/** Who a player is, as the registration and bind pages show it: found by id or by mobile. */
export async function playerCard(
  db: DbOrTx,
  by: { playerId: number } | { mobile: string },
): Promise<{ playerId: number; nickname: string; avatar: string; isAgent: boolean }> {
  const [row] = await db
    .select({ playerId: players.id, nickname: players.nickname, avatar: players.avatar, agentId: agents.id })
    .from(players)
    .leftJoin(agents, eq(agents.playerId, players.id))
    .where('playerId' in by ? eq(players.id, by.playerId) : eq(players.mobile, by.mobile));
  if (!row) throw new AppError('playerId' in by ? 'playerNotFound' : 'mobileNotFound');
  return {
    playerId: row.playerId,
    nickname: row.nickname,
    avatar: row.avatar,
    isAgent: row.agentId !== null,
  };
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
