import { formatLocal, localDay, localIso } from '../../../lib/date-time';

/** Date and time of an entry in the reader's local time. */
export function formatDateTime(iso: string): string {
  return formatLocal(iso, 'YYYY-MM-DD HH:mm:ss');
}

/** The start of a day typed as YYYY-MM-DD, as an ISO time with the local offset. */
export function dayStartIso(text: string): string | undefined {
  const day = localDay(text);
  return day ? localIso(day) : undefined;
}

/** The exclusive end of a day typed as YYYY-MM-DD: the start of the next day, ISO with the local offset. */
export function dayEndExclusiveIso(text: string): string | undefined {
  const day = localDay(text);
  return day ? localIso(new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) : undefined;
}

export function todayString(): string {
  return formatLocal(new Date(), 'YYYY-MM-DD');
}
