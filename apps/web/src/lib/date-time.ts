/**
 * Times as the agent reads them, in the phone's local time: the patterns the app writes (`YYYY-MM-DD HH:mm`,
 * `MM-DD-YYYY`, ...) with dayjs's tokens YYYY, MM, DD, HH, mm, ss, without dayjs on the phone's path (issue 29).
 */

const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function dateOf(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** `value` (an ISO time or a Date) in local time by `pattern`; "Invalid Date" for a time that is none. */
export function formatLocal(value: string | Date, pattern: string): string {
  const date = dateOf(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const parts: Record<string, string> = {
    YYYY: pad(date.getFullYear(), 4),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(TOKENS, (token) => parts[token] ?? token);
}

/** An ISO time with the local offset, to the second: `2026-11-28T00:00:00+08:00`. */
export function localIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${formatLocal(date, 'YYYY-MM-DDTHH:mm:ss')}${zone}`;
}

/** Local midnight of a day typed as YYYY-MM-DD (a Date would read the bare day as UTC); null for anything else. */
export function localDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(day.getTime()) ? null : day;
}
