import { z } from 'zod';
import { call } from './call-def';
import { DATE_INPUT_MAX_YEAR, DATE_INPUT_MIN_YEAR, ZIsoDate, ZPage, ZPageQuery, ZText } from './common';
import { ZMoney } from './money';

/**
 * The daily reconciliation with the provider's trade bill (decision 045, part of 043's money out): what the provider
 * says happened against what the ledger says, each mismatch resolved by a person with a reason.
 *
 * Each run is one day of the platform's time zone and one provider: its payments and refunds against the provider's
 * bill (WeChat Pay's /v3/bill/tradebill, its hash checked), its WeChat transfers against the provider's word on each
 * one. An item is one payment, refund or transfer: `matched`, `missingHere` (the provider has it, we do not),
 * `missingThere` (we have it, the provider does not) or `amountDiffers`. The job queue runs yesterday by itself and
 * runs it again once the next day's bill is out (then every item is decided: `final`); an operator with the right
 * `reconcile` runs a past day again now and resolves a mismatch, once, with a reason. Reading is `read`; the CSV file
 * of the items is a report (`reports`, kind `reconciliation`).
 */

// ---- shapes ------------------------------------------------------------------------------------------------------

export const RECONCILIATION_KINDS = ['payment', 'refund', 'transfer'] as const;
export const ZReconciliationKind = z.enum(RECONCILIATION_KINDS);
export type ReconciliationKind = z.infer<typeof ZReconciliationKind>;

export const RECONCILIATION_OUTCOMES = ['matched', 'missingHere', 'missingThere', 'amountDiffers'] as const;
export const ZReconciliationOutcome = z.enum(RECONCILIATION_OUTCOMES);
export type ReconciliationOutcome = z.infer<typeof ZReconciliationOutcome>;

/** The outcomes that need a person: every one but `matched`. */
export const RECONCILIATION_MISMATCHES = ['missingHere', 'missingThere', 'amountDiffers'] as const;

/** A run's items filtered by one outcome, or every mismatch at once (`mismatched`). */
export const RECONCILIATION_ITEM_FILTERS = [...RECONCILIATION_OUTCOMES, 'mismatched'] as const;
export const ZReconciliationItemFilter = z.enum(RECONCILIATION_ITEM_FILTERS);
export type ReconciliationItemFilter = z.infer<typeof ZReconciliationItemFilter>;

/** Mismatches resolved by a person, or still open. */
export const ZReconciliationResolved = z.enum(['resolved', 'unresolved']);
export type ReconciliationResolved = z.infer<typeof ZReconciliationResolved>;

/**
 * How a run ended: `matched` (every item agrees), `mismatched` (at least one does not, resolved or not), `failed` (the
 * bill could not be had or read: `error`, tried again by the schedule). `running` is never seen from outside: a run
 * is written in the one transaction that ends it.
 */
export const RECONCILIATION_RUN_STATUSES = ['running', 'matched', 'mismatched', 'failed'] as const;
export const ZReconciliationRunStatus = z.enum(RECONCILIATION_RUN_STATUSES);
export type ReconciliationRunStatus = z.infer<typeof ZReconciliationRunStatus>;

/** The longest resolution an operator writes. */
export const RECONCILIATION_RESOLUTION_MAX = 500;

/** A real calendar day `YYYY-MM-DD` (a run's day in the platform's time zone). */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const back = new Date(Date.UTC(year, month - 1, date));
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date;
}

/** A day a run covers: `YYYY-MM-DD`, a real date within the years a date input may take. */
export const ZReconciliationDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date: YYYY-MM-DD')
  .refine(isCalendarDay, 'date: not a calendar date')
  .refine((day) => {
    const year = Number(day.slice(0, 4));
    return year >= DATE_INPUT_MIN_YEAR && year <= DATE_INPUT_MAX_YEAR;
  }, `date must be between ${DATE_INPUT_MIN_YEAR} and ${DATE_INPUT_MAX_YEAR}`);

/** A run's or an item's id (a bigint of the database, as digits). */
export const ZReconciliationId = z
  .string()
  .regex(/^\d{1,15}$/, 'id must be digits')
  .refine((value) => Number(value) > 0 && Number(value) <= Number.MAX_SAFE_INTEGER, 'id out of range');

export const ZReconciliationRun = z.object({
  id: z.string(),
  /** The day it covers, in the platform's time zone. */
  date: z.string(),
  /** The provider whose bill it read ('wechat', 'sandbox'). */
  provider: z.string(),
  status: ZReconciliationRunStatus,
  matched: z.number().int(),
  mismatched: z.number().int(),
  /** Mismatches no person has resolved yet. */
  unresolved: z.number().int(),
  /** Why it failed (the provider's code and words); null unless failed. */
  error: z.string().nullable(),
  /**
   * Whether every item is decided: the provider's bill of the next day was out when it ran, so a payment of ours
   * around midnight that the provider put on the next day's bill was looked for there. A run that is not final is run
   * again by the schedule once that bill is out.
   */
  final: z.boolean(),
  startedAt: ZIsoDate,
  finishedAt: ZIsoDate.nullable(),
});
export type TReconciliationRun = z.infer<typeof ZReconciliationRun>;

export const ZReconciliationItem = z.object({
  id: z.string(),
  runId: z.string(),
  kind: ZReconciliationKind,
  /** Our id: the order (a payment), the refund, or the withdrawal's transfer (out_bill_no). */
  ref: z.string(),
  /** The provider's id (transaction_id, refund_id, transfer_bill_no) when one side knows it. */
  providerRef: z.string().nullable(),
  /** What we hold (yuan); null when we do not have it. */
  ours: ZMoney.nullable(),
  /** What the provider holds (yuan); null when it does not have it. */
  theirs: ZMoney.nullable(),
  outcome: ZReconciliationOutcome,
  /** How we hold it now: the order's, the refund's or the withdrawal's status; null when we have no such row. */
  ourStatus: z.string().nullable(),
  /** When we recorded it: the order paid, the refund or the withdrawal settled. */
  ourAt: ZIsoDate.nullable(),
  resolution: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: ZIsoDate.nullable(),
});
export type TReconciliationItem = z.infer<typeof ZReconciliationItem>;

/** What the console's dashboard and the page's head show at a glance. */
export const ZReconciliationSummary = z.object({
  /** The platform's time zone, in which the days are cut. */
  timeZone: z.string(),
  /** Yesterday in that zone: the day the schedule reconciles next. */
  yesterday: z.string(),
  /** Yesterday's run, if there is one yet. */
  yesterdayRun: ZReconciliationRun.nullable(),
  /** The newest day's run. */
  latest: ZReconciliationRun.nullable(),
  /** Open mismatches over every run. */
  unresolved: z.number().int(),
  /** Runs whose last attempt failed (their day has no comparison yet). */
  failed: z.number().int(),
});
export type TReconciliationSummary = z.infer<typeof ZReconciliationSummary>;

/** A run's items by outcome, and its open mismatches, whatever the filter. */
export const ZReconciliationCounts = z.object({
  matched: z.number().int(),
  missingHere: z.number().int(),
  missingThere: z.number().int(),
  amountDiffers: z.number().int(),
  unresolved: z.number().int(),
});
export type TReconciliationCounts = z.infer<typeof ZReconciliationCounts>;

/** The items' filters: the detail's and the CSV export's, so the file holds what the operator sees filtered. */
const ZItemFilters = z.object({
  outcome: ZReconciliationItemFilter.optional(),
  resolved: ZReconciliationResolved.optional(),
  kind: ZReconciliationKind.optional(),
});

/**
 * The CSV export of the items (kind `reconciliation`): one run's (`runId`), or every run's, newest written first,
 * filtered as the run's page is.
 */
export const ZReconciliationExportFilter = ZItemFilters.extend({ runId: ZReconciliationId.optional() });

// ---- calls -------------------------------------------------------------------------------------------------------

export const adminReconciliationCalls = {
  adminReconciliationList: call({
    method: 'GET',
    path: 'admin/reconciliation/runs',
    auth: 'operator',
    right: 'read',
    summary:
      'The daily reconciliations with the provider’s bill, newest day first, with their counts (matched, mismatched, unresolved) and the summary the dashboard shows',
    input: ZPageQuery.extend({ status: ZReconciliationRunStatus.optional() }),
    data: ZPage(ZReconciliationRun).extend({ summary: ZReconciliationSummary }),
  }),
  adminReconciliationDetail: call({
    method: 'GET',
    path: 'admin/reconciliation/detail',
    auth: 'operator',
    right: 'read',
    summary:
      'One run and its items (payments, refunds, transfers) by outcome, resolved or not and kind, open mismatches first, paged',
    input: ZPageQuery.extend({ id: ZReconciliationId, ...ZItemFilters.shape }),
    data: z.object({
      run: ZReconciliationRun,
      counts: ZReconciliationCounts,
      items: ZPage(ZReconciliationItem),
    }),
  }),
  adminReconciliationRun: call({
    method: 'POST',
    path: 'admin/reconciliation/run',
    auth: 'operator',
    right: 'reconcile',
    summary:
      'Reconcile a past day of the platform now (today is refused, and a day whose bill the provider has not made yet): its bill downloaded and compared, replacing a failed run or the day’s earlier run, whose resolutions of the same payment, refund or transfer are kept',
    input: z.object({ date: ZReconciliationDate }),
    data: ZReconciliationRun,
  }),
  adminReconciliationResolve: call({
    method: 'POST',
    path: 'admin/reconciliation/resolve',
    auth: 'operator',
    right: 'reconcile',
    summary: `Resolve a mismatch, once, with what was found or done (1-${RECONCILIATION_RESOLUTION_MAX} characters); a matched item has nothing to resolve`,
    input: z.object({
      itemId: ZReconciliationId,
      resolution: ZText(RECONCILIATION_RESOLUTION_MAX, { min: 1 }),
    }),
    data: ZReconciliationItem,
  }),
} as const;
