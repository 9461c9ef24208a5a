import {
  addDays,
  DASHBOARD_PRESET_DAYS,
  type DashboardPeriod,
  periodDays,
  type TResolvedPeriod,
} from '@promoter/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { getPlatformTimeZone } from '../options/options-service';

export interface PeriodInput {
  period: DashboardPeriod;
  from?: string;
  to?: string;
}

/**
 * The days a dashboard covers: a preset counts back from today in the platform's time zone (today included), a custom
 * period is taken as given (the contract checked it: in order, at most a year).
 */
export async function resolvePeriod(db: DbOrTx, input: PeriodInput): Promise<TResolvedPeriod> {
  const timeZone = await getPlatformTimeZone(db);
  if (input.period === 'custom' && input.from && input.to)
    return {
      period: 'custom',
      from: input.from,
      to: input.to,
      days: periodDays(input.from, input.to),
      timeZone,
    };
  const days = input.period === 'custom' ? DASHBOARD_PRESET_DAYS['7d'] : DASHBOARD_PRESET_DAYS[input.period];
  const result = await db.execute<{ today: string }>(
    sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as today`,
  );
  const today = (result.rows[0] as { today: string }).today;
  return { period: input.period, from: addDays(today, 1 - days), to: today, days, timeZone };
}

/** The period's first instant (midnight of `from` in the platform's time zone). */
export const periodStart = (p: TResolvedPeriod): SQL =>
  sql`((${p.from}::date)::timestamp at time zone ${p.timeZone})`;

/** The instant the period ends, excluded (midnight after `to`). */
export const periodEnd = (p: TResolvedPeriod): SQL =>
  sql`((${p.to}::date + 1)::timestamp at time zone ${p.timeZone})`;

/** `column` falls within the period: a range the time indexes serve. */
export const withinPeriod = (column: SQL, p: TResolvedPeriod): SQL =>
  sql`${column} >= ${periodStart(p)} and ${column} < ${periodEnd(p)}`;

/** The platform day of an instant. */
export const dayOf = (column: SQL, p: TResolvedPeriod): SQL =>
  sql`(${column} at time zone ${p.timeZone})::date`;

/** Every day of the period, one row each (`day` a date), so days without activity show as zero. */
export const periodDaysSeries = (p: TResolvedPeriod): SQL =>
  sql`(select generate_series(${p.from}::date, ${p.to}::date, interval '1 day')::date as day)`;
