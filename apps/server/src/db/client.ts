import { existsSync } from 'node:fs';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMigrations as runJobQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import { applyDatabaseFunctions } from './functions';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle; services take `Db | Tx` where they can run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// bigint (int8) columns are read as numbers: every amount fits in 2^53 (fen and diamonds).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Connections at most (DATABASE_POOL_SIZE). */
  max?: number;
  /** A statement running longer is cancelled by the server (milliseconds; 0 = no limit). */
  statementTimeoutMs?: number;
  /** A transaction left idle longer is ended by the server, its locks released (milliseconds; 0 = no limit). */
  idleInTransactionTimeoutMs?: number;
  /** How long a request waits for a connection, the queue for a free one included (milliseconds; default 5000). */
  connectionTimeoutMs?: number;
  /** Told of a connection that broke (the database restarted, a backend was terminated); never rethrown. */
  onConnectionError?: (error: Error) => void;
}

/**
 * A pool that survives its database: a connection that dies (an idle one, or one checked out between two
 * statements of a transaction) reports an error instead of crashing the process; the pool drops it, the
 * request that held it fails, and the next request opens a fresh connection once the database is back.
 */
export function connect(url: string, options: PoolOptions | number = {}): Database {
  const o = typeof options === 'number' ? { max: options } : options;
  const pool = new pg.Pool({
    connectionString: url,
    max: o.max ?? 10,
    idleTimeoutMillis: 30_000,
    // While the database is unreachable a request fails within seconds instead of queueing forever.
    connectionTimeoutMillis: o.connectionTimeoutMs ?? 5_000,
    ...(o.statementTimeoutMs ? { statement_timeout: o.statementTimeoutMs } : {}),
    ...(o.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: o.idleInTransactionTimeoutMs }
      : {}),
  });
  const report = (error: Error) => o.onConnectionError?.(error);
  // An idle client's error (the pool listens while it is idle).
  pool.on('error', report);
  // A checked-out client's error: pg emits 'error' on the client itself, and an 'error' event nobody listens
  // to ends the process (57P01 admin shutdown, a killed postmaster, a dropped socket).
  pool.on('connect', (client) => {
    client.on('error', report);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** The generated SQL migrations: the package's drizzle/ folder, beside the bundle's folder (dist/) or above src/db. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../drizzle'), path.resolve(here, '../../drizzle')];
  return (
    candidates.find((folder) => existsSync(path.join(folder, 'meta', '_journal.json'))) ?? candidates[1]!
  );
}

/**
 * The migrations, the job queue's own schema (graphile-worker migrates `graphile_worker` itself, decision 040), then
 * the current text of every database function and trigger (db/functions.ts, decision 039).
 */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
  await runJobQueueMigrations({ pgPool: db.$client });
  await applyDatabaseFunctions(db);
}

/**
 * Codes of a database that is not there yet, not ready, or away for now (connecting or asking again later may work):
 * network errors, and PostgreSQL's 57P01-57P03 (shut down, crashed, starting), 53300 (too many connections) and every
 * connection exception (08xxx).
 */
const NOT_UP_YET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT', // a Unix socket not made yet
  'EPIPE',
  '57P01', // admin_shutdown: the backend was ended (a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** What went wrong, in a few words (an error of several addresses tried has no message of its own, only a code). */
export const reasonOf = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return message || code || String(error);
};

/**
 * An error of a database that is not there yet, not ready, or away for now, also when wrapped (Drizzle keeps the
 * driver's error as `cause`): a start waits for it (decision 035), a request answers 503 (decision 037).
 */
export const notUpYet = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NOT_UP_YET.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && /timeout|terminated|connection error/i.test(message)) return true;
    current = cause;
  }
  return false;
};

/**
 * Waits until the database answers, for at most `waitMs` (decision 035): a server started before its PostgreSQL (a
 * container, a reboot) comes up with it instead of exiting. `onWaiting` is told once, with the reason. Anything else
 * (a refused password, a database that does not exist), or no answer by the end, is thrown at once.
 */
export async function waitForDatabase(
  pool: pg.Pool,
  options: { waitMs: number; onWaiting?: (reason: string) => void },
): Promise<void> {
  const deadline = Date.now() + options.waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      const left = deadline - Date.now();
      if (!notUpYet(error) || left <= 0) throw error;
      if (attempt === 0) options.onWaiting?.(reasonOf(error));
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, 250 * 2 ** Math.min(attempt, 4))));
    }
  }
}
