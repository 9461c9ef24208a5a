import { z } from 'zod';
import { call } from './call-def';
import { ZIsoDate, ZPage, ZPageQuery, ZText } from './common';
import { ZWithdrawalStatus } from './enums';
import { ZMoney } from './money';

/**
 * Payout files for banks and Alipay (decisions 043, 044): approved withdrawals exported together for a bulk transfer,
 * then settled by importing the result file in one reviewed step.
 *
 * - A file is made of approved withdrawals of one kind of account (bank cards for 'bank', Alipay for 'alipay'), none
 *   already in an open file or a WeChat transfer; each is claimed by a compare-and-set, so two operators exporting
 *   at once never put one withdrawal in two files. Its CSV holds the whole account numbers: making it, and each
 *   download again, is audited like a reveal (the masked numbers in the entry, never the whole ones).
 * - While its file is open, a withdrawal is settled only by the file's result, never marked by hand; cancelling the
 *   file gives its withdrawals back to the queue as plain approved ones.
 * - A result file is read and matched first (the preview: nothing marked, each line's planned action kept), then
 *   applied once by an operator who reviewed it: each line through the withdrawal's own paid / failed transition
 *   (maker/checker, a failure refunded once), each on its own.
 */

/** The kinds of payout file: a bank's bulk transfer (bank cards) or Alipay's 批量转账 (Alipay accounts). */
export const ZPayoutChannel = z.enum(['bank', 'alipay']);
export type PayoutChannel = z.infer<typeof ZPayoutChannel>;

/** exported: open, waiting for its result; settled: none of its withdrawals is left approved; cancelled. */
export const ZPayoutBatchStatus = z.enum(['exported', 'settled', 'cancelled']);
export type PayoutBatchStatus = z.infer<typeof ZPayoutBatchStatus>;

export const ZPayoutImportStatus = z.enum(['previewed', 'applied', 'discarded']);
export type PayoutImportStatus = z.infer<typeof ZPayoutImportStatus>;

/** The most withdrawals one payout file holds. */
export const PAYOUT_FILE_MAX_ITEMS = 500;
/** The longest result file taken, in characters (the request's body is at most 256 KB). */
export const PAYOUT_RESULT_MAX_CHARS = 200_000;

/**
 * What applying a result file's line will do (or why it will not):
 * - markPaid, markFailed: an approved withdrawal of this file whose amount and account agree with the line;
 * - alreadySettled: its withdrawal is paid or failed already (nothing is marked twice);
 * - notInBatch: it names a withdrawal of another file, or of none;
 * - unmatched: it names no withdrawal (an unknown reference, a line number beyond the file);
 * - invalid: it names a withdrawal of this file, but cannot be applied (`problem` says why).
 */
export const PAYOUT_LINE_ACTIONS = [
  'markPaid',
  'markFailed',
  'alreadySettled',
  'notInBatch',
  'unmatched',
  'invalid',
] as const;
export const ZPayoutLineAction = z.enum(PAYOUT_LINE_ACTIONS);
export type PayoutLineAction = z.infer<typeof ZPayoutLineAction>;

/** Why a line is unmatched or invalid. */
export const ZPayoutLineProblem = z.enum([
  /** Neither a reference nor a line number. */
  'noKey',
  /** A reference that is none of ours (WD and 10 digits). */
  'unknownReference',
  /** A line number beyond the file's lines. */
  'seqOutOfRange',
  /** Another line names the same withdrawal. */
  'duplicate',
  /** Neither success nor failure (still processing, or a word not known). */
  'statusUnknown',
  'amountUnreadable',
  /** Its amount is not what the withdrawal pays (its amount less its fee). */
  'amountMismatch',
  'accountMissing',
  /** Its account (whole or masked) is not the withdrawal's. */
  'accountMismatch',
]);
export type PayoutLineProblem = z.infer<typeof ZPayoutLineProblem>;

/** A withdrawal's reference in payout files: WD and its id on 10 digits (WD0000000123). */
export const withdrawalFileReference = (id: number | string): string => `WD${String(id).padStart(10, '0')}`;

const ZBatchId = z
  .string()
  .regex(/^\d{1,15}$/, 'id must be digits')
  .refine((value) => Number(value) > 0 && Number(value) <= Number.MAX_SAFE_INTEGER, 'id out of range');
const ZWithdrawalIdText = ZBatchId;
const ZOperatorRef = z.object({ operatorId: z.number().int(), operatorName: z.string() });

export const ZPayoutBatch = z.object({
  id: z.string(),
  channel: ZPayoutChannel,
  status: ZPayoutBatchStatus,
  /** As exported: how many withdrawals, and what the file pays in all (each amount less its fee). */
  count: z.number().int(),
  total: ZMoney,
  fileName: z.string(),
  fileSha256: z.string(),
  createdBy: ZOperatorRef,
  createdAt: ZIsoDate,
  settledBy: ZOperatorRef.nullable(),
  settledAt: ZIsoDate.nullable(),
  /** Who cancelled it, when and why (from the audit log). */
  cancelled: z.object({ operatorName: z.string(), at: ZIsoDate, reason: z.string() }).nullable(),
  /** Its withdrawals now: paid, failed, and still approved (waiting for the result). */
  progress: z.object({ paid: z.number().int(), failed: z.number().int(), open: z.number().int() }),
});
export type TPayoutBatch = z.infer<typeof ZPayoutBatch>;

/** A payout file to save: its name, its CSV text (UTF-8 with a byte order mark), its SHA-256 (hex). */
export const ZPayoutFile = z.object({ name: z.string(), content: z.string(), sha256: z.string() });
export type TPayoutFile = z.infer<typeof ZPayoutFile>;

/** One withdrawal of a payout file, as the console shows it (its account masked). */
export const ZPayoutBatchItem = z.object({
  /** Its line in the file (1-based). */
  seq: z.number().int(),
  id: z.string(),
  reference: z.string(),
  agentId: z.number().int(),
  agentNickname: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  bankName: z.string().nullable(),
  amount: ZMoney,
  fee: ZMoney,
  /** What the file pays: the amount less the fee. */
  payout: ZMoney,
  status: ZWithdrawalStatus,
  /** The payment's reference (the bank's serial number) or the failure's reason, once settled. */
  paymentRef: z.string().nullable(),
  remark: z.string().nullable(),
  settledAt: ZIsoDate.nullable(),
});
export type TPayoutBatchItem = z.infer<typeof ZPayoutBatchItem>;

export const ZPayoutLine = z.object({
  /** Its line in the result file (the header is a line too). */
  line: z.number().int(),
  seq: z.number().int().nullable(),
  reference: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  /** The account as the file has it, masked (a whole number is never kept). */
  account: z.string(),
  /** The amount read (null when it could not be read), and what the withdrawal pays. */
  amount: ZMoney.nullable(),
  expected: ZMoney.nullable(),
  /** Success or failure as read; null when neither. */
  outcome: z.enum(['paid', 'failed']).nullable(),
  /** The bank's (or Alipay's) serial number, and a failure's reason. */
  bankRef: z.string().nullable(),
  reason: z.string().nullable(),
  action: ZPayoutLineAction,
  problem: ZPayoutLineProblem.nullable(),
  /** The withdrawal's state when the file was read. */
  current: ZWithdrawalStatus.nullable(),
  /** Once applied: what happened to it (a refusal's reason in the reader's language). */
  result: z
    .object({ status: z.enum(['paid', 'failed', 'skipped']), reason: z.string().nullable() })
    .nullable(),
});
export type TPayoutLine = z.infer<typeof ZPayoutLine>;

const ZCountAmount = z.object({ count: z.number().int(), amount: ZMoney });

export const ZPayoutImport = z.object({
  id: z.string(),
  batchId: z.string(),
  status: ZPayoutImportStatus,
  fileSha256: z.string(),
  uploadedBy: ZOperatorRef,
  createdAt: ZIsoDate,
  appliedBy: ZOperatorRef.nullable(),
  appliedAt: ZIsoDate.nullable(),
  /** Per planned action: how many lines, and their amounts (what the withdrawal pays, else what was read). */
  totals: z.record(ZPayoutLineAction, ZCountAmount),
  /** The file's withdrawals still approved that no line of it names. */
  notInFile: z.array(z.string()),
  lines: z.array(ZPayoutLine),
});
export type TPayoutImport = z.infer<typeof ZPayoutImport>;

/** An import as the batch's detail lists it (without its lines). */
export const ZPayoutImportSummary = ZPayoutImport.omit({ lines: true, notInFile: true });
export type TPayoutImportSummary = z.infer<typeof ZPayoutImportSummary>;

const ZSkipped = z.array(z.object({ id: z.string(), reason: z.string() }));
const ZCancelReason = ZText(500, { min: 1 });

export const adminPayoutFileCalls = {
  adminPayoutBatchCreate: call({
    method: 'POST',
    path: 'admin/payouts/batches/create',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary:
      'Put approved withdrawals of one kind of account (bank cards, or Alipay) in a new payout file and answer its CSV with the whole account numbers (audited); the others are skipped with their reason',
    input: z.object({
      channel: ZPayoutChannel,
      ids: z.array(ZWithdrawalIdText).min(1).max(PAYOUT_FILE_MAX_ITEMS),
    }),
    data: z.object({ batch: ZPayoutBatch, file: ZPayoutFile, skipped: ZSkipped }),
  }),
  adminPayoutBatchFile: call({
    method: 'POST',
    path: 'admin/payouts/batches/file',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary:
      'The CSV of a payout file again, the same bytes as exported (audited again); not of a cancelled one',
    input: z.object({ id: ZBatchId }),
    data: ZPayoutFile,
  }),
  adminPayoutBatchList: call({
    method: 'GET',
    path: 'admin/payouts/batches/list',
    auth: 'operator',
    right: 'read',
    summary: 'Payout files by status and kind, newest first, with their totals and progress',
    input: ZPageQuery.extend({ status: ZPayoutBatchStatus.optional(), channel: ZPayoutChannel.optional() }),
    data: ZPage(ZPayoutBatch),
  }),
  adminPayoutBatchDetail: call({
    method: 'GET',
    path: 'admin/payouts/batches/detail',
    auth: 'operator',
    right: 'read',
    summary: 'A payout file: its withdrawals (accounts masked) with totals by state, and its imports',
    input: z.object({ id: ZBatchId }),
    data: z.object({
      batch: ZPayoutBatch,
      items: z.array(ZPayoutBatchItem),
      totals: z.record(ZWithdrawalStatus, ZCountAmount),
      imports: z.array(ZPayoutImportSummary),
    }),
  }),
  adminPayoutBatchCancel: call({
    method: 'POST',
    path: 'admin/payouts/batches/cancel',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary:
      'Cancel an open payout file with a reason: its withdrawals still approved go back to the queue, its previews are discarded',
    input: z.object({ id: ZBatchId, reason: ZCancelReason }),
    data: z.object({ batch: ZPayoutBatch, released: z.array(z.string()) }),
  }),
  adminPayoutImportPreview: call({
    method: 'POST',
    path: 'admin/payouts/imports/preview',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary:
      'Read a bank’s (or Alipay’s) result file for an open payout file and match each line: nothing is marked, the planned actions are kept for review',
    input: z.object({
      batchId: ZBatchId,
      content: z
        .string()
        .min(1)
        .max(PAYOUT_RESULT_MAX_CHARS)
        .refine((value) => !value.includes('\u0000'), 'content must be text'),
    }),
    data: ZPayoutImport,
  }),
  adminPayoutImportDetail: call({
    method: 'GET',
    path: 'admin/payouts/imports/detail',
    auth: 'operator',
    right: 'read',
    summary: 'An import of a result file: its lines, their planned actions and, once applied, their results',
    input: z.object({ id: ZBatchId }),
    data: ZPayoutImport,
  }),
  adminPayoutImportApply: call({
    method: 'POST',
    path: 'admin/payouts/imports/apply',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary:
      'Apply a previewed import once: each line marks its withdrawal paid (the bank’s serial number as the reference) or failed (refunded), each on its own; lines refused are reported',
    input: z.object({ importId: ZBatchId }),
    data: z.object({
      import: ZPayoutImport,
      batch: ZPayoutBatch,
      paid: z.array(z.string()),
      failed: z.array(z.string()),
      skipped: ZSkipped,
    }),
  }),
  adminPayoutImportDiscard: call({
    method: 'POST',
    path: 'admin/payouts/imports/discard',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary: 'Discard a previewed import: nothing is marked',
    input: z.object({ importId: ZBatchId }),
    data: ZPayoutImport,
  }),
} as const;
