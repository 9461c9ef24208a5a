import { TEXT_TRUNCATE_MAX, TEXT_TRUNCATE_SUFFIX } from '../config/constants';

/** Diamonds sold today arrive negative (outgoing entries); people read the count. */
export function absCount(value: number): number {
  return Math.abs(value);
}

const countFormats = new Map<string, Intl.NumberFormat>();

/**
 * Integer formatting with group separators, independent of float rounding. One formatter per locale: making one
 * costs far more than formatting, and a counting figure formats on every animation frame.
 */
export function formatCount(value: number, locale: string): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    countFormats.set(locale, format);
  }
  return format.format(value);
}

/** Money arrives as a string with two decimals; it is shown as is, never through a float. */
export function formatMoney(money: string): string {
  return `¥${money}`;
}

/**
 * A long text cut for a preview (SPEC section 9: 100 characters and '...' by default; the sidebar's menu texts 18):
 * at most `max` characters (code points, so a Chinese or emoji text is never cut inside one), then `suffix`.
 */
export function truncate(
  text: string,
  max: number = TEXT_TRUNCATE_MAX,
  suffix = TEXT_TRUNCATE_SUFFIX,
): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}${suffix}` : text;
}
