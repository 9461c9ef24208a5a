import { fenToMoney } from '@promoter/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { orders, paymentNotifications, refunds } from '../../db/schema';
import type { RefundState } from '../../platform/payments/payment-provider';
import { memo, memoText } from '../ledger/ledger-service';
import { type Notice, notify } from '../notifications/notification-service';
import { scheduleRefund } from './refund-service';

/**
 * What the provider says of a refund, applied once (decision 043), whoever brings the word: the job's answer to the
 * refund or its query, or the provider's notification. Everything happens in one transaction with the order and the
 * refund locked (in that order, as a new refund locks the order): a refund that already reached a final state changes
 * no more, so a repeated or racing word is a duplicate.
 *
 * - succeeded: the refund is marked so and its clawback posted in the database's own function (`refund_claw_back`,
 *   db/functions/refunds.sql: the buyer's diamonds as far as they are left, each upline's profit share, the rest owed);
 *   the order's refunded total grows, and the whole refunded makes it 'refunded'; the agents concerned are told.
 * - processing: kept, asked about again by the queue.
 * - closed: the provider will not make it; nothing was given back, nothing is taken back.
 * - abnormal: the provider could not pay the buyer (a closed card...): a person settles it in the provider's console;
 *   nothing is taken back here until it is known.
 */
export type RefundOutcome =
  'succeeded' | 'processing' | 'closed' | 'abnormal' | 'duplicate' | 'unknown-refund' | 'amount-mismatch';

const FINAL = ['succeeded', 'closed', 'abnormal', 'rejected', 'failed'] as const;

/** How long after a `processing` answer the queue asks again. */
const ASK_AGAIN_MS = 60_000;

export async function applyRefundState(
  db: Db,
  provider: string,
  state: RefundState,
  source: 'notification' | 'query',
): Promise<RefundOutcome> {
  // The word and its record commit together: a refund settled is never without the line that says how it was told.
  return db.transaction(async (tx) => {
    const outcome = await apply(tx, provider, state);
    const [refund] = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(eq(refunds.id, state.refundId));
    await tx.insert(paymentNotifications).values({
      provider,
      orderId: refund?.orderId ?? null,
      providerRef: state.providerRef || null,
      amountFen: state.amountFen,
      outcome: `refund ${state.refundId}: ${outcome}`.slice(0, 200),
      source,
    });
    return outcome;
  });
}

/** The provider's word applied to the refund it names, in the caller's transaction (applyRefundState). */
async function apply(tx: Tx, provider: string, state: RefundState): Promise<RefundOutcome> {
  const [known] = await tx
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.id, state.refundId));
  if (!known) return 'unknown-refund';
  const [order] = await tx.select().from(orders).where(eq(orders.id, known.orderId)).for('update');
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, state.refundId)).for('update');
  if (!order || !refund || order.provider !== provider) return 'unknown-refund';
  if ((FINAL as readonly string[]).includes(refund.status) || refund.status === 'requested')
    return 'duplicate';
  if (state.amountFen !== refund.amountFen) {
    await tx
      .update(refunds)
      .set({
        lastError: `the provider reports ${fenToMoney(state.amountFen)}, not ${fenToMoney(refund.amountFen)}`,
      })
      .where(eq(refunds.id, refund.id));
    return 'amount-mismatch';
  }
  const providerRef = state.providerRef || refund.providerRef;
  if (state.status === 'processing') {
    const checkAt = new Date(Date.now() + ASK_AGAIN_MS);
    await tx
      .update(refunds)
      .set({ status: 'processing', providerRef, lastError: null, checkAt })
      .where(eq(refunds.id, refund.id));
    await scheduleRefund(tx, refund.id, checkAt);
    return 'processing';
  }
  if (state.status === 'closed' || state.status === 'abnormal') {
    await tx
      .update(refunds)
      .set({ status: state.status, providerRef, checkAt: null, settledAt: sql`now()` })
      .where(eq(refunds.id, refund.id));
    return state.status;
  }
  await settle(tx, order, refund, providerRef, state.succeededAt);
  return 'succeeded';
}

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

interface ClawbackRow {
  o_owner_type: 'agent' | 'player';
  o_owner_id: number;
  o_currency: 'balance' | 'diamonds';
  o_due: string;
  o_taken: string;
  o_owed: string;
}

/** The money reached the buyer: the refund succeeded, its clawback posted, the order's total and status moved on. */
async function settle(
  tx: Tx,
  order: OrderRow,
  refund: RefundRow,
  providerRef: string | null,
  succeededAt: Date | undefined,
): Promise<void> {
  const params = { orderId: order.id };
  const rows = await runPrepared<ClawbackRow>(tx, CLAW_BACK, [
    refund.id,
    memoText(memo('memoRefundClawback', params)),
    memoText(memo('memoRefundOwed', params)),
  ]);
  const refundedFen = order.refundedFen + refund.amountFen;
  const diamondsShort = rows
    .filter((row) => row.o_currency === 'diamonds')
    .reduce((sum, row) => sum + Number(row.o_due) - Number(row.o_taken), 0);
  await tx
    .update(refunds)
    .set({
      status: 'succeeded',
      providerRef,
      lastError: null,
      checkAt: null,
      diamondsShort,
      settledAt: succeededAt ?? sql`now()`,
    })
    .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ['approved', 'processing'])));
  await tx
    .update(orders)
    .set({
      refundedFen,
      ...(refundedFen === order.amountFen ? { status: 'refunded' as const } : {}),
    })
    .where(eq(orders.id, order.id));
  await notify(tx, ...refundNotices(order, refund, rows));
}

/** The buying agent hears its purchase was refunded; each upline that gave back profit hears what, and what it owes. */
function refundNotices(order: OrderRow, refund: RefundRow, rows: ClawbackRow[]): Notice[] {
  const ref = { type: 'order', id: order.id };
  const notices: Notice[] = rows
    .filter((row) => row.o_owner_type === 'agent' && row.o_currency === 'balance' && Number(row.o_due) > 0)
    .map((row) => ({
      agentId: row.o_owner_id,
      kind: 'profitClawedBack',
      params: {
        orderId: order.id,
        amount: fenToMoney(Number(row.o_taken)),
        owed: fenToMoney(Number(row.o_owed)),
      },
      ref,
    }));
  if (order.agentId !== null)
    notices.unshift({
      agentId: order.agentId,
      kind: 'orderRefunded',
      params: { orderId: order.id, amount: fenToMoney(refund.amountFen), goods: order.goodsName },
      ref,
    });
  return notices;
}

const CLAW_BACK = {
  name: 'refund_claw_back_v1',
  text: `select o_owner_type, o_owner_id, o_currency, o_due, o_taken, o_owed
           from refund_claw_back($1::text, $2::text, $3::text)`,
};
