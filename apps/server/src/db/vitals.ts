import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { type Db, migrationsFolder } from './client';

/**
 * What the health probes and the metrics scrape read of the database (plugins/health.ts, plugins/metrics.ts): each read
 * is one round trip of constant SQL, bounded twice, so a probe answers within about two seconds whatever the database
 * does: a statement timeout of its own (the server cancels a slow statement) and a deadline on the whole call (the
 * wait for a connection included, which a database that does not answer would otherwise stretch to the pool's
 * connection timeout).
 */

/** How long a probe or a scrape waits for the database, connection included (milliseconds). */
export const PROBE_TIMEOUT_MS = 1500;

/** The call took longer than its deadline (the statement, or the wait for a connection). */
class ProbeTimeout extends Error {
  constructor() {
    super('the database did not answer in time');
  }
}

/**
 * Runs `statements` (constant SQL, never a value from a request) in one simple-protocol round trip: its first statement
 * sets this transaction's statement timeout (the several statements of one simple query are one implicit transaction,
 * so the pool's connection keeps its own timeout afterwards). Answers the results after that first one.
 */
async function quickly(db: Db, statements: string, timeoutMs: number): Promise<pg.QueryResult[]> {
  const query = db.$client.query(
    `select set_config('statement_timeout', '${Math.max(1, Math.floor(timeoutMs))}', true);\n${statements}`,
  ) as unknown as Promise<pg.QueryResult | pg.QueryResult[]>;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout()), timeoutMs + 100);
  });
  // The call left behind after its deadline still settles later (a connection attempt times out): never unhandled.
  query.catch(() => undefined);
  try {
    const results = await Promise.race([query, deadline]);
    return (Array.isArray(results) ? results : [results]).slice(1);
  } finally {
    clearTimeout(timer);
  }
}

/** The PostgreSQL error code of an error, if it is one the server sent. */
const sqlState = (error: unknown) => {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && typeof severity === 'string' ? code : undefined;
};

/** What the generated migrations' journal (drizzle/meta/_journal.json) lists. */
export interface ExpectedMigrations {
  count: number;
  /** The latest migration's `when`, which Drizzle's migrator writes as `created_at` of the row it adds. */
  latest: number;
}

/** Reads the journal of the migrations folder the server migrates from (db/client.ts migrationsFolder); null if unreadable. */
export function expectedMigrations(folder = migrationsFolder()): ExpectedMigrations | null {
  try {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries?: { when?: unknown }[];
    };
    const whens = (journal.entries ?? []).map((entry) => Number(entry.when));
    if (whens.length === 0 || whens.some((when) => !Number.isFinite(when))) return null;
    return { count: whens.length, latest: Math.max(...whens) };
  } catch {
    return null;
  }
}

export type DatabaseState = 'up' | 'unreachable' | 'timeout';
export type MigrationsState = 'applied' | 'pending' | 'unknown';

export interface DatabaseReadiness {
  database: DatabaseState;
  migrations: MigrationsState;
  /** Rows of drizzle.__drizzle_migrations, and entries of the journal: counts only, nothing secret. */
  migrationsApplied?: number;
  migrationsExpected?: number;
}

/**
 * Is the database reachable, and does it hold every migration of the journal? Drizzle's migrator applies a migration
 * whose journal `when` is later than the newest `created_at` of drizzle.__drizzle_migrations, so the database is
 * migrated when that newest row reaches the journal's latest entry. The job queue's schema (graphile-worker's own
 * migrations, run by db/client.ts runMigrations) must be there too. Never throws.
 */
export async function checkDatabase(
  db: Db,
  expected: ExpectedMigrations | null,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<DatabaseReadiness> {
  try {
    const [result] = await quickly(
      db,
      `select count(*)::int as applied, coalesce(max(created_at), 0)::float8 as latest,
         to_regclass('graphile_worker.jobs') is not null as queue
       from drizzle.__drizzle_migrations`,
      timeoutMs,
    );
    const row = result?.rows[0] as { applied: number; latest: number; queue: boolean } | undefined;
    if (!row) return { database: 'up', migrations: 'unknown' };
    const migrations: MigrationsState =
      expected === null ? 'unknown' : row.latest >= expected.latest && row.queue ? 'applied' : 'pending';
    return {
      database: 'up',
      migrations,
      migrationsApplied: row.applied,
      ...(expected ? { migrationsExpected: expected.count } : {}),
    };
  } catch (error) {
    if (error instanceof ProbeTimeout || sqlState(error) === '57014')
      return { database: 'timeout', migrations: 'unknown' };
    // No migrations table (or not even its schema): a database nothing has migrated yet.
    if (sqlState(error) === '42P01' || sqlState(error) === '3F000')
      return {
        database: 'up',
        migrations: 'pending',
        migrationsApplied: 0,
        ...(expected ? { migrationsExpected: expected.count } : {}),
      };
    // Any other failure is a database this process cannot use now (refused, cut, starting, a wrong password).
    return { database: 'unreachable', migrations: 'unknown' };
  }
}

/** The game's deliveries (decision 040) and the withdrawals waiting for an operator. */
export interface BacklogFigures {
  gameEventsPending: number;
  gameEventsFailed: number;
  /** Seconds since the oldest pending game event was written; 0 without one. */
  gameDeliveryLagSeconds: number;
  withdrawalsPending: number;
}

/**
 * The backlogs, in one statement; null when the database could not answer in time. Pending events and withdrawals are
 * read through their status indexes; the failed events are counted by a scan of game_events (bounded by the
 * statement timeout).
 */
export async function readBacklogs(db: Db, timeoutMs = PROBE_TIMEOUT_MS): Promise<BacklogFigures | null> {
  try {
    const [result] = await quickly(
      db,
      `select
         (select count(*)::int from game_events where status = 'pending') as "gameEventsPending",
         (select count(*)::int from game_events where status = 'failed') as "gameEventsFailed",
         (select coalesce(extract(epoch from now() - min(created_at)), 0)::float8
            from game_events where status = 'pending') as "gameDeliveryLagSeconds",
         (select count(*)::int from withdrawals where status = 'pending') as "withdrawalsPending"`,
      timeoutMs,
    );
    const row = result?.rows[0] as BacklogFigures | undefined;
    return row ? { ...row, gameDeliveryLagSeconds: Math.max(0, row.gameDeliveryLagSeconds) } : null;
  } catch {
    return null;
  }
}

/**
 * The job queue's jobs due now and waiting for a worker (not locked by one, attempts left), per task, from
 * graphile-worker's public view; null when the database (or the queue's schema) could not answer in time.
 */
export async function readQueueDepth(
  db: Db,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<Map<string, number> | null> {
  try {
    const [result] = await quickly(
      db,
      `select task_identifier as task, count(*)::int as due
         from graphile_worker.jobs
        where run_at <= now() and locked_at is null and attempts < max_attempts
        group by task_identifier`,
      timeoutMs,
    );
    return new Map((result?.rows ?? []).map((row: { task: string; due: number }) => [row.task, row.due]));
  } catch {
    return null;
  }
}
