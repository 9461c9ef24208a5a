import { ZReportPeriod } from '@promoter/contract';
import type { ReportPeriodInput } from '../api/get-admin-report-summary';

/** The dashboard's period switch: the last day, 7 or 30 days (today included), or days chosen. */
export type PeriodChoice = 'today' | 'days7' | 'days30' | 'custom';

export const PRESET_DAYS: Record<Exclude<PeriodChoice, 'custom'>, number> = {
  today: 1,
  days7: 7,
  days30: 30,
};

/**
 * The call's period for a choice: a preset asks the last N days of the platform's time zone (the server knows its
 * today, the browser may not share its zone); custom days go as typed when the contract takes them (a real range of
 * at most REPORT_MAX_DAYS), else null.
 */
export function periodInput(choice: PeriodChoice, from: string, to: string): ReportPeriodInput | null {
  if (choice !== 'custom') return { days: PRESET_DAYS[choice] };
  const parsed = ZReportPeriod.safeParse({ from, to });
  return parsed.success && from !== '' && to !== '' ? { from, to } : null;
}
