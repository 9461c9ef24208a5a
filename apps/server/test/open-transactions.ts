import pg from 'pg';

/**
 * Watches one test database from a connection of its own: `count()` answers how many other connections are inside
 * a transaction right now (idle in it, waiting on something outside the database). A test calls it from a
 * stand-in of the outside world (payment provider, SMS gateway) to prove the call runs with none open.
 */
export async function watchOpenTransactions(databaseUrl: string) {
  const database = new URL(databaseUrl).pathname.slice(1);
  const observer = new pg.Client({ connectionString: databaseUrl });
  await observer.connect();
  const seen: number[] = [];
  return {
    seen,
    async count(): Promise<void> {
      const { rows } = await observer.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = $1 and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
        [database],
      );
      seen.push(rows[0]?.n ?? -1);
    },
    close: () => observer.end(),
  };
}
