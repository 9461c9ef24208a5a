import { BillType, maskMobile, playerSearchOf, type TPlayerSummary } from '@promoter/contract';
import { desc, eq, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { players, recharges } from '../../db/schema';
import { AppError } from '../../errors';
import { isInDownline } from '../agents/agent-tree';
import { once } from '../ledger/idempotency';
import { memo, move, refuseShortfall } from '../ledger/ledger-service';
import { findPlayer, type PlayerRow } from './player-service';

export async function toPlayerSummary(db: DbOrTx, agentId: number, row: PlayerRow): Promise<TPlayerSummary> {
  const boundToMe = row.boundAgentId !== null && (await isInDownline(db, agentId, row.boundAgentId));
  return {
    playerId: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    mobile: row.mobile === null ? null : boundToMe ? row.mobile : maskMobile(row.mobile),
    boundToMe,
  };
}

/**
 * Exact match on player id or mobile (the contract's playerSearchOf): an agent finds the player it is selling to,
 * it does not browse. A keyword that can match no player finds none.
 */
export async function searchPlayers(db: Db, agentId: number, keyword: string): Promise<TPlayerSummary[]> {
  const search = playerSearchOf(keyword);
  if (!search) return [];
  const rows = await db
    .select()
    .from(players)
    .where(search.by === 'playerId' ? eq(players.id, search.playerId) : eq(players.mobile, search.mobile))
    .limit(5);
  return Promise.all(rows.map((row) => toPlayerSummary(db, agentId, row)));
}

export async function recentPlayers(db: Db, agentId: number) {
  const rows = await db
    .select({ playerId: recharges.playerId, lastRechargeAt: max(recharges.createdAt) })
    .from(recharges)
    .where(eq(recharges.agentId, agentId))
    .groupBy(recharges.playerId)
    .orderBy(desc(max(recharges.createdAt)))
    .limit(10);
  const list = [];
  for (const row of rows) {
    const player = await findPlayer(db, row.playerId);
    if (!player || !row.lastRechargeAt) continue;
    list.push({
      ...(await toPlayerSummary(db, agentId, player)),
      lastRechargeAt: new Date(row.lastRechargeAt).toISOString(),
    });
  }
  return list;
}

/** Moves diamonds from the agent's stock to a player's game account, once per requestId. */
export async function rechargePlayer(
  db: Db,
  agentId: number,
  input: { playerId: number; diamonds: number; requestId: string },
): Promise<{ rechargeId: string; diamonds: number; player: TPlayerSummary }> {
  return once(
    db,
    { actorType: 'agent', actorId: agentId },
    input.requestId,
    'recharge',
    { playerId: input.playerId, diamonds: input.diamonds },
    async (tx) => {
      const player = await findPlayer(tx, input.playerId);
      if (!player) throw new AppError('playerNotFound');
      const [recharge] = await tx
        .insert(recharges)
        .values({ agentId, playerId: player.id, diamonds: input.diamonds })
        .returning({ id: recharges.id });
      const ref = { type: 'recharge', id: String((recharge as { id: number }).id) };
      const after = await move(tx, {
        from: {
          owner: { ownerType: 'agent', ownerId: agentId },
          billType: BillType.rechargePlayer,
          memo: memo('memoRechargePlayer', { nickname: player.nickname, playerId: player.id }),
        },
        to: {
          owner: { ownerType: 'player', ownerId: player.id },
          billType: BillType.rechargePlayer,
          memo: memo('memoRechargedByAgent', { agentId }),
        },
        currency: 'diamonds',
        amount: input.diamonds,
        ref,
      }).catch(refuseShortfall('notEnoughDiamonds'));
      return {
        rechargeId: ref.id,
        diamonds: after,
        player: await toPlayerSummary(tx, agentId, player),
      };
    },
  );
}
