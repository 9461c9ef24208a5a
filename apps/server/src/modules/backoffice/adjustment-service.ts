import {
  type AdminAdjustmentSort,
  type AdjustmentStatus,
  BillType,
  fenToMoney,
  moneyToFen,
  type SortOrder,
  type TAdjustment,
} from '@promoter/contract';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { adjustments, agents, operators, players } from '../../db/schema';
import { adjustmentStatusRef, AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { once } from '../ledger/idempotency';
import {
  type AccountOwner,
  accountValue,
  InsufficientFundsError,
  memo,
  post,
} from '../ledger/ledger-service';
import { type Notice, notify } from '../notifications/notification-service';
import { getOption } from '../options/options-service';
import { decideApprovals } from '../controls/two-person-rule';

/**
 * Manual adjustments (decision 018): an agent's balance or diamonds, or a player's diamonds, changed by an operator
 * with a typed reason, through the ledger (bill type 9, referencing the adjustment), never below zero. A requestId
 * makes the creation retry-safe (`once`, keyed by the operator). When the two-person rule asks for it (decision 037:
 * above `adjust.reviewThreshold`, diamonds valued at price.retail, or past the operator's or the account's daily solo
 * limit) the adjustment is created pending and applied only when a second, different operator approves it: the
 * approval takes the row lock and changes the status by compare-and-set, so it is applied once. An agent whose own
 * account is adjusted is told in its inbox, with the operator's notice if one was written (the reason stays internal).
 */
export type AdjustmentActor = AuditActor & { operatorId: number };

type AdjustmentRow = typeof adjustments.$inferSelect;

export interface AdjustmentInput {
  ownerType: 'agent' | 'player';
  ownerId: number;
  currency: 'balance' | 'diamonds';
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
  /** What the agent reads with it; without one, the agent is told of the change alone. */
  notice?: string | undefined;
  requestId: string;
}

const show = (currency: AdjustmentRow['currency'], value: number) =>
  currency === 'balance' ? fenToMoney(value) : String(value);

const ownerOf = (row: Pick<AdjustmentRow, 'ownerType' | 'ownerId'>): AccountOwner =>
  row.ownerType === 'agent'
    ? { ownerType: 'agent', ownerId: row.ownerId }
    : { ownerType: 'player', ownerId: row.ownerId };

const creator = alias(operators, 'creator');
const decider = alias(operators, 'decider');

function selectAdjustments(db: DbOrTx) {
  return db
    .select({ row: adjustments, createdByName: creator.name, decidedByName: decider.name })
    .from(adjustments)
    .innerJoin(creator, eq(creator.id, adjustments.createdBy))
    .leftJoin(decider, eq(decider.id, adjustments.decidedBy));
}

function toDto(found: {
  row: AdjustmentRow;
  createdByName: string;
  decidedByName: string | null;
}): TAdjustment {
  const { row } = found;
  return {
    id: String(row.id),
    ownerType: row.ownerType,
    ownerId: row.ownerId,
    currency: row.currency,
    direction: row.amount > 0 ? 'credit' : 'debit',
    amount: show(row.currency, Math.abs(row.amount)),
    reason: row.reason,
    status: row.status,
    approvalsNeeded: row.approvalsNeeded,
    reviewReason: row.reviewReason,
    notice: row.notice,
    createdBy: { id: row.createdBy, name: found.createdByName },
    decidedBy: row.decidedBy === null ? null : { id: row.decidedBy, name: found.decidedByName ?? '' },
    rejectReason: row.rejectReason,
    before: row.valueBefore === null ? null : show(row.currency, row.valueBefore),
    after: row.valueAfter === null ? null : show(row.currency, row.valueAfter),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function loadDto(db: DbOrTx, id: number): Promise<TAdjustment> {
  const [found] = await selectAdjustments(db).where(eq(adjustments.id, id));
  if (!found) throw new AppError('adjustmentNotFound');
  return toDto(found);
}

const insufficient = (row: AdjustmentRow, value: number) =>
  new AppError('adjustmentInsufficient', {
    value: show(row.currency, value),
    amount: show(row.currency, Math.abs(row.amount)),
  });

/** Posts the adjustment through the ledger and marks it applied (compare-and-set on 'pending'), with its audit. */
async function apply(tx: Tx, actor: AdjustmentActor, row: AdjustmentRow): Promise<void> {
  const owner = ownerOf(row);
  let after: number;
  try {
    ({ after } = await post(tx, {
      owner,
      currency: row.currency,
      amount: row.amount,
      billType: BillType.adjustment,
      ref: { type: 'adjustment', id: String(row.id) },
      memo: memo('memoAdjustment', { reason: row.reason }),
    }));
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw insufficient(row, await accountValue(tx, owner, row.currency));
    throw error;
  }
  const before = after - row.amount;
  const [changed] = await tx
    .update(adjustments)
    .set({
      status: 'applied',
      decidedBy: actor.operatorId,
      decidedAt: sql`now()`,
      valueBefore: before,
      valueAfter: after,
    })
    .where(and(eq(adjustments.id, row.id), eq(adjustments.status, 'pending')))
    .returning({ id: adjustments.id });
  // The caller holds the row lock on 'pending' (or has just inserted it): this cannot miss.
  if (!changed) throw new Error(`adjustment ${row.id} changed under its lock`);
  const notice = noticeOf(row);
  if (notice) await notify(tx, notice);
  await recordAudit(tx, actor, {
    action: 'adjustment.apply',
    target: { type: 'adjustment', id: String(row.id) },
    before: { status: 'pending', value: show(row.currency, before) },
    after: {
      status: 'applied',
      value: show(row.currency, after),
      owner: `${row.ownerType}:${row.ownerId}`,
      currency: row.currency,
      amount: show(row.currency, row.amount),
    },
  });
}

/** The agent's inbox item of an adjustment of its own account; players have no inbox. */
function noticeOf(row: AdjustmentRow): Notice | null {
  if (row.ownerType !== 'agent') return null;
  return {
    agentId: row.ownerId,
    kind: row.currency === 'balance' ? 'balanceAdjusted' : 'diamondsAdjusted',
    params: {
      amount: (row.amount > 0 ? '+' : '-') + show(row.currency, Math.abs(row.amount)),
      note: row.notice ?? '',
    },
    ref: { type: 'adjustment', id: String(row.id) },
  };
}

async function targetExists(tx: Tx, input: AdjustmentInput): Promise<boolean> {
  if (input.ownerType === 'agent') {
    const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, input.ownerId));
    return agent !== undefined;
  }
  const [player] = await tx.select({ id: players.id }).from(players).where(eq(players.id, input.ownerId));
  return player !== undefined;
}

/** What the adjustment is worth in fen, for the two-person rule: diamonds at the retail price. */
async function valueFen(tx: Tx, input: AdjustmentInput): Promise<number> {
  if (input.currency === 'balance') return moneyToFen(input.amount);
  return Number(input.amount) * moneyToFen(await getOption(tx, 'price.retail'));
}

/**
 * Creates an adjustment, once per (operator, requestId): at or below the threshold it is applied in the same
 * transaction; above it, it waits (pending) for another operator. A debit that does not fit is refused either way.
 */
export async function createAdjustment(
  db: Db,
  actor: AdjustmentActor,
  input: AdjustmentInput,
): Promise<TAdjustment> {
  const { requestId, ...params } = input;
  const magnitude = input.currency === 'balance' ? moneyToFen(input.amount) : Number(input.amount);
  const amount = input.direction === 'credit' ? magnitude : -magnitude;
  const id = await once(
    db,
    { actorType: 'operator', actorId: actor.operatorId },
    requestId,
    'adjustment.create',
    params,
    async (tx) => {
      if (input.ownerType === 'player' && input.currency !== 'diamonds')
        throw new AppError('adjustmentTargetNotFound');
      if (!(await targetExists(tx, input))) throw new AppError('adjustmentTargetNotFound');
      const { approvalsNeeded, reason: reviewReason } = await decideApprovals(tx, {
        kind: 'adjustment',
        operatorId: actor.operatorId,
        target: { type: input.ownerType, id: input.ownerId },
        valueFen: await valueFen(tx, input),
      });
      const [row] = await tx
        .insert(adjustments)
        .values({
          ownerType: input.ownerType,
          ownerId: input.ownerId,
          currency: input.currency,
          amount,
          reason: input.reason,
          status: 'pending',
          approvalsNeeded,
          reviewReason,
          notice: input.notice ?? null,
          createdBy: actor.operatorId,
        })
        .returning();
      const created = row as AdjustmentRow;
      await recordAudit(tx, actor, {
        action: 'adjustment.create',
        target: { type: 'adjustment', id: String(created.id) },
        after: {
          status: approvalsNeeded === 1 ? 'applied' : 'pending',
          owner: `${input.ownerType}:${input.ownerId}`,
          currency: input.currency,
          amount: show(input.currency, amount),
          reason: input.reason,
          ...(input.notice ? { notice: input.notice } : {}),
          approvalsNeeded,
          reviewReason,
        },
      });
      if (approvalsNeeded === 1) {
        await apply(tx, actor, created);
      } else if (amount < 0) {
        // Refused now rather than at the approval, when it is already clear that it cannot be applied.
        const value = await accountValue(tx, ownerOf(created), created.currency);
        if (value + amount < 0) throw insufficient(created, value);
      }
      return String(created.id);
    },
  );
  return loadDto(db, Number(id));
}

/** The second operator's approval of a pending adjustment: applied once, whoever clicks at the same time. */
export async function approveAdjustment(db: Db, actor: AdjustmentActor, id: number): Promise<TAdjustment> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
    if (!row) throw new AppError('adjustmentNotFound');
    if (row.status !== 'pending')
      throw new AppError('adjustmentStateChanged', { status: adjustmentStatusRef(row.status) });
    if (row.createdBy === actor.operatorId) throw new AppError('adjustmentOwnApproval');
    await apply(tx, actor, row);
  });
  return loadDto(db, id);
}

/** Refuses a pending adjustment with a reason: nothing is applied. */
export async function rejectAdjustment(
  db: Db,
  actor: AdjustmentActor,
  id: number,
  reason: string,
): Promise<TAdjustment> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(adjustments)
      .set({ status: 'rejected', decidedBy: actor.operatorId, decidedAt: sql`now()`, rejectReason: reason })
      .where(and(eq(adjustments.id, id), eq(adjustments.status, 'pending')))
      .returning({ id: adjustments.id });
    if (!row) {
      const [current] = await tx
        .select({ status: adjustments.status })
        .from(adjustments)
        .where(eq(adjustments.id, id));
      throw current
        ? new AppError('adjustmentStateChanged', { status: adjustmentStatusRef(current.status) })
        : new AppError('adjustmentNotFound');
    }
    await recordAudit(tx, actor, {
      action: 'adjustment.reject',
      target: { type: 'adjustment', id: String(id) },
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
  });
  return loadDto(db, id);
}

/** The list's filters: the list's and the CSV export's (reports), so both show the same adjustments. */
export interface AdjustmentFilter {
  status?: AdjustmentStatus | undefined;
  ownerType?: 'agent' | 'player' | undefined;
  ownerId?: number | undefined;
}

export function adjustmentFilter(query: AdjustmentFilter): SQL | undefined {
  return and(
    query.status ? eq(adjustments.status, query.status) : undefined,
    query.ownerType ? eq(adjustments.ownerType, query.ownerType) : undefined,
    query.ownerId !== undefined ? eq(adjustments.ownerId, query.ownerId) : undefined,
  );
}

export interface AdjustmentQuery extends AdjustmentFilter {
  page: number;
  pageSize: number;
  sort?: AdminAdjustmentSort;
  order?: SortOrder;
}

/**
 * The list's order: as asked, else pending ones oldest first (the order they are worked in) and the others newest
 * first. The id breaks ties; the undecided ones come last when sorted by decision time, either way.
 */
function adjustmentOrder(query: AdjustmentQuery): SQL[] {
  const direction = query.order ?? (query.sort ? 'desc' : query.status === 'pending' ? 'asc' : 'desc');
  const by = direction === 'asc' ? asc : desc;
  const id = by(adjustments.id);
  if (query.sort === 'decidedAt')
    return [sql`${adjustments.decidedAt} ${sql.raw(direction)} nulls last`, by(adjustments.createdAt), id];
  return [by(adjustments.createdAt), id];
}

/** Adjustments filtered, sorted (adjustmentOrder) and paginated on the server. */
export async function listAdjustments(db: DbOrTx, query: AdjustmentQuery) {
  const where = adjustmentFilter(query);
  const order = adjustmentOrder(query);
  const [rows, [total]] = await Promise.all([
    selectAdjustments(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(adjustments).where(where),
  ]);
  return { list: rows.map(toDto), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
