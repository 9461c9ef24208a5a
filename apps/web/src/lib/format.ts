import { TEXT_TRUNCATE_MAX } from '../config/constants';

/** Diamonds sold today arrive negative (outgoing entries); people read the count. */
export function absCount(value: number): number {
  return Math.abs(value);
}

/** Integer formatting with group separators, independent of float rounding. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** Money arrives as a string with two decimals; it is shown as is, never through a float. */
export function formatMoney(money: string): string {
  return `¥${money}`;
}

export function truncate(text: string, max: number = TEXT_TRUNCATE_MAX, suffix = '...'): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}${suffix}` : text;
}
