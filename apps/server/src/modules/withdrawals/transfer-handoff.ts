import type { TWithdrawalPayout, WithdrawalTransferStatus } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { agents, players, withdrawals } from '../../db/schema';
import { AppError } from '../../errors';
import { addJob } from '../../jobs/job-deps';
import { getOption } from '../options/options-service';

/**
 * The withdrawals' side of automatic payouts (decision 046): the hand-off of an approved withdrawal to the transfer job
 * and what the review service must know of an open transfer. It lives here, below modules/payout-transfers (the job,
 * which settles withdrawals through the review service), so the two modules never import each other.
 */

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The job that sends, asks about and settles one withdrawal's transfer; payload `{ withdrawalId }`. */
export const TRANSFER_TASK = 'withdrawal_transfer';
/** The periodic job that gives a new job to transfers whose own was lost. */
export const TRANSFER_SWEEP_TASK = 'withdrawal_transfer_sweep';

/** One withdrawal has one job key: adding it again moves the waiting job, never adds a second. */
export const transferJobKey = (withdrawalId: number) => `transfer:${withdrawalId}`;

/**
 * The provider's id of a withdrawal's transfer (WeChat Pay's out_bill_no, 5-32 letters and digits): 'WD' and the id
 * on 10 digits. One withdrawal, one transferId, for ever: never another for the same money.
 */
export function transferIdOf(withdrawalId: number): string {
  return `WD${String(withdrawalId).padStart(10, '0')}`;
}

/** The withdrawal a transferId names, or null when it is not one of ours. */
export function withdrawalIdOf(transferId: string): number | null {
  const match = /^WD(\d{10,13})$/.exec(transferId);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && transferIdOf(id) === transferId ? id : null;
}

/** Why a WeChat withdrawal is paid by hand although automatic payouts are on: its agent has no openid here. */
export const NO_OPENID = 'NO_OPENID';

/**
 * Called by approveWithdrawal in its transaction, at the compare-and-set to 'approved': a withdrawal to a WeChat payout
 * account, with `withdraw.autoTransfer` on and an openid for the agent's player, is to be paid by the job queue
 * (payout_method 'transfer', its job added in this transaction, so it exists exactly when the approval commits).
 * Without an openid it stays to be paid by hand, and the console is told why. Answers what the approval's audit entry
 * records of it.
 */
export async function handOffTransfer(tx: Tx, row: WithdrawalRow): Promise<{ payout?: 'transfer' | 'hand' }> {
  if (row.accountType !== 'wechat' || row.status !== 'approved') return {};
  if ((await getOption(tx, 'withdraw.autoTransfer')) !== 'true') return {};
  const [payee] = await tx
    .select({ openid: players.wechatOpenId })
    .from(agents)
    .innerJoin(players, eq(players.id, agents.playerId))
    .where(eq(agents.id, row.agentId));
  if (!payee?.openid) {
    await tx.update(withdrawals).set({ transferError: NO_OPENID }).where(eq(withdrawals.id, row.id));
    return { payout: 'hand' };
  }
  await tx
    .update(withdrawals)
    .set({ payoutMethod: 'transfer', transferCheckAt: sql`now()`, transferError: null })
    .where(eq(withdrawals.id, row.id));
  await addJob(tx, TRANSFER_TASK, { withdrawalId: row.id }, { key: transferJobKey(row.id) });
  return { payout: 'transfer' };
}

/**
 * Whether the job queue is on the withdrawal's transfer: it has one and a time to look at it again. Once settled, or
 * left for a person (a refusal nobody can read on its own: transfer_error, no time), it is not.
 */
export const transferOpen = (row: Pick<WithdrawalRow, 'payoutMethod' | 'transferCheckAt'>) =>
  row.payoutMethod === 'transfer' && row.transferCheckAt !== null;

/** Refuses to settle by hand a withdrawal whose transfer is open (called by the review service's transition). */
export function assertNoOpenTransfer(row: Pick<WithdrawalRow, 'payoutMethod' | 'transferCheckAt'>): void {
  if (transferOpen(row)) throw new AppError('withdrawalTransferOpen');
}

/** How the console sees it paid (ZWithdrawalPayout). */
export function payoutOf(row: WithdrawalRow): TWithdrawalPayout {
  return {
    method: row.payoutMethod ?? 'hand',
    transferStatus: row.transferStatus as WithdrawalTransferStatus | null,
    transferRef: row.transferRef,
    transferError: row.transferError,
    transferOpen: transferOpen(row),
    batchId: row.payoutBatchId === null ? null : String(row.payoutBatchId),
  };
}

/** Whether the agent has a transfer to confirm in WeChat (ZWithdrawal.confirm). */
export function awaitsConfirmation(
  row: Pick<WithdrawalRow, 'status' | 'payoutMethod' | 'transferStatus' | 'transferPackage'>,
): boolean {
  return (
    row.status === 'approved' &&
    row.payoutMethod === 'transfer' &&
    row.transferStatus === 'waitUserConfirm' &&
    row.transferPackage !== null
  );
}
