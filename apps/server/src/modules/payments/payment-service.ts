import { BillType, fenToMoney } from '@promoter/contract';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { agents, orders, paymentNotifications } from '../../db/schema';
import {
  type NotificationInput,
  PaymentNotificationError,
  type PaymentProvider,
  type VerifiedPayment,
} from '../../platform/payments/payment-provider';
import { memo, type Posting, postAll } from '../ledger/ledger-service';
import { type Notice, notify } from '../notifications/notification-service';
import { priceOrder, sharesOf } from './order-pricing';
import type { Share } from './profit';

export type PaymentOutcome =
  | 'delivered'
  | 'duplicate'
  | 'amount-mismatch'
  | 'expired'
  | 'cancelled'
  | 'unknown-order'
  | 'not-paid'
  | 'held';

type OrderRow = typeof orders.$inferSelect;

/** Who earns what from a paid order: from the prices frozen on it when it was created (decision 008). */
async function profitsOf(tx: Tx, order: OrderRow): Promise<{ shares: Share[]; buyer: Posting['owner'] }> {
  const buyer: Posting['owner'] =
    order.agentId !== null
      ? { ownerType: 'agent', ownerId: order.agentId }
      : { ownerType: 'player', ownerId: order.playerId };
  // Orders created before prices were frozen on them (migration 0008) are priced as they are paid.
  const pricing =
    order.pricing ?? (await priceOrder(tx, { playerId: order.playerId, agentId: order.agentId })).pricing;
  return { shares: sharesOf(pricing, order), buyer };
}

/** Whether the agent may receive what it bought (its row share-locked until the payment commits). */
export async function agentIsActive(tx: Tx, agentId: number): Promise<boolean> {
  const [agent] = await tx
    .select({ status: agents.status })
    .from(agents)
    .where(eq(agents.id, agentId))
    .for('share');
  return agent?.status === 'active';
}

/**
 * Who hears of a delivered order, in its transaction: the buying agent (its diamonds came) and each agent paid a share
 * of it (profit from a sub-agent's purchase, or commission on a bound player's). One row per recipient.
 */
function paymentNotices(order: OrderRow, shares: Share[]): Notice[] {
  const ref = { type: 'order', id: order.id };
  const notices: Notice[] = shares.map((share): Notice => {
    const amount = fenToMoney(share.fen);
    return order.agentId !== null
      ? { agentId: share.agentId, kind: 'profitFromAgent', params: { amount, agentId: order.agentId }, ref }
      : {
          agentId: share.agentId,
          kind: 'profitFromPlayer',
          params: { amount, playerId: order.playerId },
          ref,
        };
  });
  if (order.agentId !== null)
    notices.unshift({
      agentId: order.agentId,
      kind: 'orderPaid',
      params: { orderId: order.id, goods: order.goodsName, diamonds: order.diamonds },
      ref,
    });
  return notices;
}

/** How far the provider's clock may run ahead of ours when it says when the buyer paid. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Applies a verified payment notification, once: in one transaction the order (locked) is marked paid, the
 * diamonds are delivered and every agent above earns its profit, all as ledger entries. A repeated or racing
 * notification finds the order paid and changes nothing; a wrong amount or an order no longer payable is not
 * delivered. Every notification is recorded with its outcome.
 */
export async function applyPayment(
  db: Db,
  provider: string,
  payment: VerifiedPayment,
  source: 'notification' | 'query' = 'notification',
): Promise<PaymentOutcome> {
  const outcome = await db.transaction(async (tx): Promise<PaymentOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order || order.provider !== provider) return 'unknown-order';
    if (!payment.paid) return 'not-paid';
    if (order.status === 'paid' || order.status === 'held') return 'duplicate';
    if (order.amountFen !== payment.amountFen) return 'amount-mismatch';
    if (order.status === 'cancelled') return 'cancelled';
    // In time is when the buyer paid, when the provider says so (a notification may come hours late, and
    // WeChat Pay takes no money after the order's time_expire); otherwise when the notification comes.
    const paidInTime =
      payment.paidAt !== undefined && payment.paidAt.getTime() <= order.expiresAt.getTime() + CLOCK_SKEW_MS;
    // A frozen (or pending) buying agent receives nothing: the payment is kept on the order as held, for the
    // operator to refund; no diamonds, no profit up the line.
    const held = order.agentId !== null && !(await agentIsActive(tx, order.agentId));
    const [live] = await tx
      .update(orders)
      .set({
        status: held ? 'held' : 'paid',
        paidAt: payment.paidAt ?? sql`now()`,
        providerRef: payment.providerRef,
      })
      .where(
        and(
          eq(orders.id, order.id),
          paidInTime
            ? inArray(orders.status, ['pending', 'expired'])
            : and(eq(orders.status, 'pending'), sql`${orders.expiresAt} > now()`),
        ),
      )
      .returning();
    if (!live) {
      const closed = await tx
        .update(orders)
        .set({ status: 'expired' })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning();
      await notify(tx, ...expiryNotices(closed));
      return 'expired';
    }
    if (held) {
      await notify(tx, {
        agentId: order.agentId as number,
        kind: 'orderHeld',
        params: { orderId: order.id, goods: live.goodsName },
        ref: { type: 'order', id: order.id },
      });
      return 'held';
    }
    await deliverOrder(tx, live);
    return 'delivered';
  });
  await db.insert(paymentNotifications).values({
    provider,
    orderId: payment.orderId,
    providerRef: payment.providerRef,
    amountFen: payment.amountFen,
    outcome,
    source,
  });
  return outcome;
}

/**
 * What a paid order writes, in the caller's transaction (the order already marked paid and locked): the diamonds to
 * the buyer and each agent's profit share up the line from the prices frozen on the order, as ledger entries, and
 * the notifications of each. A payment delivers through it, and so does an operator's release of a held order.
 */
export async function deliverOrder(tx: Tx, live: OrderRow): Promise<void> {
  const ref = { type: 'order', id: live.id };
  const { shares, buyer } = await profitsOf(tx, live);
  const postings: Posting[] = [
    {
      owner: buyer,
      currency: 'diamonds',
      amount: live.diamonds,
      billType: BillType.buyDiamonds,
      ref,
      memo: memo('memoPurchase', { goods: live.goodsName, quantity: live.quantity }),
    },
    ...shares.map((share): Posting => ({
      owner: { ownerType: 'agent', ownerId: share.agentId },
      currency: 'balance',
      amount: share.fen,
      billType: BillType.profit,
      ref,
      counterparty: buyer,
      memo:
        buyer.ownerType === 'agent'
          ? memo('memoChildPurchaseProfit', { agentId: buyer.ownerId })
          : memo('memoPlayerPurchaseCommission', { playerId: buyer.ownerId }),
    })),
  ];
  await postAll(tx, postings);
  await notify(tx, ...paymentNotices(live, shares));
}

/**
 * A provider's notification as it arrives: verified over its raw bytes by the provider named in its address, then
 * applied once. One that cannot be trusted or read is recorded and refused; the caller tells the provider so.
 */
export async function receiveNotification(
  deps: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  provider: string,
  input: NotificationInput,
): Promise<PaymentOutcome | 'refused' | 'unknown-provider'> {
  if (provider !== deps.payments.name) return 'unknown-provider';
  try {
    const payment = deps.payments.verifyNotification(input);
    return await applyPayment(deps.db, provider, payment);
  } catch (error) {
    if (error instanceof PaymentNotificationError || error instanceof SyntaxError) {
      deps.log.warn({ provider, reason: error.message }, 'payment notification refused');
      await deps.db
        .insert(paymentNotifications)
        .values({ provider, outcome: `refused: ${error.message}`.slice(0, 200) });
      return 'refused';
    }
    throw error;
  }
}

/** How often, at most, one pending order's page makes us ask the provider about it. */
const PROVIDER_CHECK_SECONDS = 10;

/**
 * For a pending order whose notification has not come (late, lost, or the provider gave up), or one expired within
 * a day (it may have been paid in time), asks the provider directly, at most every PROVIDER_CHECK_SECONDS per order whatever the number of pages polling it, and applies
 * a paid answer exactly as a notification (verified the same way, delivered once). Anything else changes nothing.
 * Answers whether the order may have changed.
 */
export async function reconcileWithProvider(
  db: Db,
  payments: PaymentProvider,
  orderId: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!payments.queryPayment) return false;
  const claimed = await db
    .update(orders)
    .set({ providerCheckedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        // An expired order may have been paid in time with its notification lost: asked about for a day.
        inArray(orders.status, ['pending', 'expired']),
        eq(orders.provider, payments.name),
        sql`${orders.expiresAt} > now() - interval '1 day'`,
        or(
          isNull(orders.providerCheckedAt),
          lt(orders.providerCheckedAt, sql`now() - make_interval(secs => ${PROVIDER_CHECK_SECONDS})`),
        ),
      ),
    )
    .returning({ id: orders.id });
  if (claimed.length === 0) return false;
  try {
    const payment = await payments.queryPayment(orderId);
    if (payment.orderId !== orderId || !payment.paid) return false;
    return (await applyPayment(db, payments.name, payment, 'query')) !== 'duplicate';
  } catch (error) {
    log.warn({ err: error, orderId }, 'could not ask the payment provider about an order');
    return false;
  }
}

/** The buying agents of orders just closed unpaid hear of it (players have no inbox). */
function expiryNotices(closed: OrderRow[]): Notice[] {
  return closed.flatMap((order): Notice[] =>
    order.agentId === null
      ? []
      : [
          {
            agentId: order.agentId,
            kind: 'orderExpired',
            params: { orderId: order.id, goods: order.goodsName },
            ref: { type: 'order', id: order.id },
          },
        ],
  );
}

/**
 * Orders left unpaid past their time are closed, their buying agents told in the same transaction; a late payment
 * for them is never delivered.
 */
export async function expireOrders(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ status: 'expired' })
      .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, sql`now()`)))
      .returning();
    await notify(tx, ...expiryNotices(expired));
    return expired.length;
  });
}

export async function cancelOrder(db: Db, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}
