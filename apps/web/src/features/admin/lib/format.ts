import { languageOf } from '../../../i18n/languages';

/**
 * The console's clock (decision 037): every time it shows, and every day its date filters name, is in the platform's
 * time zone (option platform.timezone, as the server counts days and writes CSV files), whatever the browser's zone.
 * The console's frame sets it once the settings are read; until then it is the browser's own.
 */
let consoleTimeZone: string | undefined;

export function setConsoleTimeZone(zone: string | undefined): void {
  consoleTimeZone = zone;
}

/** The zone the console's times are shown in (the browser's until the platform's is known). */
export function currentConsoleTimeZone(): string {
  return consoleTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A time of the console, in the operator's language and the platform's time zone. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = languageOf(language).htmlLang;
  try {
    return date.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: consoleTimeZone });
  } catch {
    return date.toISOString();
  }
}

/** How far `zone` is ahead of UTC at the instant `at` (milliseconds). */
function zoneOffset(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * A date typed in a date field (YYYY-MM-DD) as the ISO time of its midnight in the console's time zone; `nextDay` for
 * an end bound.
 */
export function dateInputToIso(value: string, nextDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const wallClock = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (nextDay ? 1 : 0));
  if (Number.isNaN(wallClock)) return undefined;
  const zone = currentConsoleTimeZone();
  // Midnight there: the wall clock less the zone's offset, taken again at the result (a day a clock changes on).
  let at = wallClock - zoneOffset(wallClock, zone);
  at = wallClock - zoneOffset(at, zone);
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The zone's name and its offset now, as the console says which clock it shows: "Asia/Shanghai (UTC+8)". */
export function timeZoneLabel(zone: string, now = Date.now()): string {
  const minutes = Math.round(zoneOffset(now, zone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `${zone} (UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''})`;
}
