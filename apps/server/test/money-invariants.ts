import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * The ledger's invariants, checked straight in the database: no account below zero, every account's entries sum to
 * its value and number its kept count, and every entry's `after` is its account's running total.
 */
export async function assertLedgerInvariants(db: Db): Promise<void> {
  const negative = await db.execute<{ id: number }>(sql`select id from accounts where value < 0`);
  if (negative.rows.length > 0) throw new Error(`negative accounts: ${JSON.stringify(negative.rows)}`);
  const mismatched = await db.execute<{
    id: number;
    value: number;
    sum: number;
    entry_count: number;
    entries: number;
  }>(
    sql`
    select a.id, a.value, coalesce(sum(e.amount), 0)::bigint as sum, a.entry_count, count(e.id) as entries
    from accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id having a.value <> coalesce(sum(e.amount), 0) or a.entry_count <> count(e.id)`,
  );
  if (mismatched.rows.length > 0)
    throw new Error(
      `accounts whose entries do not sum to their value or number their kept count: ${JSON.stringify(mismatched.rows.slice(0, 5))}`,
    );
  const badAfter = await db.execute<{ id: number }>(sql`
    select id from (
      select e.id, e.after, sum(e.amount) over (partition by e.account_id order by e.id) as running
      from ledger_entries e
    ) t where after <> running`);
  if (badAfter.rows.length > 0)
    throw new Error(
      `entries whose "after" is not the running total: ${JSON.stringify(badAfter.rows.slice(0, 5))}`,
    );
}
