import type {
  TCountDiamonds,
  TGameReconciliation,
  TGameReconciliationFigures,
  TReportPeriod,
} from '@promoter/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { getPlatformTimeZone } from '../options/options-service';
import { resolvePeriod } from './report-service';

/**
 * The game's daily reconciliation (decision 040): per calendar day of the platform's time zone, by the time the
 * ledger credited it, what the ledger gave players and took back (each event of the outbox joined to its ledger
 * entry: the ledger's amounts, not the event's copy) against what the game acknowledged (events delivered, whenever
 * they were), and the difference: events and net diamonds the game has not acknowledged yet, of which how many wait
 * and how many failed. Read in one read-only snapshot (game_events_created_idx over the period).
 */

/** What a day (or the period) adds up to, as PostgreSQL sums it. */
type Sums = {
  credited_count: number;
  credited: number;
  debited_count: number;
  debited: number;
  acknowledged_count: number;
  acknowledged: number;
  pending: number;
  failed: number;
};
type DayRow = Sums & { day: string };

const SUMS: readonly (keyof Sums)[] = [
  'credited_count',
  'credited',
  'debited_count',
  'debited',
  'acknowledged_count',
  'acknowledged',
  'pending',
  'failed',
];

const pair = (count: number, diamonds: number): TCountDiamonds => ({
  count: Number(count),
  diamonds: Number(diamonds),
});

function figuresOf(row: Sums): TGameReconciliationFigures {
  const events = Number(row.credited_count) + Number(row.debited_count);
  const net = Number(row.credited) + Number(row.debited);
  return {
    credited: pair(row.credited_count, row.credited),
    debited: pair(row.debited_count, row.debited),
    acknowledged: pair(row.acknowledged_count, row.acknowledged),
    difference: pair(events - Number(row.acknowledged_count), net - Number(row.acknowledged)),
    pending: Number(row.pending),
    failed: Number(row.failed),
  };
}

async function dayRows(db: DbOrTx, timeZone: string, from: string, to: string): Promise<DayRow[]> {
  const result = await db.execute<DayRow>(sql`
    with days as (
      select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
    ),
    events as (
      select (e.created_at at time zone ${timeZone})::date as day,
        count(*) filter (where e.type = 'diamonds.credited')::int as credited_count,
        coalesce(sum(le.amount) filter (where e.type = 'diamonds.credited'), 0)::bigint as credited,
        count(*) filter (where e.type = 'diamonds.debited')::int as debited_count,
        coalesce(sum(le.amount) filter (where e.type = 'diamonds.debited'), 0)::bigint as debited,
        count(*) filter (where e.status = 'delivered')::int as acknowledged_count,
        coalesce(sum(le.amount) filter (where e.status = 'delivered'), 0)::bigint as acknowledged,
        count(*) filter (where e.status = 'pending')::int as pending,
        count(*) filter (where e.status = 'failed')::int as failed
      from game_events e
      join ledger_entries le on le.id = e.entry_id
      where e.created_at >= (${from}::date::timestamp at time zone ${timeZone})
        and e.created_at < ((${to}::date + 1)::timestamp at time zone ${timeZone})
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(ev.credited_count, 0) as credited_count, coalesce(ev.credited, 0) as credited,
      coalesce(ev.debited_count, 0) as debited_count, coalesce(ev.debited, 0) as debited,
      coalesce(ev.acknowledged_count, 0) as acknowledged_count, coalesce(ev.acknowledged, 0) as acknowledged,
      coalesce(ev.pending, 0) as pending, coalesce(ev.failed, 0) as failed
    from days left join events ev using (day)
    order by days.day`);
  return result.rows;
}

/** The reconciliation of a period (the dashboard's period: `from`/`to`, or the last `days` days). */
export async function gameReconciliation(
  db: Db,
  period: TReportPeriod,
  zone?: string,
): Promise<TGameReconciliation> {
  return db.transaction(
    async (tx) => {
      const timeZone = zone ?? (await getPlatformTimeZone(tx));
      const { from, to } = await resolvePeriod(tx, timeZone, period);
      const rows = await dayRows(tx, timeZone, from, to);
      const totals = Object.fromEntries(
        SUMS.map((key) => [key, rows.reduce((sum, row) => sum + Number(row[key]), 0)]),
      ) as Sums;
      return {
        from,
        to,
        timeZone,
        days: rows.map((row) => ({ day: row.day, ...figuresOf(row) })),
        totals: figuresOf(totals),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
