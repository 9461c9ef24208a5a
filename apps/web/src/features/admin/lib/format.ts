import { languageOf } from '../../../i18n/languages';

/** A time of the console, in the operator's language and the browser's time zone. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = languageOf(language).htmlLang;
  try {
    return date.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
  } catch {
    return date.toISOString();
  }
}

/** A date typed in a date field (YYYY-MM-DD) as the ISO time of its local midnight; `nextDay` for an end bound. */
export function dateInputToIso(value: string, nextDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (nextDay ? 1 : 0));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
