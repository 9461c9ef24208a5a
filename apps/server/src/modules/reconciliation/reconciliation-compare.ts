import type { ReconciliationKind, ReconciliationOutcome } from '@promoter/contract';
import type { TradeBill, TradeBillRow } from '../../platform/payments/payment-provider';
import { addDays, billDayStart } from './reconciliation-days';

/**
 * The comparison of one day (decision 045), with no database and no provider: what we hold against the provider's
 * bills. Each payment and refund has one home, so no run counts it twice and none misses it:
 * - a line of the bill of day D belongs to the run of D: matched with our record of it if we hold one paid (or
 *   settled) on D or the day either side (a payment the provider counted before midnight that we recorded after it,
 *   or the other way round), `amountDiffers` when the amounts differ, `missingHere` when we hold none;
 * - a record of ours on D that is not on the bill of D is looked for on the bills of the day before and the day
 *   after: found there, it belongs to that day's run (matched there); found on neither, it is `missingThere`, unless
 *   the bill of the day after is not out yet and the record falls in the last minutes of D or later in China's time
 *   (where the provider may count it on the next day): then it waits for that bill (`deferred`), and the run is run
 *   again once it is out.
 */

/** How close to the end of the bill's day a record of ours may have been counted by the provider on the next day. */
export const BOUNDARY_MS = 10 * 60_000;

/** A payment or a refund as we hold it. */
export interface OurRecord {
  kind: Extract<ReconciliationKind, 'payment' | 'refund'>;
  /** The order's id (a payment), the refund's id (a refund). */
  ref: string;
  providerRef: string | null;
  fen: number;
  /** When it was paid or settled. */
  at: Date;
  /** That time's day in the platform's time zone. */
  day: string;
}

/** One line of a run, as reconciliation_items keeps it. */
export interface ReconciliationLine {
  kind: ReconciliationKind;
  ref: string;
  providerRef: string | null;
  ourFen: number | null;
  theirFen: number | null;
  outcome: ReconciliationOutcome;
}

export interface Comparison {
  lines: ReconciliationLine[];
  /** Records of ours left for the next day's bill, not yet out. */
  deferred: number;
}

const keyOf = (kind: string, ref: string) => `${kind}\u0000${ref}`;

/** The ref a bill's line is known by here: the order of a payment, the refund's own id of a refund. */
function rowRef(row: TradeBillRow): string {
  return row.kind === 'payment' ? row.orderId : (row.refundId ?? '');
}

/**
 * The lines of one bill by kind and ref. Two lines of one payment (which WeChat Pay never writes) are added up: the
 * sum against ours shows the double charge as `amountDiffers`.
 */
function billLines(bill: TradeBill | undefined): Map<string, { row: TradeBillRow; fen: number }> {
  const lines = new Map<string, { row: TradeBillRow; fen: number }>();
  for (const row of bill?.rows ?? []) {
    const key = keyOf(row.kind, rowRef(row));
    const seen = lines.get(key);
    if (seen) seen.fen += row.amountFen;
    else lines.set(key, { row, fen: row.amountFen });
  }
  return lines;
}

const outcomeOf = (ours: number, theirs: number): ReconciliationOutcome =>
  ours === theirs ? 'matched' : 'amountDiffers';

/**
 * Compares day `date`: `ours` holds our records of `date` and the day either side, `bills` the provider's bills of
 * `date` (required), the day before and, once out, the day after (absent: not out yet).
 */
export function compareDay(input: {
  date: string;
  ours: readonly OurRecord[];
  bills: ReadonlyMap<string, TradeBill>;
}): Comparison {
  const { date, ours } = input;
  const theirs = billLines(input.bills.get(date));
  const before = billLines(input.bills.get(addDays(date, -1)));
  const nextBill = input.bills.get(addDays(date, 1));
  const after = billLines(nextBill);
  const mayBeNextDay = billDayStart(addDays(date, 1)).getTime() - BOUNDARY_MS;
  const oursByKey = new Map(ours.map((record) => [keyOf(record.kind, record.ref), record]));

  const lines: ReconciliationLine[] = [];
  for (const [key, { row, fen }] of theirs) {
    const record = oursByKey.get(key);
    const providerRef = (row.kind === 'refund' ? row.refundProviderRef : row.providerRef) ?? null;
    lines.push({
      kind: row.kind,
      ref: rowRef(row),
      providerRef: providerRef || record?.providerRef || null,
      ourFen: record?.fen ?? null,
      theirFen: fen,
      outcome: record ? outcomeOf(record.fen, fen) : 'missingHere',
    });
  }
  let deferred = 0;
  for (const record of ours) {
    if (record.day !== date) continue;
    const key = keyOf(record.kind, record.ref);
    // On this day's bill (above), or at home on the day before's or the day after's (their runs match it).
    if (theirs.has(key) || before.has(key) || after.has(key)) continue;
    if (!nextBill && record.at.getTime() >= mayBeNextDay) {
      deferred++;
      continue;
    }
    lines.push({
      kind: record.kind,
      ref: record.ref,
      providerRef: record.providerRef,
      ourFen: record.fen,
      theirFen: null,
      outcome: 'missingThere',
    });
  }
  return { lines, deferred };
}

/** A transfer as we settled it, and the provider's word on it (decision 045: transfers are on no trade bill). */
export interface TransferCheck {
  transferId: string;
  /** What we paid out (the withdrawal paid), or null (it failed here: nothing paid). */
  ourFen: number | null;
  providerRef: string | null;
  /** What the provider transferred (its state succeeded), or null (failed, cancelled, on its way, unknown to it). */
  theirFen: number | null;
}

/** A transfer's line; null when neither side moved money (a failed transfer the provider failed too). */
export function transferLine(check: TransferCheck): ReconciliationLine | null {
  const { ourFen, theirFen } = check;
  if (ourFen === null && theirFen === null) return null;
  return {
    kind: 'transfer',
    ref: check.transferId,
    providerRef: check.providerRef,
    ourFen,
    theirFen,
    outcome:
      ourFen === null ? 'missingHere' : theirFen === null ? 'missingThere' : outcomeOf(ourFen, theirFen),
  };
}

/**
 * Whether a bill adds up: its totals line against its own lines (count, paid, refunded). WeChat Pay's reader checks
 * each line; this checks the file is whole, so a cut or doctored bill fails the run instead of passing for a day
 * with less in it.
 */
export function billTotalsError(bill: TradeBill): string | null {
  const sum = (kind: TradeBillRow['kind']) =>
    bill.rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.amountFen, 0);
  const { count, paidFen, refundedFen } = bill.totals;
  if (count !== bill.rows.length || paidFen !== sum('payment') || refundedFen !== sum('refund'))
    return (
      `the bill of ${bill.date} does not add up: its totals say ${count} lines, ${paidFen} fen paid, ` +
      `${refundedFen} fen refunded; its lines ${bill.rows.length}, ${sum('payment')}, ${sum('refund')}`
    );
  return null;
}
