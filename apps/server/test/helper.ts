import { randomBytes } from 'node:crypto';
import { type CallData, type CallDef, type CallInput, type CallName, calls } from '@promoter/contract';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type Platform } from '../src/app';
import { parseConfig } from '../src/config';
import { connect, type Db } from '../src/db/client';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  databaseUrl: string;
  close(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('testServerUrl');
  const template = inject('templateDatabase');
  const name = `${template.replace('tpl', 't')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant can collide; try again shortly.
        if (attempt >= 10) throw error;
        await new Promise((r) => setTimeout(r, 100 + attempt * 100));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const TEST_GAME_SECRET = 'test-game-secret-0123456789';
/** The key that seals payout account numbers in the tests (32 bytes, hex). */
export const TEST_PAYOUT_KEY = '7e'.repeat(32);

/**
 * Boots the real app on its own database, as the server does, without listening unless asked. Its rate-limit
 * counters get a namespace of their own unless `defaultRateLimitNamespace` leaves it to the app, as in production.
 */
export async function build(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  platform?: Partial<Platform>,
  options: { defaultRateLimitNamespace?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    GAME_API_SECRET: TEST_GAME_SECRET,
    APP_SECRET: 'test-app-secret-0123456789',
    PAYOUT_ENCRYPTION_KEY: TEST_PAYOUT_KEY,
    PUBLIC_URL: 'http://promoter.test',
    LOG_LEVEL: 'silent',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  // A loaded machine (the whole suite, other work) may queue a burst of requests for long: a test waits for its
  // connection rather than failing because the machine is slow.
  const { db, close } = connect(database.url, { max: 10, connectionTimeoutMs: 120_000 });
  const app = await buildApp({
    config,
    db,
    // With a stream the app logs as the server does (at LOG_LEVEL), into it; a test reads what a flow logs.
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    rateLimitNamespace: options.defaultRateLimitNamespace
      ? undefined
      : `test-${randomBytes(6).toString('hex')}:`,
    platform,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    db,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await close();
      await database.drop();
    },
  };
}

export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** The caller's address (Fastify inject's remoteAddress). */
  ip?: string;
  /**
   * A 5xx answer throws unless the test expects one (a database taken away on purpose): a refusal asserted as
   * `code: 0` can then never pass on a server error, which carries code 0 too.
   */
  serverErrorExpected?: boolean;
}

/**
 * Calls one call of the contract by name: its method and path come from `calls`, the input is typed by its
 * schema (the body of a POST, the query string of a GET) and the answer's `data` by its data schema, so a changed
 * shape fails to compile here. `data` is what the server sent: on a refusal it is null, whatever its type says.
 */
export async function api<N extends CallName>(
  app: FastifyInstance,
  name: N,
  options: CallOptions & { input?: CallInput<N> } = {},
): Promise<Answer<CallData<N>>> {
  const def = calls[name] as CallDef;
  const { input, ...rest } = options;
  return callRaw<CallData<N>>(app, def.method, def.path, {
    ...rest,
    ...(def.method === 'GET' ? { query: input as Record<string, unknown> | undefined } : { body: input }),
  });
}

/**
 * `api` with an input the contract's types refuse on purpose (malformed, missing or out-of-range fields): the
 * path and the answer's type still come from the call.
 */
export function apiUnchecked<N extends CallName>(
  app: FastifyInstance,
  name: N,
  options: CallOptions & { input?: unknown } = {},
): Promise<Answer<CallData<N>>> {
  return api(app, name, options as CallOptions & { input?: CallInput<N> });
}

/**
 * Calls the API by method and path with an untyped input: for what is not a call of the contract (a missing
 * path) and for input the contract's types refuse on purpose (malformed, hostile, the wrong method).
 */
export async function callRaw<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions & { body?: unknown; query?: Record<string, unknown> } = {},
): Promise<Answer<T>> {
  const response = await app.inject({
    method,
    url: `/api/${path}`,
    query: options.query
      ? Object.fromEntries(
          Object.entries(options.query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined,
    payload: options.body as object | undefined,
    headers: { ...(options.token ? { 'xx-token': options.token } : {}), ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  if (response.statusCode >= 500 && !options.serverErrorExpected)
    throw new Error(`${method} /api/${path} answered ${response.statusCode}: ${response.body}`);
  const body = response.json() as { code: number; msg: string; data: T };
  return { status: response.statusCode, ...body };
}

/**
 * Counts the statements the app's pool sends while `run` runs (decision 026: a call of one round trip sends one);
 * answers what `run` answered and the count.
 */
export async function countStatements<T>(app: FastifyInstance, run: () => Promise<T>): Promise<[T, number]> {
  const pool = (app.db._.session as unknown as { client: { query: (...args: unknown[]) => unknown } }).client;
  const query = pool.query.bind(pool);
  let statements = 0;
  pool.query = (...args: unknown[]) => {
    statements++;
    return query(...args);
  };
  try {
    return [await run(), statements];
  } finally {
    pool.query = query;
  }
}
