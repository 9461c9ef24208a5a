import {
  EDITABLE_OPTION_KEYS,
  type EditableOptionKey,
  normalizeOptionValue,
  type OptionRuleIssue,
  optionRuleIssues,
  type TOptionChange,
  type TOptionEntry,
} from '@promoter/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { options } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditActor, listAudit, recordAudit } from '../audit/audit-service';
import { OPTION_DEFAULTS } from '../options/options-service';

/**
 * The platform's settings as the console edits them (decision 018): prices per level and retail,
 * commission rates, withdrawal rules, the two-person thresholds, registration and unbind switches, the shop's address
 * and the time zone. Every reader (pricing, withdrawals, registration...) reads the options table at each use; the
 * server keeps no copy, so a change holds from the next request on, on every instance.
 */

/** The audit log's action of a setting's change: its history is read back from there. */
const OPTION_ACTION = 'options.update';

async function currentValues(db: DbOrTx): Promise<Record<EditableOptionKey, TOptionEntry>> {
  const rows = await db
    .select()
    .from(options)
    .where(inArray(options.key, [...EDITABLE_OPTION_KEYS]));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return Object.fromEntries(
    EDITABLE_OPTION_KEYS.map((key): [EditableOptionKey, TOptionEntry] => {
      const row = byKey.get(key);
      return [
        key,
        row
          ? { key, value: row.value, isDefault: false, updatedAt: row.updatedAt.toISOString() }
          : { key, value: OPTION_DEFAULTS[key].value, isDefault: true, updatedAt: null },
      ];
    }),
  ) as Record<EditableOptionKey, TOptionEntry>;
}

/** Every setting the console edits, with its value now (the default when none was ever set). */
export async function readSettings(db: DbOrTx): Promise<{ list: TOptionEntry[] }> {
  const values = await currentValues(db);
  return { list: EDITABLE_OPTION_KEYS.map((key) => values[key]) };
}

function refusalOf(issue: OptionRuleIssue): AppError {
  switch (issue.rule) {
    case 'priceBelowLevelAbove':
      return new AppError('optionPriceBelowLevelAbove', {
        level: issue.level,
        price: issue.price,
        above: issue.level - 1,
        abovePrice: issue.above,
      });
    case 'retailBelowLevel3':
      return new AppError('optionRetailBelowLevel3', { price: issue.price, levelPrice: issue.level3 });
    case 'rateAboveLevelAbove':
      return new AppError('optionRateAboveLevelAbove', {
        level: issue.level,
        rate: issue.rate,
        above: issue.level - 1,
        aboveRate: issue.above,
      });
  }
}

/** A zone the database does not know would break every "today" it counts; its spelling is the database's own. */
async function assertDatabaseKnowsZone(db: DbOrTx, zone: string): Promise<void> {
  const result = await db.execute(sql`select 1 from pg_timezone_names where name = ${zone}`);
  if (result.rows.length === 0) throw new AppError('optionTimeZoneUnknown', { zone });
}

export interface SettingChange {
  key: EditableOptionKey;
  /** Valid for its key (the contract's schema checked it). */
  value: string;
  /** The value the operator saw. */
  seen: string;
}

/**
 * Changes settings in one transaction: each against the value the operator saw (a compare-and-set: if another
 * operator changed one meanwhile, nothing is written and the answer names it), then the rules between settings are
 * checked on the whole set as it would be, and each changed key is written with one audit entry (before, after).
 * Writers are serialized by an advisory lock, so two changes that each keep the rules cannot together break them
 * (one raising level 1's price while another lowers level 2's). A value equal to the current one is no change.
 */
export async function updateSettings(
  db: Db,
  actor: AuditActor,
  changes: readonly SettingChange[],
  reason: string,
): Promise<{ list: TOptionEntry[]; changed: EditableOptionKey[] }> {
  const wanted = changes.map((change) => ({
    ...change,
    value: normalizeOptionValue(change.key, change.value),
  }));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('options:update'))`);
    const now = await currentValues(tx);
    const stale = wanted
      .filter((change) => now[change.key].value !== change.seen)
      .map((change) => change.key);
    if (stale.length > 0) throw new AppError('optionsChanged', { keys: stale.join(', ') });

    const changed = wanted.filter((change) => now[change.key].value !== change.value);
    if (changed.length === 0) return { list: EDITABLE_OPTION_KEYS.map((key) => now[key]), changed: [] };

    const next = Object.fromEntries(EDITABLE_OPTION_KEYS.map((key) => [key, now[key].value])) as Record<
      EditableOptionKey,
      string
    >;
    for (const change of changed) next[change.key] = change.value;
    const [issue] = optionRuleIssues(next);
    if (issue) throw refusalOf(issue);
    const zone = changed.find((change) => change.key === 'platform.timezone');
    if (zone) await assertDatabaseKnowsZone(tx, zone.value);

    for (const change of changed) {
      await tx
        .insert(options)
        .values({ key: change.key, value: change.value, isPublic: OPTION_DEFAULTS[change.key].isPublic })
        .onConflictDoUpdate({ target: options.key, set: { value: change.value, updatedAt: sql`now()` } });
      await recordAudit(tx, actor, {
        action: OPTION_ACTION,
        target: { type: 'option', id: change.key },
        before: { value: now[change.key].value, isDefault: now[change.key].isDefault },
        after: { value: change.value, reason },
      });
    }
    return {
      list: (await readSettings(tx)).list,
      changed: changed.map((change) => change.key),
    };
  });
}

const valueOf = (json: unknown): string | null =>
  json !== null && typeof json === 'object' && typeof (json as { value?: unknown }).value === 'string'
    ? (json as { value: string }).value
    : null;

/** The changes of one setting, or of all, newest first, read from the audit log (who, when, from where, before, after). */
export async function settingsHistory(
  db: DbOrTx,
  query: { page: number; pageSize: number; key?: EditableOptionKey | undefined },
) {
  const page = await listAudit(db, {
    page: query.page,
    pageSize: query.pageSize,
    action: OPTION_ACTION,
    targetType: 'option',
    targetId: query.key,
  });
  return {
    ...page,
    list: page.list.map((entry): TOptionChange => ({
      id: entry.id,
      key: entry.targetId as EditableOptionKey,
      before: valueOf(entry.before),
      after: valueOf(entry.after) ?? '',
      operatorId: entry.operatorId,
      operatorName: entry.operatorName,
      address: entry.address,
      at: entry.at,
    })),
  };
}
