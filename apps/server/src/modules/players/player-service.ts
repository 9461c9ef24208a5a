import type { TPlayer } from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, players } from '../../db/schema';

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
