import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { options } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Operator settings with the defaults the platform runs on when a row is missing. The public ones may be read
 * by anyone through getOptionsByKey; the rest stay on the server.
 */
export const OPTION_DEFAULTS = {
  'platform.timezone': { value: 'Asia/Shanghai', isPublic: false },
  'price.level1': { value: '0.50', isPublic: false },
  'price.level2': { value: '0.60', isPublic: false },
  'price.level3': { value: '0.70', isPublic: false },
  'price.retail': { value: '1.00', isPublic: true },
  'commission.level1': { value: '30', isPublic: false },
  'commission.level2': { value: '25', isPublic: false },
  'commission.level3': { value: '20', isPublic: false },
  'withdraw.min': { value: '100.00', isPublic: true },
  'withdraw.feeRate': { value: '0', isPublic: true },
  'withdraw.dailyCount': { value: '3', isPublic: true },
  /** Above this amount a withdrawal needs two operators' approvals (decision 018). */
  'withdraw.reviewThreshold': { value: '5000.00', isPublic: false },
  /**
   * The two-person rule's daily limits (decision 037): what one operator may approve alone in a platform day, and what
   * one agent may have approved by a single operator in a day; a withdrawal that would pass either needs a second.
   */
  'withdraw.soloDailyPerOperator': { value: '20000.00', isPublic: false },
  'withdraw.soloDailyPerAgent': { value: '10000.00', isPublic: false },
  /** Above this value (diamonds at price.retail) a manual adjustment needs a second operator (decision 018). */
  'adjust.reviewThreshold': { value: '5000.00', isPublic: false },
  /** The same daily limits for manual adjustments, credits and debits alike: per operator, per adjusted account. */
  'adjust.soloDailyPerOperator': { value: '10000.00', isPublic: false },
  'adjust.soloDailyPerTarget': { value: '5000.00', isPublic: false },
  'register.open': { value: 'true', isPublic: true },
  /** 'true': a new registration waits as 'pending' until an operator approves it (issue 11). */
  'register.review': { value: 'false', isPublic: true },
  'bind.unbindAllowed': { value: 'true', isPublic: true },
  'shop.url': { value: '', isPublic: true },
  'close.scheme': { value: 'lgapp://close', isPublic: true },
  'download.android': { value: '', isPublic: true },
  'download.ios': { value: '', isPublic: true },
  /**
   * The operator's brand colour (issue 14): '' or a hex colour (#rgb or #rrggbb). The web reads it at start and makes
   * it the theme's default primary colour; a person's own choice in the customizer wins.
   */
  'theme.brandColor': { value: '', isPublic: true },
} as const satisfies Record<string, { value: string; isPublic: boolean }>;
export type OptionKey = keyof typeof OPTION_DEFAULTS;

export async function getOption(db: DbOrTx, key: OptionKey): Promise<string> {
  const [row] = await db.select({ value: options.value }).from(options).where(eq(options.key, key));
  return row?.value ?? OPTION_DEFAULTS[key].value;
}

/** Several options in one read, each with its default when the operator never set it. */
export async function getOptions<K extends OptionKey>(
  db: DbOrTx,
  keys: readonly K[],
): Promise<Record<K, string>> {
  const rows = await db
    .select({ key: options.key, value: options.value })
    .from(options)
    .where(inArray(options.key, [...keys]));
  const set = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, set.get(key) ?? OPTION_DEFAULTS[key].value])) as Record<
    K,
    string
  >;
}

/** A public option, or null when the key is unknown or not public. */
export async function getPublicOption(
  db: DbOrTx,
  key: string,
): Promise<{ value: string } | 'not-public' | null> {
  const [row] = await db.select().from(options).where(eq(options.key, key));
  if (row) return row.isPublic ? { value: row.value } : 'not-public';
  if (key in OPTION_DEFAULTS) {
    const fallback = OPTION_DEFAULTS[key as OptionKey];
    return fallback.isPublic ? { value: fallback.value } : 'not-public';
  }
  return null;
}

/** A public option's value, as anyone may read it; an option that is not public is refused as such. */
export async function readPublicOption(db: DbOrTx, key: string): Promise<{ key: string; value: string }> {
  const option = await getPublicOption(db, key);
  if (option === null) throw new AppError('optionNotFound');
  if (option === 'not-public') throw new AppError('optionNotPublic');
  return { key, value: option.value };
}

export async function getPlatformTimeZone(db: DbOrTx): Promise<string> {
  return getOption(db, 'platform.timezone');
}
