import { randomBytes } from 'node:crypto';
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

/** Boots the real app on its own database, as the server does, without listening unless asked. */
export async function build(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  platform?: Partial<Platform>,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    GAME_API_SECRET: TEST_GAME_SECRET,
    APP_SECRET: 'test-app-secret-0123456789',
    PUBLIC_URL: 'http://promoter.test',
    LOG_LEVEL: 'silent',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const { db, close } = connect(database.url, 10);
  const app = await buildApp({
    config,
    db,
    logger: false,
    rateLimitNamespace: `test-${randomBytes(6).toString('hex')}:`,
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

/** Calls the API through Fastify's inject and returns the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  options: {
    body?: unknown;
    query?: Record<string, string | number>;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; code: number; msg: string; data: T }> {
  const response = await app.inject({
    method,
    url: `/api/${path}`,
    query: options.query
      ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
      : undefined,
    payload: options.body as object | undefined,
    headers: { ...(options.token ? { 'xx-token': options.token } : {}), ...options.headers },
  });
  const body = response.json() as { code: number; msg: string; data: T };
  return { status: response.statusCode, ...body };
}
