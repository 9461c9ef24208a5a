import { fenToMoney } from '@promoter/contract';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { agents, paymentNotifications, players, withdrawals } from '../../db/schema';
import { AppError } from '../../errors';
import { DEFAULT_LOCALE, type MessageKey, translate } from '../../i18n/messages';
import { addJob, type JobDeps } from '../../jobs/job-deps';
import {
  type NotificationInput,
  PaymentNotificationError,
  type PaymentProvider,
  PaymentProviderError,
  type TransferRequest,
  type TransferState,
} from '../../platform/payments/payment-provider';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { notify } from '../notifications/notification-service';
import { noticeOf, refund } from '../withdrawals/withdrawal-review-service';
import {
  awaitsConfirmation,
  NO_OPENID,
  TRANSFER_TASK,
  transferIdOf,
  transferJobKey,
  withdrawalIdOf,
} from '../withdrawals/transfer-handoff';
import { failureKey, REFUSED_KEY } from './transfer-reasons';

/**
 * Approved withdrawals paid through the provider's merchant transfer by the job queue (decision 046). One job at a
 * time holds a withdrawal (a compare-and-set on transfer_check_at, its attempt counted), calls the provider outside
 * any transaction, and writes what it learnt in one transaction conditional on that attempt: a second worker, a job
 * run twice, a late notification each find the row moved on and change nothing. The state 'sending' is committed
 * before the first call, so whatever happens after it (a crash, a time-out) leads to a query, never to a transfer
 * sent blind; and a transfer is only ever sent again under its own transferId, which the provider takes once.
 */

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** What the job and the notification route need. */
export type TransferDeps = Pick<JobDeps, 'db' | 'payments' | 'log' | 'notifyBase'>;

/** How long a job holds the withdrawal it works on: far beyond its calls to the provider (8 s each, at most three). */
const CLAIM_SECONDS = 120;
/** How often a transfer waiting for its payee's confirmation is asked about (WeChat Pay closes it after 24 hours). */
const CONFIRM_CHECK_SECONDS = 600;
/** A frozen agent's transfer, not sent yet, waits this long before it is looked at again. */
const HELD_CHECK_SECONDS = 600;
/** A transfer whose time to look again is this overdue has lost its job (a killed worker): the sweep adds one. */
export const OVERDUE_SECONDS = 60;
/** The next look at a transfer on its way, or after a refusal to try again: 15 s doubling up to 10 minutes. */
export const backoffSeconds = (attempts: number) =>
  Math.min(600, 15 * 2 ** Math.max(0, Math.min(attempts, 7) - 1));

/** Refusals of our own making, found before anything moved: a person sees to them, the agent's money waits. */
const OWN_SETUP = new Set([NO_OPENID, 'NOT_CONFIGURED', 'NO_AUTH', 'USER_NAME_REQUIRED']);

/** What the agent receives: the amount less the fee. */
const payoutFenOf = (row: WithdrawalRow) => row.amountFen - row.feeFen;

/** Who settles a withdrawal through the provider, in the audit log: no operator, the provider by name. */
export function providerActor(payments: PaymentProvider, address: string): AuditActor {
  return {
    operatorId: null,
    operatorName: payments.name === 'wechat' ? 'WeChat Pay' : 'Sandbox pay',
    address,
  };
}

/** A refusal or a silence of the provider as the console reads it. */
const problemOf = (error: PaymentProviderError) => `${error.code}: ${error.message}`.slice(0, 500);

/** The transfer of a withdrawal, the same on every send (the provider refuses one transferId with other parameters). */
function requestOf(deps: TransferDeps, row: WithdrawalRow, openid: string): TransferRequest {
  return {
    transferId: transferIdOf(row.id),
    openid,
    amountFen: payoutFenOf(row),
    remark: `佣金提现 ${row.id}`,
    // Sent (encrypted) only from 2,000 yuan, where WeChat Pay checks the payee's real name: the account's holder.
    userName: row.accountName,
    notifyUrl: `${deps.notifyBase}/api/pay/${deps.payments.name}/transfer-notify`,
  };
}

/** Sets the next look at a transfer (and `set`), and gives it its job at that time, in the caller's transaction. */
async function lookAgainIn(
  tx: Tx,
  row: WithdrawalRow,
  seconds: number,
  set: Partial<typeof withdrawals.$inferInsert> = {},
): Promise<void> {
  const [next] = await tx
    .update(withdrawals)
    .set({ ...set, transferCheckAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(withdrawals.id, row.id))
    .returning({ at: withdrawals.transferCheckAt });
  await addJob(
    tx,
    TRANSFER_TASK,
    { withdrawalId: row.id },
    { key: transferJobKey(row.id), runAt: next?.at ?? undefined },
  );
}

interface Claimed {
  row: WithdrawalRow;
  /** Whether the provider may have the transfer already: then it is asked before anything is sent. */
  sent: boolean;
  openid: string | null;
}

/**
 * Takes the withdrawal for one attempt, if it is due: approved, paid by transfer, its time to look come. The attempt
 * is counted and the time moved past the attempt (so no other worker takes it meanwhile); a transfer never sent is
 * marked 'sending' here, committed before the provider is called. A frozen agent's transfer not sent yet is held
 * (decision 037: nothing is paid to a frozen agent), an agent without an openid any more goes back to be paid by hand.
 */
async function claim(db: Db, withdrawalId: number): Promise<Claimed | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.id, withdrawalId),
          eq(withdrawals.status, 'approved'),
          eq(withdrawals.payoutMethod, 'transfer'),
          lte(withdrawals.transferCheckAt, sql`now()`),
        ),
      )
      .for('update');
    if (!row) return null;
    const sent = row.transferStatus !== null;
    const [agent] = await tx
      .select({ status: agents.status, playerId: agents.playerId })
      .from(agents)
      .where(eq(agents.id, row.agentId))
      .for('share');
    const [payee] = await tx
      .select({ openid: players.wechatOpenId })
      .from(players)
      .where(eq(players.id, agent?.playerId ?? 0));
    const openid = payee?.openid ?? null;
    if (!sent && agent?.status === 'frozen') {
      await lookAgainIn(tx, row, HELD_CHECK_SECONDS, { transferError: 'AGENT_FROZEN' });
      return null;
    }
    if (!sent && !openid) {
      await tx
        .update(withdrawals)
        .set({ payoutMethod: null, transferCheckAt: null, transferError: NO_OPENID })
        .where(eq(withdrawals.id, row.id));
      return null;
    }
    const [claimed] = await tx
      .update(withdrawals)
      .set({
        transferCheckAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
        transferAttempts: sql`${withdrawals.transferAttempts} + 1`,
        transferStatus: sent ? row.transferStatus : 'sending',
      })
      .where(eq(withdrawals.id, row.id))
      .returning();
    return { row: claimed as WithdrawalRow, sent, openid };
  });
}

/** What the provider said of a claimed transfer. */
type Answer =
  | { kind: 'state'; state: TransferState }
  /** Refused for good, and the provider confirms it never took it. */
  | { kind: 'refused'; error: PaymentProviderError }
  | { kind: 'error'; error: PaymentProviderError };

/** The provider's word that it has no such transfer (it never took it). */
const notTaken = (error: unknown) =>
  error instanceof PaymentProviderError && error.code === 'RESOURCE_NOT_EXISTS';

/**
 * The provider's calls for one attempt, outside any transaction: a transfer never sent is sent; one that may have
 * been is asked about first, and sent (the same one) only when the provider says it never took it, or asked again
 * for its package_info (a query does not carry it). A final refusal is checked with one more query before it is
 * believed. Throws only what is not the provider's (then nothing is recorded, and the sweep finds the withdrawal).
 */
async function askProvider(deps: TransferDeps, claimed: Claimed): Promise<Answer> {
  const { payments } = deps;
  const transferId = transferIdOf(claimed.row.id);
  const send = () => {
    if (!claimed.openid)
      throw new PaymentProviderError('the agent has no openid to send the transfer to', { code: NO_OPENID });
    return payments.transfer(requestOf(deps, claimed.row, claimed.openid));
  };
  try {
    if (!claimed.sent) return { kind: 'state', state: await send() };
    let state: TransferState;
    try {
      state = await payments.queryTransfer(transferId);
    } catch (error) {
      if (notTaken(error)) return { kind: 'state', state: await send() };
      throw error;
    }
    if (state.status === 'waitUserConfirm' && !state.packageInfo && claimed.row.transferPackage === null)
      state = await send();
    return { kind: 'state', state };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.retryable || error.outcomeUnknown) return { kind: 'error', error };
    try {
      return { kind: 'state', state: await payments.queryTransfer(transferId) };
    } catch (query) {
      if (notTaken(query))
        return OWN_SETUP.has(error.code) ? { kind: 'error', error } : { kind: 'refused', error };
      if (query instanceof PaymentProviderError) return { kind: 'error', error: query };
      throw query;
    }
  }
}

export type TransferOutcome =
  | 'not claimed'
  | 'stale'
  | 'paid'
  | 'failed'
  | 'waiting for confirmation'
  | 'on its way'
  | 'retrying'
  | 'left for a person';

/**
 * Writes what the provider said, in one transaction, if the attempt is still the withdrawal's latest and it is still
 * approved (a notification may have settled it meanwhile: then nothing changes).
 */
async function recordAnswer(deps: TransferDeps, claimed: Claimed, answer: Answer): Promise<TransferOutcome> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.id, claimed.row.id),
          eq(withdrawals.status, 'approved'),
          eq(withdrawals.payoutMethod, 'transfer'),
          eq(withdrawals.transferAttempts, claimed.row.transferAttempts),
        ),
      )
      .for('update');
    if (!row) return 'stale';
    const actor = providerActor(deps.payments, 'job queue');
    if (answer.kind === 'state') return applyState(tx, row, answer.state, actor);
    if (answer.kind === 'refused')
      return settleFailed(tx, row, REFUSED_KEY, problemOf(answer.error), null, actor);
    const { error } = answer;
    if (error.retryable || error.outcomeUnknown) {
      if (error.code === 'NOT_ENOUGH')
        deps.log.warn(
          { withdrawalId: row.id },
          'WeChat transfer: the merchant balance is short, it waits for money',
        );
      await lookAgainIn(tx, row, backoffSeconds(row.transferAttempts), { transferError: problemOf(error) });
      return 'retrying';
    }
    deps.log.error({ withdrawalId: row.id, code: error.code }, 'WeChat transfer refused: left for a person');
    await tx
      .update(withdrawals)
      .set({ transferError: problemOf(error), transferCheckAt: null })
      .where(eq(withdrawals.id, row.id));
    return 'left for a person';
  });
}

/**
 * A transfer's state as the provider reports it (an answer, a query, a notification), written on the withdrawal
 * locked by the caller (approved, paid by transfer): paid once it succeeded, failed and refunded once it failed or
 * was called off, otherwise looked at again later; the agent is told once when it has to confirm in WeChat. An
 * answer about another amount than ours settles nothing: a person looks.
 */
async function applyState(
  tx: Tx,
  row: WithdrawalRow,
  state: TransferState,
  actor: AuditActor,
): Promise<TransferOutcome> {
  const transferRef = state.providerRef || row.transferRef;
  if (
    state.transferId !== transferIdOf(row.id) ||
    (state.amountFen !== undefined && state.amountFen !== payoutFenOf(row))
  ) {
    await tx
      .update(withdrawals)
      .set({
        transferStatus: state.status,
        transferRef,
        transferCheckAt: null,
        transferError: `AMOUNT_MISMATCH: the provider reports ${fenToMoney(state.amountFen ?? 0)} for ${state.transferId}`,
      })
      .where(eq(withdrawals.id, row.id));
    return 'left for a person';
  }
  if (state.status === 'succeeded') return settlePaid(tx, row, state, actor);
  if (state.status === 'failed' || state.status === 'cancelled')
    return settleFailed(tx, row, failureKey(state), state.failReason ?? null, state, actor);
  if (state.status === 'waitUserConfirm') {
    await lookAgainIn(tx, row, CONFIRM_CHECK_SECONDS, {
      transferStatus: state.status,
      transferRef,
      transferPackage: state.packageInfo ?? row.transferPackage,
      transferError: null,
    });
    if (row.transferStatus !== 'waitUserConfirm')
      await notify(tx, {
        agentId: row.agentId,
        kind: 'withdrawalConfirm',
        params: { amount: fenToMoney(row.amountFen) },
        ref: { type: 'withdrawal', id: String(row.id) },
      });
    return 'waiting for confirmation';
  }
  await lookAgainIn(tx, row, backoffSeconds(row.transferAttempts), {
    transferStatus: state.status,
    transferRef,
    transferPackage: null,
    transferError: null,
  });
  return 'on its way';
}

/** Succeeded: approved -> paid (compare-and-set) with the provider's reference, its notice and its audit entry. */
async function settlePaid(
  tx: Tx,
  row: WithdrawalRow,
  state: TransferState,
  actor: AuditActor,
): Promise<TransferOutcome> {
  const reference = state.providerRef || row.transferRef || transferIdOf(row.id);
  const [paid] = await tx
    .update(withdrawals)
    .set({
      status: 'paid',
      reference,
      settledAt: sql`now()`,
      transferStatus: 'succeeded',
      transferRef: reference,
      transferPackage: null,
      transferCheckAt: null,
      transferError: null,
    })
    .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'approved')))
    .returning();
  if (!paid) return 'stale';
  const notice = noticeOf(paid);
  if (notice) await notify(tx, notice);
  await recordAudit(tx, actor, {
    action: 'withdrawal.pay',
    target: { type: 'withdrawal', id: String(row.id) },
    before: { status: 'approved' },
    after: { status: 'paid', reference, transferId: transferIdOf(row.id) },
  });
  return 'paid';
}

/**
 * Failed, called off, or refused for good and never taken: approved -> failed (compare-and-set) with the reason the
 * agent reads (in the platform's language, as the review service writes it), the amount given back exactly as an
 * operator's failure gives it (`refund`, bill type 7), its notice (read in the agent's language) and its audit entry.
 */
async function settleFailed(
  tx: Tx,
  row: WithdrawalRow,
  reasonKey: MessageKey,
  detail: string | null,
  state: TransferState | null,
  actor: AuditActor,
): Promise<TransferOutcome> {
  const reason = translate(DEFAULT_LOCALE, reasonKey);
  const [failed] = await tx
    .update(withdrawals)
    .set({
      status: 'failed',
      remark: reason,
      settledAt: sql`now()`,
      transferStatus: state?.status ?? 'failed',
      transferRef: state?.providerRef || row.transferRef,
      transferPackage: null,
      transferCheckAt: null,
      transferError: detail,
    })
    .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'approved')))
    .returning();
  if (!failed) return 'stale';
  await refund(tx, failed, reason);
  const notice = noticeOf(failed);
  if (notice?.kind === 'withdrawalFailed')
    await notify(tx, { ...notice, params: { ...notice.params, reasonKey } });
  await recordAudit(tx, actor, {
    action: 'withdrawal.fail',
    target: { type: 'withdrawal', id: String(row.id) },
    before: { status: 'approved' },
    after: {
      status: 'failed',
      reason,
      refunded: fenToMoney(row.amountFen),
      transferId: transferIdOf(row.id),
      ...(detail ? { providerReason: detail } : {}),
    },
  });
  return 'failed';
}

/**
 * One attempt of the job `withdrawal_transfer` on one withdrawal: claim it, ask the provider, record the answer.
 * Answers what it did ('not claimed' when it was not due: another worker has it, or it is settled).
 */
export async function runTransfer(deps: TransferDeps, withdrawalId: number): Promise<TransferOutcome> {
  const claimed = await claim(deps.db, withdrawalId);
  if (!claimed) return 'not claimed';
  const answer = await askProvider(deps, claimed);
  return recordAnswer(deps, claimed, answer);
}

/**
 * The sweep (every minute): transfers whose time to look came more than OVERDUE_SECONDS ago lost their job (a worker
 * killed while it held one, a job given up by the queue) and get a new one, due now. Answers how many.
 */
export async function sweepTransfers(db: Db, limit = 1000): Promise<number> {
  return db.transaction(async (tx) => {
    const overdue = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(
        and(
          sql`${withdrawals.transferCheckAt} < now() - make_interval(secs => ${OVERDUE_SECONDS})`,
          eq(withdrawals.status, 'approved'),
          eq(withdrawals.payoutMethod, 'transfer'),
        ),
      )
      .orderBy(withdrawals.transferCheckAt)
      .limit(limit);
    for (const { id } of overdue)
      await addJob(tx, TRANSFER_TASK, { withdrawalId: id }, { key: transferJobKey(id) });
    return overdue.length;
  });
}

/** What a transfer notification did: as an answer of the job, or nothing (settled, not ours, not trusted). */
export type NotificationOutcome =
  TransferOutcome | 'already settled' | 'unknown transfer' | 'refused' | 'unknown-provider';

/**
 * A transfer's notification (it has ended) as it arrives: verified over its raw bytes by the provider named in its
 * address, then applied as the job applies an answer (once: a settled withdrawal is not settled again), and recorded
 * in payment_notifications. One that cannot be trusted or read is recorded and refused; the caller tells the
 * provider so, and it sends it again.
 */
export async function receiveTransferNotification(
  deps: Pick<TransferDeps, 'db' | 'payments' | 'log'>,
  provider: string,
  input: NotificationInput,
  address: string,
): Promise<NotificationOutcome> {
  if (provider !== deps.payments.name) return 'unknown-provider';
  let state: TransferState;
  try {
    state = deps.payments.verifyTransferNotification(input);
  } catch (error) {
    if (error instanceof PaymentNotificationError || error instanceof SyntaxError) {
      deps.log.warn({ provider, reason: error.message }, 'transfer notification refused');
      await deps.db
        .insert(paymentNotifications)
        .values({ provider, outcome: `refused: ${error.message}`.slice(0, 200) });
      return 'refused';
    }
    throw error;
  }
  const withdrawalId = withdrawalIdOf(state.transferId);
  return deps.db.transaction(async (tx) => {
    let outcome: NotificationOutcome = 'unknown transfer';
    if (withdrawalId !== null) {
      const [row] = await tx
        .select()
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.id, withdrawalId),
            eq(withdrawals.status, 'approved'),
            eq(withdrawals.payoutMethod, 'transfer'),
          ),
        )
        .for('update');
      outcome = row
        ? await applyState(tx, row, state, providerActor(deps.payments, address))
        : 'already settled';
    }
    if (outcome === 'unknown transfer')
      deps.log.warn(
        { provider, transferId: state.transferId },
        'transfer notification of no withdrawal of ours',
      );
    await tx.insert(paymentNotifications).values({
      provider,
      providerRef: state.providerRef || null,
      amountFen: state.amountFen ?? null,
      outcome: `transfer: ${state.status}`,
    });
    return outcome;
  });
}

/**
 * The parameters of WeChat's confirmation of receipt (requestMerchantTransfer) of the agent's own withdrawal, while
 * its transfer waits for it; another agent's withdrawal is not found.
 */
export async function transferConfirmParams(
  db: Db,
  payments: PaymentProvider,
  agentId: number,
  withdrawalId: number,
): Promise<{ mchId: string; appId: string; package: string }> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.agentId, agentId)));
  if (!row) throw new AppError('withdrawalNotFound');
  if (!awaitsConfirmation(row)) throw new AppError('withdrawalNotAwaitingConfirm');
  return payments.transferConfirmParams(row.transferPackage as string);
}
