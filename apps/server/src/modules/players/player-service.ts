import type { TPlayer } from '@promoter/contract';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, players } from '../../db/schema';
import { refuse } from '../../errors';

export type PlayerRow = typeof players.$inferSelect;

export async function findPlayer(db: DbOrTx, playerId: number): Promise<PlayerRow | null> {
  const [row] = await db.select().from(players).where(eq(players.id, playerId));
  return row ?? null;
}

export async function playerDiamonds(db: DbOrTx, playerId: number): Promise<number> {
  const [row] = await db
    .select({ value: accounts.value })
    .from(accounts)
    .where(
      and(
        eq(accounts.ownerType, 'player'),
        eq(accounts.ownerId, playerId),
        eq(accounts.currency, 'diamonds'),
      ),
    );
  return row?.value ?? 0;
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
