import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import {
  fenToMoney,
  moneyToFen,
  type PayoutBatchStatus,
  type PayoutChannel,
  type PayoutLineAction,
  type TAdminWithdrawal,
  type TPayoutFile,
} from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import { saveFile } from '../../../../lib/download';

/** The kinds of payout file, in the order the console offers them. */
export const CHANNELS: readonly PayoutChannel[] = ['bank', 'alipay'];

/**
 * Whether an approved withdrawal may go in a new payout file: to a bank card or Alipay, in no open file nor a WeChat
 * transfer, its agent not frozen (the server checks it all again, and says why it leaves one out).
 */
export function exportable(
  row: Pick<TAdminWithdrawal, 'status' | 'accountType' | 'payout' | 'agentStatus'>,
): boolean {
  return (
    row.status === 'approved' &&
    (row.accountType === 'bank' || row.accountType === 'alipay') &&
    row.payout.method === 'hand' &&
    row.payout.batchId === null &&
    row.agentStatus !== 'frozen'
  );
}

/** What a payout file pays for a withdrawal: its amount less its fee, in fen. */
export const payoutFen = (row: Pick<TAdminWithdrawal, 'amount' | 'fee'>) =>
  moneyToFen(row.amount) - moneyToFen(row.fee);

/** The count and total (what a file pays) of withdrawals, by kind of file. */
export function totalsByChannel(rows: readonly Pick<TAdminWithdrawal, 'accountType' | 'amount' | 'fee'>[]) {
  const totals = Object.fromEntries(CHANNELS.map((channel) => [channel, { count: 0, fen: 0 }])) as Record<
    PayoutChannel,
    { count: number; fen: number }
  >;
  for (const row of rows) {
    if (row.accountType !== 'bank' && row.accountType !== 'alipay') continue;
    totals[row.accountType].count += 1;
    totals[row.accountType].fen += payoutFen(row);
  }
  return {
    bank: { count: totals.bank.count, amount: fenToMoney(totals.bank.fen) },
    alipay: { count: totals.alipay.count, amount: fenToMoney(totals.alipay.fen) },
    all: {
      count: totals.bank.count + totals.alipay.count,
      amount: fenToMoney(totals.bank.fen + totals.alipay.fen),
    },
  };
}

/** Hands a payout file to the browser's downloads, as the server made it (UTF-8, its byte order mark first). */
export function savePayoutFile(file: TPayoutFile): void {
  saveFile(new Blob([file.content], { type: 'text/csv;charset=utf-8' }), file.name);
}

/**
 * A result file's text: UTF-16 by its byte order mark (Excel's "Unicode text"), UTF-8 when it is valid UTF-8, else
 * GB18030 (what Chinese banks' files often are).
 */
export async function readResultText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

const BATCH_COLORS: Record<PayoutBatchStatus, ChipProps['color']> = {
  exported: 'info',
  settled: 'success',
  cancelled: 'default',
};

export function PayoutBatchStatusChip({ status }: { status: PayoutBatchStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={BATCH_COLORS[status]}
      label={t(`adminPayouts.status.${status}`)}
      data-testid="payout-batch-status"
      data-status={status}
    />
  );
}

const ACTION_COLORS: Record<PayoutLineAction, ChipProps['color']> = {
  markPaid: 'success',
  markFailed: 'warning',
  alreadySettled: 'default',
  notInBatch: 'error',
  unmatched: 'error',
  invalid: 'error',
};

/** Lines that need a person's eye before applying: they will not be applied. */
export const flagged = (action: PayoutLineAction) =>
  action === 'unmatched' || action === 'invalid' || action === 'notInBatch';

export function PayoutActionChip({ action }: { action: PayoutLineAction }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={flagged(action) ? 'filled' : 'outlined'}
      color={ACTION_COLORS[action]}
      label={t(`adminPayouts.action.${action}`)}
      data-testid="payout-line-action"
      data-action={action}
    />
  );
}
