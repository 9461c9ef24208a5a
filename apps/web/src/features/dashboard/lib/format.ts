/** A platform day (`YYYY-MM-DD`) read as a calendar day, whatever the browser's time zone. */
function dayDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** A day as an axis or a row shows it: short (3/7), in the reader's language. */
export function formatDayShort(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(
    dayDate(day),
  );
}

/** A day in full (2026/3/7), for tables and the period's range. */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(dayDate(day));
}

/** An instant (ISO with offset) as a date and time in the reader's language and time zone. */
export function formatInstant(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A ratio (0.25) as a percentage with at most one decimal (25%). */
export function formatPercent(ratio: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

/** Money (a two-decimal string) as a number for a chart's scale only; figures shown as text stay strings. */
export function moneyForChart(money: string): number {
  return Number(money);
}
