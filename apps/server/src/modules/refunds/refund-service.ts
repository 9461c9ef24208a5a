import { randomBytes } from 'node:crypto';
import {
  fenToMoney,
  moneyToFen,
  type RefundStatus,
  type TAdminRefund,
  type TOrderRefunds,
} from '@promoter/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { accounts, ledgerEntries, operators, orders, refundApprovals, refunds } from '../../db/schema';
import { AppError } from '../../errors';
import { addJob } from '../../jobs/job-deps';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { decideApprovals } from '../controls/two-person-rule';

/**
 * Refunds of the shop's orders (decision 043), the operators' side: an operator with the right `refunds` asks for
 * one; under the two-person rule (decision 037, the refund options) a second, different operator approves it; an
 * approved refund is handed to the job queue in the same transaction (refund-jobs.ts sends it to the provider and asks
 * until it is final), and its clawback is posted when the provider says the money reached the buyer
 * (refund-settlement.ts). Nothing here calls the provider.
 */
export type RefundActor = AuditActor & { operatorId: number };
type RefundRow = typeof refunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The refunds that gave nothing back and never will; every other one counts against what is left to refund. */
const DEAD: RefundStatus[] = ['rejected', 'closed', 'failed'];

/** An order may be refunded once it was paid: delivered, held (nothing delivered), or already refunded in part. */
const REFUNDABLE_STATUSES = new Set<OrderRow['status']>(['paid', 'held']);

/** A new refund's id: the provider's out_refund_no (WeChat Pay: 1-64 of letters, digits, _-|*@). */
const newRefundId = () => `rf_${randomBytes(12).toString('hex')}`;

/** The job that sends a refund to the provider, or asks about it (refund-jobs.ts); one per refund (its key). */
export async function scheduleRefund(tx: DbOrTx, refundId: string, runAt?: Date): Promise<void> {
  await addJob(tx, 'refund_send', { refundId }, { key: `refund:${refundId}`, ...(runAt ? { runAt } : {}) });
}

/** What is still refundable on an order: its amount minus every live refund, read in the caller's transaction. */
async function liveRefundedFen(tx: DbOrTx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ fen: sql<string>`coalesce(sum(${refunds.amountFen}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), notInArray(refunds.status, DEAD)));
  return Number(row?.fen ?? 0);
}

/**
 * Asks for a refund of `amount` of an order, with the reason its buyer reads. The order is locked while the refundable
 * amount is checked, so two refunds at once never pass the order's amount; the same requestId answers the refund it
 * made. Approved at once when one operator may decide it alone, else it waits for a second (approveRefund).
 */
export async function createRefund(
  db: Db,
  actor: RefundActor,
  input: { orderId: string; amount: string; reason: string; requestId: string },
  providerName: string,
): Promise<TAdminRefund> {
  const amountFen = moneyToFen(input.amount);
  const id = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new AppError('orderNotFound');
    const [same] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.requestId, input.requestId)));
    if (same) {
      if (same.amountFen !== amountFen || same.reason !== input.reason) throw new AppError('requestIdReused');
      return same.id;
    }
    if (!REFUNDABLE_STATUSES.has(order.status)) throw new AppError('refundOrderNotPaid');
    // A refund goes back through the provider the buyer paid with.
    if (order.provider !== providerName)
      throw new AppError('refundOtherProvider', { provider: order.provider });
    const refundable = order.amountFen - (await liveRefundedFen(tx, order.id));
    if (amountFen > refundable) throw new AppError('refundTooMuch', { refundable: fenToMoney(refundable) });
    const decision = await decideApprovals(tx, {
      kind: 'refund',
      operatorId: actor.operatorId,
      target:
        order.agentId !== null
          ? { type: 'agent', id: order.agentId }
          : { type: 'player', id: order.playerId },
      valueFen: amountFen,
    });
    const approved = decision.approvalsNeeded === 1;
    const [row] = await tx
      .insert(refunds)
      .values({
        id: newRefundId(),
        orderId: order.id,
        amountFen,
        reason: input.reason,
        requestId: input.requestId,
        createdBy: actor.operatorId,
        approvalsNeeded: decision.approvalsNeeded,
        reviewReason: decision.reason,
        status: approved ? 'approved' : 'requested',
        ...(approved ? { approvedAt: sql`now()`, checkAt: sql`now()` } : {}),
      })
      .returning();
    const refund = row as RefundRow;
    await tx.insert(refundApprovals).values({ refundId: refund.id, operatorId: actor.operatorId });
    if (approved) await scheduleRefund(tx, refund.id);
    await recordAudit(tx, actor, {
      action: 'refund.create',
      target: { type: 'refund', id: refund.id },
      after: {
        orderId: order.id,
        amount: fenToMoney(amountFen),
        reason: input.reason,
        status: refund.status,
        approvalsNeeded: decision.approvalsNeeded,
        reviewReason: decision.reason,
      },
    });
    return refund.id;
  });
  return loadRefund(db, id);
}

/** The refund locked for a review, or the refusal of an action on it. */
async function lockedForReview(tx: Tx, id: string): Promise<RefundRow> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  if (!row) throw new AppError('refundNotFound');
  if (row.status !== 'requested') throw new AppError('refundNotWaiting');
  return row;
}

/**
 * A second operator's approval of a refund that waits for one. Its maker never approves it (maker/checker); once it
 * has the approvals it needs it is approved and handed to the job queue in the same transaction.
 */
export async function approveRefund(db: Db, actor: RefundActor, id: string): Promise<TAdminRefund> {
  await db.transaction(async (tx) => {
    const row = await lockedForReview(tx, id);
    if (row.createdBy === actor.operatorId) throw new AppError('refundOwnApproval');
    const [recorded] = await tx
      .insert(refundApprovals)
      .values({ refundId: id, operatorId: actor.operatorId })
      .onConflictDoNothing()
      .returning({ id: refundApprovals.refundId });
    if (!recorded) throw new AppError('refundAlreadyApprovedByYou');
    const [approvals] = await tx
      .select({ n: count() })
      .from(refundApprovals)
      .where(eq(refundApprovals.refundId, id));
    const done = (approvals?.n ?? 0) >= row.approvalsNeeded;
    if (done) {
      await tx
        .update(refunds)
        .set({ status: 'approved', approvedAt: sql`now()`, checkAt: sql`now()` })
        .where(eq(refunds.id, id));
      await scheduleRefund(tx, id);
    }
    await recordAudit(tx, actor, {
      action: 'refund.approve',
      target: { type: 'refund', id },
      before: { status: 'requested' },
      after: { status: done ? 'approved' : 'requested', approvals: approvals?.n ?? 0 },
    });
  });
  return loadRefund(db, id);
}

/** Rejects a refund that waits for a second operator (its maker may withdraw it so too): nothing is given back. */
export async function rejectRefund(
  db: Db,
  actor: RefundActor,
  id: string,
  reason: string,
): Promise<TAdminRefund> {
  await db.transaction(async (tx) => {
    await lockedForReview(tx, id);
    await tx
      .update(refunds)
      .set({ status: 'rejected', remark: reason, settledAt: sql`now()` })
      .where(eq(refunds.id, id));
    await recordAudit(tx, actor, {
      action: 'refund.reject',
      target: { type: 'refund', id },
      before: { status: 'requested' },
      after: { status: 'rejected', reason },
    });
  });
  return loadRefund(db, id);
}

// ---- reading --------------------------------------------------------------------------------------------------------

/** Each refund's approvals, its maker's name and, once succeeded, its clawbacks (the entries it wrote). */
async function toDtos(db: DbOrTx, rows: RefundRow[]): Promise<TAdminRefund[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [approvals, makers, entries] = await Promise.all([
    db
      .select({
        refundId: refundApprovals.refundId,
        operatorId: refundApprovals.operatorId,
        operatorName: operators.name,
        at: refundApprovals.createdAt,
      })
      .from(refundApprovals)
      .innerJoin(operators, eq(operators.id, refundApprovals.operatorId))
      .where(inArray(refundApprovals.refundId, ids))
      .orderBy(asc(refundApprovals.createdAt)),
    db
      .select({ id: operators.id, name: operators.name })
      .from(operators)
      .where(inArray(operators.id, [...new Set(rows.map((row) => row.createdBy))])),
    db
      .select({
        refId: ledgerEntries.refId,
        ownerType: accounts.ownerType,
        ownerId: accounts.ownerId,
        currency: accounts.currency,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerEntries.refType, 'refund'), inArray(ledgerEntries.refId, ids)))
      .orderBy(asc(ledgerEntries.id)),
  ]);
  const names = new Map(makers.map((m) => [m.id, m.name]));
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    amount: fenToMoney(row.amountFen),
    reason: row.reason,
    status: row.status,
    createdBy: { operatorId: row.createdBy, operatorName: names.get(row.createdBy) ?? '' },
    approvals: approvals
      .filter((a) => a.refundId === row.id)
      .map((a) => ({ operatorId: a.operatorId, operatorName: a.operatorName, at: a.at.toISOString() })),
    approvalsNeeded: row.approvalsNeeded,
    reviewReason: row.reviewReason,
    providerRef: row.providerRef,
    lastError: row.lastError,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
    clawbacks: clawbacksOf(
      entries.filter((e) => e.refId === row.id),
      row.diamondsShort,
    ),
  }));
}

type ClawbackEntry = {
  ownerType: 'agent' | 'player';
  ownerId: number;
  currency: 'balance' | 'diamonds' | 'owed';
  amount: number;
};

/**
 * A refund's entries as one line per account it took from: the balance or diamonds taken, the money left owed, and on
 * the diamonds' line those no longer there.
 */
function clawbacksOf(entries: ClawbackEntry[], diamondsShort: number): TAdminRefund['clawbacks'] {
  const lines = new Map<
    string,
    {
      ownerType: 'agent' | 'player';
      ownerId: number;
      currency: 'balance' | 'diamonds';
      taken: number;
      owed: number;
    }
  >();
  for (const entry of entries) {
    const currency = entry.currency === 'diamonds' ? 'diamonds' : 'balance';
    const key = `${entry.ownerType}:${entry.ownerId}:${currency}`;
    const line = lines.get(key) ?? {
      ownerType: entry.ownerType,
      ownerId: entry.ownerId,
      currency,
      taken: 0,
      owed: 0,
    };
    if (entry.currency === 'owed') line.owed += entry.amount;
    else line.taken += -entry.amount;
    lines.set(key, line);
  }
  return [...lines.values()].map((line) => ({
    ownerType: line.ownerType,
    ownerId: line.ownerId,
    currency: line.currency,
    taken: line.currency === 'diamonds' ? String(line.taken) : fenToMoney(line.taken),
    owed: fenToMoney(line.owed),
    short: line.currency === 'diamonds' ? diamondsShort : 0,
  }));
}

export async function loadRefund(db: DbOrTx, id: string): Promise<TAdminRefund> {
  const rows = await db.select().from(refunds).where(eq(refunds.id, id));
  const [dto] = await toDtos(db, rows);
  if (!dto) throw new AppError('refundNotFound');
  return dto;
}

/** An order's refunds for its detail: what they gave back, what may still be asked for, each refund. */
export async function orderRefunds(
  db: DbOrTx,
  order: { id: string; amountFen: number; refundedFen: number },
): Promise<TOrderRefunds> {
  const rows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, order.id))
    .orderBy(asc(refunds.createdAt));
  const live = rows.filter((row) => !DEAD.includes(row.status)).reduce((sum, row) => sum + row.amountFen, 0);
  return {
    refunded: fenToMoney(order.refundedFen),
    refundable: fenToMoney(Math.max(0, order.amountFen - live)),
    list: await toDtos(db, rows),
  };
}

export interface RefundQuery {
  page: number;
  pageSize: number;
  status?: RefundStatus | undefined;
  orderId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The console's list of refunds: newest first, filtered, paged on the server. */
export async function listRefunds(db: DbOrTx, query: RefundQuery) {
  const where: SQL | undefined = and(
    query.status ? eq(refunds.status, query.status) : undefined,
    query.orderId ? eq(refunds.orderId, query.orderId) : undefined,
    query.from ? gte(refunds.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(refunds.createdAt, new Date(query.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return { list: await toDtos(db, rows), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Whether an order has a refund that is not dead: a held order is then not released (its money is going back). */
export async function hasLiveRefund(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), notInArray(refunds.status, DEAD)))
    .limit(1);
  return row !== undefined;
}
