import type { AdminPlayerSort, SortOrder, TAdminPlayer } from '@promoter/contract';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, agents, auditLog, orders, players, recharges } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { likeEscaped, toOrderSummary } from './agent-admin-service';

/**
 * The console's players (decision 018): search, the player's page (diamonds, bound agent, recharges received,
 * orders) and unbinding by an operator.
 */

const boundAgent = alias(agents, 'bound_agent');
const boundAgentPlayer = alias(players, 'bound_agent_player');
const ownAgent = alias(agents, 'own_agent');

const diamondsOf = sql<number>`coalesce((select ${accounts.value} from ${accounts} where ${accounts.ownerType} = 'player' and ${accounts.ownerId} = ${players.id} and ${accounts.currency} = 'diamonds'), 0)`;

function selectPlayers(db: DbOrTx) {
  return db
    .select({
      playerId: players.id,
      nickname: players.nickname,
      avatar: players.avatar,
      mobile: players.mobile,
      diamonds: diamondsOf,
      boundAgentId: players.boundAgentId,
      boundAgentNickname: boundAgentPlayer.nickname,
      agentId: ownAgent.id,
      createdAt: players.createdAt,
    })
    .from(players)
    .leftJoin(boundAgent, eq(boundAgent.id, players.boundAgentId))
    .leftJoin(boundAgentPlayer, eq(boundAgentPlayer.id, boundAgent.playerId))
    .leftJoin(ownAgent, eq(ownAgent.playerId, players.id));
}

type PlayerSelectRow = Awaited<ReturnType<ReturnType<typeof selectPlayers>['where']>>[number];

const toPlayerDto = (row: PlayerSelectRow): TAdminPlayer => ({
  playerId: row.playerId,
  nickname: row.nickname,
  avatar: row.avatar,
  mobile: row.mobile,
  diamonds: Number(row.diamonds),
  boundAgent:
    row.boundAgentId === null ? null : { agentId: row.boundAgentId, nickname: row.boundAgentNickname ?? '' },
  agentId: row.agentId,
  createdAt: row.createdAt.toISOString(),
});

/** The list's filters: the list's and the CSV export's (reports), so both show the same players. */
export interface PlayerFilter {
  playerId?: number | undefined;
  nickname?: string | undefined;
  mobile?: string | undefined;
  boundAgentId?: number | undefined;
}

export function playerFilter(query: PlayerFilter): SQL | undefined {
  return and(
    query.playerId !== undefined ? eq(players.id, query.playerId) : undefined,
    query.nickname ? sql`${players.nickname} ilike ${`%${likeEscaped(query.nickname)}%`}` : undefined,
    query.mobile ? sql`${players.mobile} like ${`%${likeEscaped(query.mobile)}%`}` : undefined,
    query.boundAgentId !== undefined ? eq(players.boundAgentId, query.boundAgentId) : undefined,
  );
}

export interface PlayerQuery extends PlayerFilter {
  page: number;
  pageSize: number;
  sort?: AdminPlayerSort;
  order?: SortOrder;
}

const SORT_COLUMNS: Record<AdminPlayerSort, SQL | AnyPgColumn> = {
  createdAt: players.createdAt,
  playerId: players.id,
  diamonds: diamondsOf,
};

/** Players filtered and sorted on the server (newest first unless asked), paginated; the id breaks ties. */
export async function listPlayers(db: DbOrTx, query: PlayerQuery) {
  const where = playerFilter(query);
  const column = SORT_COLUMNS[query.sort ?? 'createdAt'];
  const [rows, [total]] = await Promise.all([
    selectPlayers(db)
      .where(where)
      .orderBy(...(query.order === 'asc' ? [asc(column), asc(players.id)] : [desc(column), desc(players.id)]))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(players).where(where),
  ]);
  return { list: rows.map(toPlayerDto), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

async function loadPlayer(db: DbOrTx, playerId: number): Promise<TAdminPlayer> {
  const [row] = await selectPlayers(db).where(eq(players.id, playerId));
  if (!row) throw new AppError('playerNotFound');
  return toPlayerDto(row);
}

/** The player's page: who it is, its diamonds, its agent, its last orders, why it was last unbound. */
export async function playerDetail(db: DbOrTx, playerId: number) {
  const player = await loadPlayer(db, playerId);
  const recentOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.playerId, playerId))
    .orderBy(desc(orders.createdAt))
    .limit(10);
  const [lastUnbind] = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'player'),
        eq(auditLog.targetId, String(playerId)),
        eq(auditLog.action, 'player.unbind'),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return {
    player,
    recentOrders: recentOrders.map(toOrderSummary),
    lastUnbindReason: (lastUnbind?.after as { reason?: string } | null)?.reason ?? null,
  };
}

/** The diamonds agents recharged to a player, newest first, paged. */
export async function playerRecharges(
  db: DbOrTx,
  query: { playerId: number; page: number; pageSize: number },
) {
  await loadPlayer(db, query.playerId);
  const where = eq(recharges.playerId, query.playerId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: recharges.id,
        agentId: recharges.agentId,
        agentNickname: players.nickname,
        diamonds: recharges.diamonds,
        createdAt: recharges.createdAt,
      })
      .from(recharges)
      .innerJoin(agents, eq(agents.id, recharges.agentId))
      .innerJoin(players, eq(players.id, agents.playerId))
      .where(where)
      .orderBy(desc(recharges.createdAt), desc(recharges.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(recharges).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      agentId: row.agentId,
      agentNickname: row.agentNickname,
      diamonds: row.diamonds,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Unbinds a player from its agent: a compare-and-set on the agent the operator saw, with the reason in the audit entry.
 * The players' own unbind obeys `bind.unbindAllowed`; an operator may always unbind (it is how a wrong binding is
 * fixed). Orders the player already placed keep the agents they were priced with (orders.pricing).
 */
export async function unbindPlayer(
  db: Db,
  actor: AuditActor,
  input: { playerId: number; expectedAgentId: number; reason: string },
): Promise<TAdminPlayer> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(players)
      .set({ boundAgentId: null, updatedAt: sql`now()` })
      .where(and(eq(players.id, input.playerId), eq(players.boundAgentId, input.expectedAgentId)))
      .returning({ id: players.id });
    if (!row) {
      const [current] = await tx
        .select({ boundAgentId: players.boundAgentId })
        .from(players)
        .where(eq(players.id, input.playerId));
      if (!current) throw new AppError('playerNotFound');
      throw current.boundAgentId === null
        ? new AppError('playerNotBoundNow')
        : new AppError('playerBindingChanged', { agentId: current.boundAgentId });
    }
    await recordAudit(tx, actor, {
      action: 'player.unbind',
      target: { type: 'player', id: String(input.playerId) },
      before: { boundAgentId: input.expectedAgentId },
      after: { boundAgentId: null, reason: input.reason },
    });
  });
  return loadPlayer(db, input.playerId);
}
