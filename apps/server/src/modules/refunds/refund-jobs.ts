import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { TaskList } from 'graphile-worker';
import type { Db } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import type { JobDeps } from '../../jobs/job-deps';
import { PaymentProviderError, type RefundState } from '../../platform/payments/payment-provider';
import { scheduleRefund } from './refund-service';
import { applyRefundState } from './refund-settlement';

/**
 * The refunds' jobs (decision 043), on the queue of decision 040:
 * - `refund_send`: one refund to the provider, or a question about it. An approved refund is sent (the same refundId
 *   every time: the provider refunds an out_refund_no once, decision 041), a processing one asked about; the answer is
 *   applied by applyRefundState. A silence or a retryable refusal is tried again later with the same id; a final
 *   refusal is confirmed by a query before the refund is marked failed (a refusal is not proof that no money moved).
 * - `refund_sweep` (every minute): a refund whose check is more than a minute overdue (its job lost, its worker killed
 *   between the provider's answer and our commit) gets a new job; sending it again is safe for the same reason.
 *
 * Each run first claims the refund for LEASE_MS (a compare-and-set on check_at), so two workers never talk to the
 * provider about one refund at once, and the provider is called outside any transaction.
 */
export const REFUND_CRONTAB = ['* * * * * refund_sweep'];

const LEASE_MS = 2 * 60_000;
/** Waits before the next try of a refund that was not settled: 30 s, 1, 2, 5, 10, 30 minutes, then every hour. */
const BACKOFF_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];
export const backoffOf = (attempts: number) =>
  BACKOFF_MS[Math.min(Math.max(attempts - 1, 0), BACKOFF_MS.length - 1)] as number;

type RefundRow = typeof refunds.$inferSelect;

/** Takes the refund for one run: due, still open, and not taken by another worker's run. */
async function claim(db: Db, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      checkAt: new Date(Date.now() + LEASE_MS),
      sentAt: sql`coalesce(${refunds.sentAt}, now())`,
    })
    .where(
      and(
        eq(refunds.id, refundId),
        inArray(refunds.status, ['approved', 'processing']),
        isNotNull(refunds.checkAt),
        lt(refunds.checkAt, sql`now() + interval '1 second'`),
      ),
    )
    .returning();
  return row;
}

/** Keeps the refund open with the provider's last word and tries again after its backoff. */
async function tryLater(db: Db, row: RefundRow, error: string): Promise<void> {
  const checkAt = new Date(Date.now() + backoffOf(row.attempts));
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .update(refunds)
      .set({ lastError: error.slice(0, 500), checkAt })
      .where(and(eq(refunds.id, row.id), inArray(refunds.status, ['approved', 'processing'])))
      .returning({ id: refunds.id });
    if (kept) await scheduleRefund(tx, row.id, checkAt);
  });
}

/** The provider never took the refund and refuses it for good: it is failed, nothing was given back. */
async function markFailed(db: Db, row: RefundRow, error: PaymentProviderError): Promise<void> {
  await db
    .update(refunds)
    .set({
      status: 'failed',
      remark: `${error.code}: ${error.message}`.slice(0, 500),
      checkAt: null,
      settledAt: sql`now()`,
    })
    .where(and(eq(refunds.id, row.id), eq(refunds.status, 'approved')));
}

const describe = (error: unknown) =>
  error instanceof PaymentProviderError ? `${error.code}: ${error.message}` : (error as Error).message;

/** One run of `refund_send`: asks or sends, then applies what the provider said. */
export async function runRefund(deps: JobDeps, refundId: string): Promise<string> {
  const { db, payments } = deps;
  const row = await claim(db, refundId);
  if (!row) return 'not claimed';
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return 'not claimed';
  let state: RefundState;
  try {
    state =
      row.status === 'processing'
        ? await payments.queryRefund(row.id)
        : await payments.refund({
            orderId: order.id,
            refundId: row.id,
            ...(order.providerRef ? { providerRef: order.providerRef } : {}),
            amountFen: row.amountFen,
            totalFen: order.amountFen,
            reason: row.reason,
            notifyUrl: `${deps.notifyBase}/api/pay/${payments.name}/refund-notify`,
          });
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || error.retryable || error.outcomeUnknown) {
      await tryLater(db, row, describe(error));
      return 'retrying';
    }
    // A final refusal: ask before deciding, the provider may hold the refund (a refusal is not signed proof).
    try {
      state = await payments.queryRefund(row.id);
    } catch (queried) {
      if (queried instanceof PaymentProviderError && queried.code === 'RESOURCE_NOT_EXISTS') {
        await markFailed(db, row, error);
        return 'failed';
      }
      await tryLater(db, row, `${describe(error)} (then ${describe(queried)})`);
      return 'retrying';
    }
  }
  const outcome = await applyRefundState(db, payments.name, state, 'query');
  if (outcome === 'amount-mismatch') {
    deps.log.error({ refundId }, 'refund: the provider reports another amount; left for a person');
    await db.update(refunds).set({ checkAt: null }).where(eq(refunds.id, row.id));
  }
  return outcome;
}

/** Refunds whose check is a minute overdue get a new job (lost jobs, killed workers). Answers how many. */
export async function sweepRefunds(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          inArray(refunds.status, ['approved', 'processing']),
          isNotNull(refunds.checkAt),
          lt(refunds.checkAt, sql`now() - interval '1 minute'`),
        ),
      )
      .limit(500);
    for (const { id } of due) await scheduleRefund(tx, id);
    return due.length;
  });
}

export function refundTasks(deps: JobDeps): TaskList {
  return {
    refund_send: async (payload) => {
      const { refundId } = payload as { refundId: string };
      const outcome = await runRefund(deps, refundId);
      if (outcome !== 'succeeded' && outcome !== 'not claimed' && outcome !== 'duplicate')
        deps.log.info({ refundId, outcome }, 'refund not settled yet');
    },
    refund_sweep: async () => {
      const scheduled = await sweepRefunds(deps.db);
      if (scheduled > 0) deps.log.warn({ scheduled }, 'refunds: overdue refunds given a new job');
    },
  };
}
