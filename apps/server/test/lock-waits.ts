import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Waits until `n` backends of this test's database wait for a lock: a race made deterministic starts its next step
 * only once the step before it is seen waiting (pg_locks), whatever the machine's speed.
 */
export async function lockWaitersReach(db: Db, n: number): Promise<void> {
  for (;;) {
    const result = await db.execute<{ n: number }>(
      sql`select count(distinct l.pid)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and a.datname = current_database()`,
    );
    if ((result.rows[0]?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
