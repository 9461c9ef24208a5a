import type pg from 'pg';
import type { DbOrTx } from './client';

/**
 * A statement of the hot paths (decision 023): fixed SQL text under a name, sent as a pg named statement, so each
 * connection parses and plans it once and then only binds and executes it; no query is built at run time. The name
 * must be unique to its text (pg refuses one name for two texts on a connection).
 */
export interface Prepared {
  name: string;
  text: string;
}

/** The pg client (the pool, or a transaction's connection) behind a drizzle handle. */
function clientOf(db: DbOrTx): pg.Pool | pg.PoolClient {
  return (db._.session as unknown as { client: pg.Pool | pg.PoolClient }).client;
}

/** Runs a prepared statement on the handle's pool or transaction; the rows as pg reads them (snake_case columns). */
export async function runPrepared<R extends pg.QueryResultRow>(
  db: DbOrTx,
  statement: Prepared,
  values: unknown[],
): Promise<R[]> {
  const result = await clientOf(db).query<R>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
