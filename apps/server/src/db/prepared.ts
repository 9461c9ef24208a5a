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

/**
 * A statement run in the caller's session (decision 026): one round trip resolves the session and reads the call's
 * data. The auth module builds it (`auth/session-service.ts` sessionScope): `ctes` come first in the statement and take
 * its first parameters (`values`); `agentId` is SQL naming the session's agent (null for a player's session);
 * `columns` reads the session's columns (SessionColumns) from the CTE `from`, to be left-joined so that a row comes
 * back whether or not the session is live. A module's statement uses it without knowing the session's rules.
 */
export interface SessionScope {
  /** Part of the statements' names: a scope of other text must never share a prepared statement's name. */
  name: string;
  ctes: string;
  values: unknown[];
  agentId: string;
  from: string;
  columns: string;
}

/** The session's columns a scoped statement answers (`columns` of SessionScope). */
export interface SessionColumns {
  session_id: number | null;
  session_player_id: number | null;
  session_agent_id: number | null;
  agent_status: 'active' | 'frozen' | 'pending' | 'refused' | null;
}

const scopedStatements = new Map<string, Prepared>();

/**
 * The prepared statement `name` for a scope, its text built once by `build` (given the scope and the number of the
 * first parameter after the scope's own values) and kept: one name per statement and scope.
 */
export function scopedStatement(
  name: string,
  scope: SessionScope,
  build: (scope: SessionScope, nextParam: number) => string,
): Prepared {
  const key = `${name}_${scope.name}`;
  let statement = scopedStatements.get(key);
  if (!statement) {
    statement = { name: key, text: build(scope, scope.values.length + 1) };
    scopedStatements.set(key, statement);
  }
  return statement;
}
