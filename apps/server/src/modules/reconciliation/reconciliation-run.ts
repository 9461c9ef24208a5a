import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { reconciliationItems } from '../../db/schema';
import type { JobLog } from '../../jobs/job-deps';
import {
  type PaymentProvider,
  PaymentProviderError,
  type TradeBill,
} from '../../platform/payments/payment-provider';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { getPlatformTimeZone } from '../options/options-service';
import { transferIdOf } from '../withdrawals/transfer-handoff';
import {
  billTotalsError,
  compareDay,
  type OurRecord,
  type ReconciliationLine,
  type TransferCheck,
  transferLine,
} from './reconciliation-compare';
import { addDays, billOutAt, dayIn, isFinal } from './reconciliation-days';

/**
 * One day's reconciliation run (decision 045): the provider's bills and its word on each transfer are had first, with
 * no transaction open (a download takes seconds, a transfer's question one round trip each); then one transaction
 * writes the run and its items, replacing a failed run or the day's earlier run and keeping the resolutions of its
 * items. A failure to have or read the bill records a failed run, unless the day has a complete run already: that is
 * kept as it is (its items are still the best knowledge), and the failure is answered and logged.
 */

export interface ReconcileDeps {
  db: Db;
  payments: Pick<PaymentProvider, 'name' | 'tradeBill' | 'queryTransfer'>;
  log: JobLog;
}

/** A run's row as the service reads it. */
export interface RunRow extends Record<string, unknown> {
  id: string | number;
  provider: string;
  bill_date: string;
  status: 'running' | 'matched' | 'mismatched' | 'failed';
  matched: number;
  mismatched: number;
  error: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

export type DayOutcome =
  | { kind: 'done'; run: RunRow; deferred: number }
  /** `run`: the failed run recorded, or the complete run kept (`kept`). */
  | { kind: 'failed'; error: string; run: RunRow | null; kept: boolean };

/** How many transfers are asked about at once. */
const TRANSFER_QUERIES_AT_ONCE = 4;
/** Items written per statement. */
const INSERT_BATCH = 500;
/** How far back the schedule looks for a day without a complete run. */
export const SCHEDULE_LOOKBACK_DAYS = 7;

const describe = (error: unknown) =>
  (error instanceof PaymentProviderError
    ? `${error.code}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error)
  ).slice(0, 500);

/** A failure of the provider (or of its bill) that ends the run as failed. */
class RunFailure extends Error {}

/** The platform day's bounds as instants, for `from` to `to` (exclusive), in SQL. */
const dayStart = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;

/** Our payments and refunds paid or settled from `from` to `to` (days, `to` excluded), with their platform days. */
async function ourRecords(
  db: Db,
  provider: string,
  timeZone: string,
  from: string,
  to: string,
): Promise<OurRecord[]> {
  const result = await db.execute<{
    kind: 'payment' | 'refund';
    ref: string;
    provider_ref: string | null;
    fen: string | number;
    at: string | Date;
    day: string;
  }>(sql`
    select 'payment' as kind, o.id as ref, o.provider_ref, o.amount_fen as fen, o.paid_at as at,
           to_char(o.paid_at at time zone ${timeZone}, 'YYYY-MM-DD') as day
      from orders o
     where o.provider = ${provider} and o.status in ('paid', 'held', 'refunded')
       and o.paid_at >= ${dayStart(from, timeZone)} and o.paid_at < ${dayStart(to, timeZone)}
    union all
    select 'refund', r.id, r.provider_ref, r.amount_fen, r.settled_at,
           to_char(r.settled_at at time zone ${timeZone}, 'YYYY-MM-DD')
      from refunds r join orders o on o.id = r.order_id
     where o.provider = ${provider} and r.status = 'succeeded'
       and r.settled_at >= ${dayStart(from, timeZone)} and r.settled_at < ${dayStart(to, timeZone)}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    ref: row.ref,
    providerRef: row.provider_ref,
    fen: Number(row.fen),
    at: new Date(row.at),
    day: row.day,
  }));
}

/**
 * The day's transfers as we settled them (withdrawals paid by the provider's transfer, paid or failed that day) and
 * the provider's word on each: transfers are on no trade bill, so each one is asked (`queryTransfer`, outside any
 * transaction). One it does not know is not there; any other failure to ask fails the run.
 */
async function transferChecks(deps: ReconcileDeps, timeZone: string, date: string): Promise<TransferCheck[]> {
  const result = await deps.db.execute<{
    id: string | number;
    fen: string | number;
    status: string;
    transfer_ref: string | null;
  }>(sql`
    select w.id, w.amount_fen - w.fee_fen as fen, w.status, w.transfer_ref
      from withdrawals w
     where w.payout_method = 'transfer' and w.status in ('paid', 'failed')
       and w.settled_at >= ${dayStart(date, timeZone)} and w.settled_at < ${dayStart(addDays(date, 1), timeZone)}
     order by w.id`);
  const rows = result.rows;
  const checks: TransferCheck[] = [];
  for (let start = 0; start < rows.length; start += TRANSFER_QUERIES_AT_ONCE) {
    const batch = rows.slice(start, start + TRANSFER_QUERIES_AT_ONCE);
    checks.push(
      ...(await Promise.all(
        batch.map(async (row): Promise<TransferCheck> => {
          const transferId = transferIdOf(Number(row.id));
          const ourFen = row.status === 'paid' ? Number(row.fen) : null;
          try {
            const state = await deps.payments.queryTransfer(transferId);
            if (state.status === 'succeeded' && state.amountFen === undefined)
              throw new RunFailure(`the provider says transfer ${transferId} succeeded without its amount`);
            return {
              transferId,
              ourFen,
              providerRef: state.providerRef || row.transfer_ref,
              theirFen: state.status === 'succeeded' ? (state.amountFen as number) : null,
            };
          } catch (error) {
            if (error instanceof PaymentProviderError && error.code === 'RESOURCE_NOT_EXISTS')
              return { transferId, ourFen, providerRef: row.transfer_ref, theirFen: null };
            throw error;
          }
        }),
      )),
    );
  }
  return checks;
}

/** The provider's bills of the day, the day before and (once out) the day after, each checked to add up. */
async function billsAround(deps: ReconcileDeps, date: string, now: Date): Promise<Map<string, TradeBill>> {
  const bills = new Map<string, TradeBill>();
  for (const day of [addDays(date, -1), date, addDays(date, 1)]) {
    if (now.getTime() < billOutAt(deps.payments.name, day).getTime()) continue;
    const bill = await deps.payments.tradeBill(day);
    const wrong = billTotalsError(bill);
    if (wrong) throw new RunFailure(`BILL_TOTALS: ${wrong}`);
    bills.set(day, bill);
  }
  return bills;
}

const byKindAndRef = (a: ReconciliationLine, b: ReconciliationLine) =>
  a.kind === b.kind ? (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0) : a.kind < b.kind ? -1 : 1;

/** The day's run row, created 'running' when it has none, locked for this transaction. */
async function lockRun(tx: Tx, provider: string, date: string): Promise<RunRow> {
  await tx.execute(sql`
    insert into reconciliation_runs (provider, bill_date, status) values (${provider}, ${date}, 'running')
    on conflict (provider, bill_date) do nothing`);
  const result = await tx.execute<RunRow>(sql`
    select * from reconciliation_runs where provider = ${provider} and bill_date = ${date} for update`);
  return result.rows[0] as RunRow;
}

/** Writes a complete run: its items replace the day's earlier ones, whose resolutions they keep. */
async function writeRun(
  deps: ReconcileDeps,
  input: { date: string; lines: ReconciliationLine[]; startedAt: Date; deferred: number; actor?: AuditActor },
): Promise<RunRow> {
  const { date, lines, startedAt, actor } = input;
  return deps.db.transaction(async (tx) => {
    const before = await lockRun(tx, deps.payments.name, date);
    const runId = Number(before.id);
    const resolved = await tx.execute<{
      kind: string;
      ref: string;
      resolved_by: number | null;
      resolution: string;
      resolved_at: string | Date;
    }>(sql`
      select kind, ref, resolved_by, resolution, resolved_at from reconciliation_items
       where run_id = ${runId} and resolved_at is not null`);
    const kept = new Map(resolved.rows.map((row) => [`${row.kind}\u0000${row.ref}`, row]));
    await tx.execute(sql`delete from reconciliation_items where run_id = ${runId}`);
    let carried = 0;
    const values = lines.map((line) => {
      const resolution = line.outcome === 'matched' ? undefined : kept.get(`${line.kind}\u0000${line.ref}`);
      if (resolution) carried++;
      return {
        runId,
        kind: line.kind,
        ref: line.ref,
        providerRef: line.providerRef,
        ourFen: line.ourFen,
        theirFen: line.theirFen,
        outcome: line.outcome,
        resolvedBy: resolution?.resolved_by ?? null,
        resolution: resolution?.resolution ?? null,
        resolvedAt: resolution ? new Date(resolution.resolved_at) : null,
      };
    });
    for (let start = 0; start < values.length; start += INSERT_BATCH)
      await tx.insert(reconciliationItems).values(values.slice(start, start + INSERT_BATCH));
    const matched = lines.filter((line) => line.outcome === 'matched').length;
    const mismatched = lines.length - matched;
    const result = await tx.execute<RunRow>(sql`
      update reconciliation_runs
         set status = ${mismatched > 0 ? 'mismatched' : 'matched'}, matched = ${matched},
             mismatched = ${mismatched}, error = null, created_at = ${startedAt.toISOString()}::timestamptz,
             finished_at = now()
       where id = ${runId}
      returning *`);
    const run = result.rows[0] as RunRow;
    if (actor)
      await recordAudit(tx, actor, {
        action: 'reconciliation.run',
        target: { type: 'reconciliationRun', id: String(runId) },
        before:
          before.status === 'running'
            ? null
            : { status: before.status, matched: before.matched, mismatched: before.mismatched },
        after: { date, status: run.status, matched, mismatched, carried, deferred: input.deferred },
      });
    return run;
  });
}

/** Records a failed run, unless the day has a complete run: that one is kept as it is. */
async function writeFailure(
  deps: ReconcileDeps,
  input: { date: string; error: string; startedAt: Date; actor?: AuditActor },
): Promise<{ run: RunRow; kept: boolean }> {
  return deps.db.transaction(async (tx) => {
    const before = await lockRun(tx, deps.payments.name, input.date);
    if (before.status === 'matched' || before.status === 'mismatched') return { run: before, kept: true };
    const result = await tx.execute<RunRow>(sql`
      update reconciliation_runs
         set status = 'failed', matched = 0, mismatched = 0, error = ${input.error},
             created_at = ${input.startedAt.toISOString()}::timestamptz, finished_at = now()
       where id = ${before.id}
      returning *`);
    const run = result.rows[0] as RunRow;
    if (input.actor)
      await recordAudit(tx, input.actor, {
        action: 'reconciliation.run',
        target: { type: 'reconciliationRun', id: String(run.id) },
        before: before.status === 'running' ? null : { status: before.status },
        after: { date: input.date, status: 'failed', error: input.error },
      });
    return { run, kept: false };
  });
}

/**
 * Reconciles `date` (a day of the platform's time zone whose bill is out: the caller checks) now: bills and transfers
 * asked first, outside any transaction; then the run written in one. `actor`: the operator who asked (audited);
 * none for the schedule.
 */
export async function reconcileDay(
  deps: ReconcileDeps,
  date: string,
  options: { actor?: AuditActor; now?: Date; timeZone?: string } = {},
): Promise<DayOutcome> {
  // The clock that decides which bills are out: the run's start, as `final` reads it later.
  const startedAt = options.now ?? new Date();
  const timeZone = options.timeZone ?? (await getPlatformTimeZone(deps.db));
  let lines: ReconciliationLine[];
  let deferred: number;
  try {
    const bills = await billsAround(deps, date, startedAt);
    const ours = await ourRecords(deps.db, deps.payments.name, timeZone, addDays(date, -1), addDays(date, 2));
    const comparison = compareDay({ date, ours, bills });
    const transfers = (await transferChecks(deps, timeZone, date)).map(transferLine);
    lines = [...comparison.lines, ...transfers.filter((line) => line !== null)].sort(byKindAndRef);
    deferred = comparison.deferred;
  } catch (error) {
    if (!(error instanceof PaymentProviderError) && !(error instanceof RunFailure)) throw error;
    const message = describe(error);
    const { run, kept } = await writeFailure(deps, { date, error: message, startedAt, actor: options.actor });
    deps.log.warn(
      { date, provider: deps.payments.name, reason: message, kept },
      'reconciliation: the provider’s bill could not be had',
    );
    return { kind: 'failed', error: message, run, kept };
  }
  const run = await writeRun(deps, { date, lines, startedAt, deferred, actor: options.actor });
  deps.log.info(
    {
      date,
      provider: deps.payments.name,
      status: run.status,
      matched: run.matched,
      mismatched: run.mismatched,
      deferred,
    },
    'reconciliation: day compared',
  );
  return { kind: 'done', run, deferred };
}

/**
 * The schedule's pass (every hour, reconciliation-jobs.ts): each of the last SCHEDULE_LOOKBACK_DAYS days of the
 * platform's time zone before today whose bill is out is reconciled when it has no run, its run failed (tried again
 * every hour), or its run is not final and the bill of the day after is out now (the second pass that decides the
 * records of ours around midnight). Oldest first; one day's failure does not stop the others. Answers what it did.
 */
export async function reconcileDue(
  deps: ReconcileDeps,
  now: Date = new Date(),
): Promise<{ date: string; outcome: DayOutcome['kind'] }[]> {
  const provider = deps.payments.name;
  const timeZone = await getPlatformTimeZone(deps.db);
  const today = dayIn(now, timeZone);
  const first = addDays(today, -SCHEDULE_LOOKBACK_DAYS);
  const existing = await deps.db.execute<{
    bill_date: string;
    status: RunRow['status'];
    created_at: string | Date;
  }>(sql`
    select bill_date, status, created_at from reconciliation_runs
     where provider = ${provider} and bill_date >= ${first} and bill_date < ${today}`);
  const runs = new Map(existing.rows.map((row) => [row.bill_date, row]));
  const done: { date: string; outcome: DayOutcome['kind'] }[] = [];
  for (let date = first; date < today; date = addDays(date, 1)) {
    if (now.getTime() < billOutAt(provider, date).getTime()) continue;
    const run = runs.get(date);
    const due =
      !run ||
      run.status === 'failed' ||
      run.status === 'running' ||
      (!isFinal(provider, date, new Date(run.created_at)) &&
        now.getTime() >= billOutAt(provider, addDays(date, 1)).getTime());
    if (!due) continue;
    const outcome = await reconcileDay(deps, date, { now, timeZone });
    done.push({ date, outcome: outcome.kind });
  }
  return done;
}
