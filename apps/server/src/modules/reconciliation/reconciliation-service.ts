import {
  type adminReconciliationCalls,
  fenToMoney,
  type ReconciliationItemFilter,
  type ReconciliationKind,
  type ReconciliationResolved,
  type TReconciliationCounts,
  type TReconciliationItem,
  type TReconciliationRun,
  type TReconciliationSummary,
} from '@promoter/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { refuse } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { getPlatformTimeZone } from '../options/options-service';
import { addDays, billOutAt, dayIn, isFinal } from './reconciliation-days';
import { type ReconcileDeps, reconcileDay, type RunRow } from './reconciliation-run';

/**
 * The console's side of the reconciliation (decision 045): the runs with their counts and the summary, a run's items,
 * a past day run now, a mismatch resolved once with a reason. Each action is audited in its own transaction.
 */

const iso = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const money = (fen: string | number | null) => (fen === null ? null : fenToMoney(Number(fen)));

interface ListedRunRow extends RunRow {
  unresolved: number;
}

export function runOf(row: ListedRunRow): TReconciliationRun {
  const finishedAt = iso(row.finished_at);
  return {
    id: String(row.id),
    date: row.bill_date,
    provider: row.provider,
    status: row.status,
    matched: Number(row.matched),
    mismatched: Number(row.mismatched),
    unresolved: Number(row.unresolved ?? 0),
    error: row.error,
    final: row.status !== 'failed' && isFinal(row.provider, row.bill_date, new Date(row.created_at)),
    startedAt: iso(row.created_at) as string,
    finishedAt,
  };
}

/** A run's columns with its open mismatches (counted on the partial index reconciliation_items_open_idx). */
const RUN_COLUMNS = sql`r.*, (select count(*)::int from reconciliation_items i
  where i.run_id = r.id and i.outcome <> 'matched' and i.resolved_at is null) as unresolved`;

async function runById(db: DbOrTx, id: number): Promise<TReconciliationRun | null> {
  const result = await db.execute<ListedRunRow>(
    sql`select ${RUN_COLUMNS} from reconciliation_runs r where r.id = ${id}`,
  );
  const row = result.rows[0];
  return row ? runOf(row) : null;
}

type ListQuery = z.output<typeof adminReconciliationCalls.adminReconciliationList.input>;

/** The runs, newest day first, with the summary of the provider in use now. */
export async function listRuns(db: Db, provider: string, query: ListQuery) {
  const where = query.status ? sql`where r.status = ${query.status}` : sql``;
  const timeZone = await getPlatformTimeZone(db);
  const yesterday = addDays(dayIn(new Date(), timeZone), -1);
  const [rows, total, figures, yesterdayRun, latest] = await Promise.all([
    db.execute<ListedRunRow>(sql`
      select ${RUN_COLUMNS} from reconciliation_runs r ${where}
       order by r.bill_date desc, r.id desc
       limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from reconciliation_runs r ${where}`),
    db.execute<{ unresolved: number; failed: number }>(sql`
      select (select count(*)::int from reconciliation_items
               where outcome <> 'matched' and resolved_at is null) as unresolved,
             (select count(*)::int from reconciliation_runs where status = 'failed') as failed`),
    db.execute<ListedRunRow>(sql`
      select ${RUN_COLUMNS} from reconciliation_runs r
       where r.provider = ${provider} and r.bill_date = ${yesterday}`),
    db.execute<ListedRunRow>(sql`
      select ${RUN_COLUMNS} from reconciliation_runs r
       where r.provider = ${provider} and r.status <> 'running'
       order by r.bill_date desc limit 1`),
  ]);
  const summary: TReconciliationSummary = {
    timeZone,
    yesterday,
    yesterdayRun: yesterdayRun.rows[0] ? runOf(yesterdayRun.rows[0]) : null,
    latest: latest.rows[0] ? runOf(latest.rows[0]) : null,
    unresolved: Number(figures.rows[0]?.unresolved ?? 0),
    failed: Number(figures.rows[0]?.failed ?? 0),
  };
  return {
    list: rows.rows.map(runOf),
    total: Number(total.rows[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    summary,
  };
}

/** The items' filters, as the run's page and its CSV file apply them. */
export interface ItemFilter {
  runId?: number | undefined;
  outcome?: ReconciliationItemFilter | undefined;
  resolved?: ReconciliationResolved | undefined;
  kind?: ReconciliationKind | undefined;
}

export function itemConditions(filter: ItemFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.runId !== undefined) conditions.push(sql`i.run_id = ${filter.runId}`);
  if (filter.outcome === 'mismatched') conditions.push(sql`i.outcome <> 'matched'`);
  else if (filter.outcome) conditions.push(sql`i.outcome = ${filter.outcome}`);
  if (filter.resolved === 'resolved') conditions.push(sql`i.resolved_at is not null`);
  if (filter.resolved === 'unresolved')
    conditions.push(sql`i.outcome <> 'matched' and i.resolved_at is null`);
  if (filter.kind) conditions.push(sql`i.kind = ${filter.kind}`);
  return conditions;
}

/** An item's row: its own columns, who resolved it, and how we hold its payment, refund or transfer now. */
export interface ItemRow extends Record<string, unknown> {
  id: string | number;
  run_id: string | number;
  bill_date: string;
  kind: ReconciliationKind;
  ref: string;
  provider_ref: string | null;
  our_fen: string | number | null;
  their_fen: string | number | null;
  outcome: TReconciliationItem['outcome'];
  resolution: string | null;
  resolved_at: string | Date | null;
  resolved_by_name: string | null;
  our_status: string | null;
  our_at: string | Date | null;
}

/**
 * The select of items with what each refers to: the order (a payment), the refund, or the withdrawal whose transfer
 * it is (its transferId is 'WD' and the withdrawal's id: transfer-handoff.ts), each by its primary key.
 */
export const ITEM_SELECT = sql`
  select i.id, i.run_id, rr.bill_date, i.kind, i.ref, i.provider_ref, i.our_fen, i.their_fen, i.outcome,
         i.resolution, i.resolved_at, op.name as resolved_by_name,
         coalesce(o.status, rf.status, w.status) as our_status,
         case i.kind when 'payment' then o.paid_at when 'refund' then rf.settled_at else w.settled_at end as our_at
    from reconciliation_items i
    join reconciliation_runs rr on rr.id = i.run_id
    left join operators op on op.id = i.resolved_by
    left join orders o on i.kind = 'payment' and o.id = i.ref
    left join refunds rf on i.kind = 'refund' and rf.id = i.ref
    left join withdrawals w on i.kind = 'transfer'
      and w.id = (case when i.ref ~ '^WD[0-9]{10,13}$' then substring(i.ref from 3)::bigint end)`;

export function itemOf(row: ItemRow): TReconciliationItem {
  return {
    id: String(row.id),
    runId: String(row.run_id),
    kind: row.kind,
    ref: row.ref,
    providerRef: row.provider_ref,
    ours: money(row.our_fen),
    theirs: money(row.their_fen),
    outcome: row.outcome,
    ourStatus: row.our_status,
    ourAt: iso(row.our_at),
    resolution: row.resolution,
    resolvedBy: row.resolved_by_name,
    resolvedAt: iso(row.resolved_at),
  };
}

type DetailQuery = z.output<typeof adminReconciliationCalls.adminReconciliationDetail.input>;

/** One run, its counts, and a page of its items: open mismatches first, then resolved ones, then the matched. */
export async function runDetail(db: Db, query: DetailQuery) {
  const runId = Number(query.id);
  const run = await runById(db, runId);
  if (!run) throw refuse('reconciliationRunNotFound');
  const where = sql.join(itemConditions({ ...query, runId }), sql` and `);
  const [rows, total, counts] = await Promise.all([
    db.execute<ItemRow>(sql`${ITEM_SELECT} where ${where}
      order by (i.outcome = 'matched'), (i.resolved_at is not null), i.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from reconciliation_items i where ${where}`),
    db.execute<{ outcome: string; n: number; open: number }>(sql`
      select outcome, count(*)::int as n,
             count(*) filter (where outcome <> 'matched' and resolved_at is null)::int as open
        from reconciliation_items where run_id = ${runId} group by outcome`),
  ]);
  const byOutcome = new Map(counts.rows.map((row) => [row.outcome, row]));
  const count = (outcome: string) => Number(byOutcome.get(outcome)?.n ?? 0);
  const countsOf: TReconciliationCounts = {
    matched: count('matched'),
    missingHere: count('missingHere'),
    missingThere: count('missingThere'),
    amountDiffers: count('amountDiffers'),
    unresolved: counts.rows.reduce((sum, row) => sum + Number(row.open), 0),
  };
  return {
    run,
    counts: countsOf,
    items: {
      list: rows.rows.map(itemOf),
      total: Number(total.rows[0]?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}

async function itemById(db: DbOrTx, id: number): Promise<TReconciliationItem | null> {
  const result = await db.execute<ItemRow>(sql`${ITEM_SELECT} where i.id = ${id}`);
  const row = result.rows[0];
  return row ? itemOf(row) : null;
}

/**
 * A mismatch resolved with what was found or done, once. Under the run's lock, as a run made again takes it: a
 * resolution is never lost to a run replacing its items at the same moment (the run keeps it, or the item is gone
 * and the operator is told to read the run again).
 */
export async function resolveItem(
  db: Db,
  actor: AuditActor,
  input: { itemId: string; resolution: string },
): Promise<TReconciliationItem> {
  const itemId = Number(input.itemId);
  await db.transaction(async (tx) => {
    const found = await tx.execute<{ run_id: string | number }>(
      sql`select run_id from reconciliation_items where id = ${itemId}`,
    );
    const runId = found.rows[0]?.run_id;
    if (runId === undefined) throw refuse('reconciliationItemNotFound');
    await tx.execute(sql`select id from reconciliation_runs where id = ${runId} for update`);
    const updated = await tx.execute<{ kind: string; ref: string; outcome: string }>(sql`
      update reconciliation_items
         set resolution = ${input.resolution}, resolved_by = ${actor.operatorId}, resolved_at = now()
       where id = ${itemId} and outcome <> 'matched' and resolved_at is null
      returning kind, ref, outcome`);
    const row = updated.rows[0];
    if (!row) {
      const now = await tx.execute<{ outcome: string }>(
        sql`select outcome from reconciliation_items where id = ${itemId}`,
      );
      const outcome = now.rows[0]?.outcome;
      if (outcome === undefined) throw refuse('reconciliationItemNotFound');
      throw refuse(outcome === 'matched' ? 'reconciliationItemMatched' : 'reconciliationItemResolved');
    }
    await recordAudit(tx, actor, {
      action: 'reconciliation.resolve',
      target: { type: 'reconciliationRun', id: String(runId) },
      after: {
        itemId: String(itemId),
        kind: row.kind,
        ref: row.ref,
        outcome: row.outcome,
        resolution: input.resolution,
      },
    });
  });
  return (await itemById(db, itemId)) as TReconciliationItem;
}

/** `at` as the platform reads it: '2026-03-02 10:00' in its time zone. */
function localTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * An operator's run of a past day, now: refused for today and later (the day is not over) and before the provider has
 * made the day's bill; otherwise run as the schedule runs it, audited. A bill that cannot be had is refused with the
 * provider's word (the failed run recorded, unless the day's complete run is kept).
 */
export async function runNow(
  deps: ReconcileDeps,
  actor: AuditActor,
  date: string,
): Promise<TReconciliationRun> {
  const now = new Date();
  const timeZone = await getPlatformTimeZone(deps.db);
  const today = dayIn(now, timeZone);
  if (date >= today) throw refuse('reconciliationDateNotPast', { today });
  const out = billOutAt(deps.payments.name, date);
  if (now.getTime() < out.getTime())
    throw refuse('reconciliationBillNotOut', { date, at: localTime(out, timeZone) });
  const outcome = await reconcileDay(deps, date, { actor, now, timeZone });
  if (outcome.kind === 'failed') throw refuse('reconciliationBillFailed', { error: outcome.error });
  return (await runById(deps.db, Number(outcome.run.id))) as TReconciliationRun;
}
