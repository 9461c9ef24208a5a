import {
  type AdminAgentSort,
  type AgentStatus,
  type AuditAction,
  fenToMoney,
  type TAdminAgent,
} from '@promoter/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  accounts,
  agents,
  auditLog,
  authFailures,
  ledgerEntries,
  orders,
  players,
  sessions,
} from '../../db/schema';
import { agentStatusRef, AppError } from '../../errors';
import { DEFAULT_LOCALE, type Locale, translateMemo } from '../../i18n/messages';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { deviceLabel } from '../auth/device-label';
import { revokeOtherSessions } from '../auth/session-service';
import { type EntryFilter, entryPage, type EntryRow } from '../ledger/bill-queries';
import { accountOf, agentOwner } from '../ledger/ledger-service';
import { notify } from '../notifications/notification-service';
import { getPlatformTimeZone } from '../options/options-service';
import { listForReview } from '../withdrawals/withdrawal-review-service';

/**
 * The console's agents (decision 018): search, the agent's page, freeze and unfreeze with a reason, the password
 * removed (decision 037). A frozen agent loses access on its very next call: every session reads the agent's status
 * with the session (auth/session-service), so nothing else has to be revoked.
 */

const balanceOf = sql<number>`coalesce((select ${accounts.value} from ${accounts} where ${accounts.ownerType} = 'agent' and ${accounts.ownerId} = ${agents.id} and ${accounts.currency} = 'balance'), 0)`;
const diamondsOf = sql<number>`coalesce((select ${accounts.value} from ${accounts} where ${accounts.ownerType} = 'agent' and ${accounts.ownerId} = ${agents.id} and ${accounts.currency} = 'diamonds'), 0)`;
const childrenOf = sql<number>`(select count(*) from ${agents} c where c.parent_id = ${agents.id})::int`;

function selectAgents(db: DbOrTx) {
  return db
    .select({
      agentId: agents.id,
      playerId: agents.playerId,
      nickname: players.nickname,
      avatar: players.avatar,
      mobile: players.mobile,
      level: agents.level,
      status: agents.status,
      parentId: agents.parentId,
      balance: balanceOf,
      diamonds: diamondsOf,
      childrenCount: childrenOf,
      createdAt: agents.createdAt,
    })
    .from(agents)
    .innerJoin(players, eq(players.id, agents.playerId));
}

type AgentSelectRow = Awaited<ReturnType<ReturnType<typeof selectAgents>['where']>>[number];

const toAgentDto = (row: AgentSelectRow): TAdminAgent => ({
  agentId: row.agentId,
  playerId: row.playerId,
  nickname: row.nickname,
  avatar: row.avatar,
  mobile: row.mobile,
  level: row.level,
  status: row.status,
  parentId: row.parentId,
  balance: fenToMoney(Number(row.balance)),
  diamonds: Number(row.diamonds),
  childrenCount: Number(row.childrenCount),
  createdAt: row.createdAt.toISOString(),
});

/** LIKE's wildcards typed by the operator match themselves. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filters: id, nickname and mobile as typed (LIKE's wildcards matching themselves), level, status, parent. */
export interface AgentFilter {
  agentId?: number;
  nickname?: string;
  mobile?: string;
  level?: number;
  status?: AgentStatus;
  parentId?: number;
}

/**
 * The agents a filter names, over `agents` joined with their `players` row: the list's and the CSV export's
 * (reports), so both show the same agents.
 */
export function agentFilter(query: AgentFilter): SQL | undefined {
  return and(
    query.agentId !== undefined ? eq(agents.id, query.agentId) : undefined,
    query.nickname ? sql`${players.nickname} ilike ${`%${likeEscaped(query.nickname)}%`}` : undefined,
    query.mobile ? sql`${players.mobile} like ${`%${likeEscaped(query.mobile)}%`}` : undefined,
    query.level !== undefined ? eq(agents.level, query.level) : undefined,
    query.status ? eq(agents.status, query.status) : undefined,
    query.parentId !== undefined ? eq(agents.parentId, query.parentId) : undefined,
  );
}

export interface AgentQuery {
  page: number;
  pageSize: number;
  agentId?: number;
  nickname?: string;
  mobile?: string;
  level?: number;
  status?: AgentStatus;
  parentId?: number;
  sort?: AdminAgentSort;
  order?: 'asc' | 'desc';
}

const SORT_COLUMNS: Record<AdminAgentSort, SQL | AnyPgColumn> = {
  createdAt: agents.createdAt,
  agentId: agents.id,
  level: agents.level,
  balance: balanceOf,
  diamonds: diamondsOf,
};

/** Agents filtered and sorted on the server (newest first unless asked), paginated; the id breaks ties. */
export async function listAgents(db: DbOrTx, query: AgentQuery) {
  const where: SQL | undefined = agentFilter(query);
  const [rows, [total]] = await Promise.all([
    selectAgents(db)
      .where(where)
      .orderBy(
        ...(query.order === 'asc'
          ? [asc(SORT_COLUMNS[query.sort ?? 'createdAt']), asc(agents.id)]
          : [desc(SORT_COLUMNS[query.sort ?? 'createdAt']), desc(agents.id)]),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(agents).innerJoin(players, eq(players.id, agents.playerId)).where(where),
  ]);
  return { list: rows.map(toAgentDto), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function loadAgent(db: DbOrTx, agentId: number): Promise<TAdminAgent> {
  const [row] = await selectAgents(db).where(eq(agents.id, agentId));
  if (!row) throw new AppError('agentNotFound');
  return toAgentDto(row);
}

type Currency = 'balance' | 'diamonds';

function toLedgerEntry(entry: EntryRow, currency: Currency, locale: Locale) {
  const show = (value: number) => (currency === 'balance' ? fenToMoney(value) : String(value));
  return {
    id: String(entry.id),
    billType: entry.billType,
    amount: show(entry.amount),
    after: show(entry.after),
    memo: translateMemo(locale, entry),
    refType: entry.refType,
    refId: entry.refId,
    createdAt: entry.createdAt.toISOString(),
  };
}

async function accountIdOf(db: DbOrTx, agentId: number, currency: Currency): Promise<number | undefined> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(accountOf(agentOwner(agentId), currency));
  return account?.id;
}

async function recentEntries(db: DbOrTx, agentId: number, currency: Currency, locale: Locale) {
  const page = await entryPage(db, await accountIdOf(db, agentId, currency), { page: 1, pageSize: 20 });
  return page.rows.map((entry) => toLedgerEntry(entry, currency, locale));
}

export interface AgentLedgerQuery extends EntryFilter {
  agentId: number;
  currency: Currency;
}

/** An agent's ledger of one currency, filtered and paged on the server (the same index walk as the agent's flow). */
export async function agentLedger(db: DbOrTx, query: AgentLedgerQuery, locale: Locale = DEFAULT_LOCALE) {
  await loadAgent(db, query.agentId);
  const page = await entryPage(db, await accountIdOf(db, query.agentId, query.currency), query);
  return {
    list: page.rows.map((entry) => toLedgerEntry(entry, query.currency, locale)),
    total: page.total,
    totalIsLowerBound: page.totalIsLowerBound,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const liveSessionOf = (playerId: number) =>
  and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** An agent's live sessions, last used first: when each started, was last used and ends (never a token). */
export async function agentSessions(db: DbOrTx, query: { agentId: number; page: number; pageSize: number }) {
  const agent = await loadAgent(db, query.agentId);
  const where = liveSessionOf(agent.playerId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        address: sessions.address,
      })
      .from(sessions)
      .where(where)
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(sessions).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      device: deviceLabel(row.userAgent),
      address: row.address,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Ends every session of an agent (its next call answers 10001), with the reason in the audit entry. */
export async function revokeAgentSessions(
  db: Db,
  actor: AuditActor,
  agentId: number,
  reason: string,
): Promise<{ agentId: number; revokedSessions: number }> {
  const agent = await loadAgent(db, agentId);
  const revokedSessions = await db.transaction(async (tx) => {
    const revoked = await revokeOtherSessions(tx, agent.playerId, -1);
    await recordAudit(tx, actor, {
      action: 'agent.revokeSessions',
      target: { type: 'agent', id: String(agentId) },
      after: { revokedSessions: revoked, reason },
    });
    return revoked;
  });
  return { agentId, revokedSessions };
}

/** An order as the console lists it beside an agent or a player. */
export const toOrderSummary = (order: typeof orders.$inferSelect) => ({
  id: order.id,
  goodsName: order.goodsName,
  diamonds: order.diamonds,
  amount: fenToMoney(order.amountFen),
  status: order.status,
  createdAt: order.createdAt.toISOString(),
  paidAt: order.paidAt?.toISOString() ?? null,
});

/** The agent's page: everything an operator needs before acting on it. */
export async function agentDetail(db: DbOrTx, agentId: number, locale: Locale = DEFAULT_LOCALE) {
  const agent = await loadAgent(db, agentId);
  const tz = await getPlatformTimeZone(db);
  const [today] = await db
    .select({
      profit: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${accounts.currency} = 'balance' and ${ledgerEntries.billType} = 5), 0)::bigint`,
      sold: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${accounts.currency} = 'diamonds' and ${ledgerEntries.billType} in (2, 3)), 0)::bigint`,
    })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(
      and(
        accountOf(agentOwner(agentId)),
        inArray(ledgerEntries.billType, [2, 3, 5]),
        sql`${ledgerEntries.createdAt} >= (date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`,
      ),
    );
  const [parent] =
    agent.parentId === null
      ? []
      : await db
          .select({ agentId: agents.id, nickname: players.nickname, level: agents.level })
          .from(agents)
          .innerJoin(players, eq(players.id, agents.playerId))
          .where(eq(agents.id, agent.parentId));
  const [lastStatusChange] = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'agent'),
        eq(auditLog.targetId, String(agentId)),
        inArray(auditLog.action, ['agent.freeze', 'agent.unfreeze', 'agent.approve', 'agent.refuse']),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  const recentOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.agentId, agentId))
    .orderBy(desc(orders.createdAt))
    .limit(10);
  const [active] = await db.select({ n: count() }).from(sessions).where(liveSessionOf(agent.playerId));
  return {
    agent,
    statusReason: (lastStatusChange?.after as { reason?: string } | null)?.reason ?? null,
    today: { profit: fenToMoney(Number(today?.profit ?? 0)), diamondsSold: Number(today?.sold ?? 0) },
    parent: parent ?? null,
    recentBalanceEntries: await recentEntries(db, agentId, 'balance', locale),
    recentDiamondEntries: await recentEntries(db, agentId, 'diamonds', locale),
    recentOrders: recentOrders.map(toOrderSummary),
    recentWithdrawals: (await listForReview(db, { agentId, page: 1, pageSize: 10 })).list,
    activeSessions: active?.n ?? 0,
  };
}

/**
 * One compare-and-set of the agent's status (`from` -> `to`) with its audit entry. Of two operators acting at once,
 * one changes it and the other is told the current state.
 */
async function changeStatus(
  db: Db,
  actor: AuditActor,
  agentId: number,
  change: {
    from: AgentStatus;
    to: AgentStatus;
    action: AuditAction;
    reason: string;
    notice?: string | undefined;
  },
  /** More work in the same transaction once the status has changed (a notification). */
  then?: (tx: Tx, agent: { parentId: number | null; playerId: number }) => Promise<void>,
): Promise<TAdminAgent> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(agents)
      .set({ status: change.to })
      .where(and(eq(agents.id, agentId), eq(agents.status, change.from)))
      .returning({ id: agents.id, parentId: agents.parentId, playerId: agents.playerId });
    if (!row) {
      const [current] = await tx.select({ status: agents.status }).from(agents).where(eq(agents.id, agentId));
      throw current
        ? new AppError('agentStateChanged', { status: agentStatusRef(current.status) })
        : new AppError('agentNotFound');
    }
    await recordAudit(tx, actor, {
      action: change.action,
      target: { type: 'agent', id: String(agentId) },
      before: { status: change.from },
      after: {
        status: change.to,
        reason: change.reason,
        ...(change.notice ? { notice: change.notice } : {}),
      },
    });
    await then?.(tx, row);
  });
  return loadAgent(db, agentId);
}

/** A change made to an agent by an operator: the reason stays internal, the notice (if any) is what the agent reads. */
export interface AgentChange {
  agentId: number;
  reason: string;
  notice?: string | undefined;
}

const FREEZING = {
  freeze: { from: 'active', to: 'frozen', action: 'agent.freeze', notice: 'agentFrozen' },
  unfreeze: { from: 'frozen', to: 'active', action: 'agent.unfreeze', notice: 'agentUnfrozen' },
} as const;

/** Freezes or unfreezes an agent (a compare-and-set of its status) and tells it in its inbox (a frozen agent reads it once unfrozen). */
const setFrozen =
  (which: keyof typeof FREEZING) =>
  (db: Db, actor: AuditActor, change: AgentChange): Promise<TAdminAgent> => {
    const { notice: kind, ...status } = FREEZING[which];
    return changeStatus(
      db,
      actor,
      change.agentId,
      { ...status, reason: change.reason, notice: change.notice },
      (tx) =>
        notify(tx, {
          agentId: change.agentId,
          kind,
          params: { note: change.notice ?? '' },
          ref: { type: 'agent', id: String(change.agentId) },
        }),
    );
  };

export const freezeAgent = setFrozen('freeze');
export const unfreezeAgent = setFrozen('unfreeze');

/**
 * An operator's decision on a registration that waits for review (option register.review): approved, the agent can
 * work at once and its inviter hears of its new sub-agent (only now); refused, it stays refused (1002 on every call).
 * A compare-and-set on 'pending': of two operators deciding at once, one decides and the other is told the state.
 */
export const reviewRegistration = (
  db: Db,
  actor: AuditActor,
  input: { agentId: number; approve: boolean; reason: string },
) =>
  input.approve
    ? changeStatus(
        db,
        actor,
        input.agentId,
        { from: 'pending', to: 'active', action: 'agent.approve', reason: input.reason },
        async (tx, agent) => {
          if (agent.parentId === null) return;
          const [player] = await tx
            .select({ nickname: players.nickname })
            .from(players)
            .where(eq(players.id, agent.playerId));
          await notify(tx, {
            agentId: agent.parentId,
            kind: 'subAgentJoined',
            params: { agentId: input.agentId, nickname: player?.nickname ?? '' },
            ref: { type: 'agent', id: String(input.agentId) },
          });
        },
      )
    : changeStatus(db, actor, input.agentId, {
        from: 'pending',
        to: 'refused',
        action: 'agent.refuse',
        reason: input.reason,
      });

/**
 * Support's answer to an agent locked out or a password that leaked (decision 037): the agent's password is removed,
 * never replaced by one an operator could read or use. In one transaction every session of the agent ends, its
 * password failures are cleared, the agent is told (its inbox, with the operator's notice if any) and the audit keeps
 * the reason. The agent signs in again from the game's link, or sets a new password with its verified mobile's code.
 */
export async function removeAgentPassword(
  db: Db,
  actor: AuditActor,
  change: AgentChange,
): Promise<{ agentId: number; revokedSessions: number }> {
  const { agentId } = change;
  const revokedSessions = await db.transaction(async (tx) => {
    const [agent] = await tx
      .update(agents)
      .set({ passwordHash: null })
      .where(eq(agents.id, agentId))
      .returning({ playerId: agents.playerId });
    if (!agent) throw new AppError('agentNotFound');
    const revoked = await revokeOtherSessions(tx, agent.playerId, -1);
    await tx.delete(authFailures).where(inArray(authFailures.key, [`agent:${agentId}`, `change:${agentId}`]));
    await notify(tx, {
      agentId,
      kind: 'passwordRemoved',
      params: { note: change.notice ?? '' },
      ref: { type: 'agent', id: String(agentId) },
    });
    await recordAudit(tx, actor, {
      action: 'agent.resetPassword',
      target: { type: 'agent', id: String(agentId) },
      after: {
        reason: change.reason,
        ...(change.notice ? { notice: change.notice } : {}),
        revokedSessions: revoked,
      },
    });
    return revoked;
  });
  return { agentId, revokedSessions };
}
