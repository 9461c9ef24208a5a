import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../src/db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the test server's maintenance database; test files create their own databases there. */
    testServerUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * One PostgreSQL server per test run: the embedded one in a temporary folder, or the server of
 * TEST_DATABASE_URL. A template database is migrated once; every test file clones it (see helper.ts).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = process.env.TEST_DATABASE_URL;
  } else {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir });
    serverUrl = embedded.url;
  }
  const template = `promoter_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const database = connect(withDatabase(serverUrl, template), 1);
  await runMigrations(database.db);
  await database.close();

  project.provide('testServerUrl', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      `select datname from pg_database where datname like 'promoter_t%' and (datname = $1 or datname like $2)`,
      [template, `${template.replace('tpl', 't')}%`],
    );
    for (const row of rows) await cleanup.query(`drop database if exists ${row.datname} with (force)`);
    await cleanup.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}

export { withDatabase };
