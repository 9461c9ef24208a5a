import { OPTIONS, type OptionKey } from '@promoter/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { options } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The platform's options with the defaults it runs on when a row is missing, as the contract's OPTIONS table gives them
 * (one table, decision 018). The public ones may be read by anyone through getOptionsByKey; the rest stay on the server.
 */
export type { OptionKey };
export const OPTION_DEFAULTS = Object.fromEntries(
  (Object.keys(OPTIONS) as OptionKey[]).map((key) => [
    key,
    { value: OPTIONS[key].default, isPublic: OPTIONS[key].public },
  ]),
) as Record<OptionKey, { value: string; isPublic: boolean }>;

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
