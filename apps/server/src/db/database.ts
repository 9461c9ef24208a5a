import pg from 'pg';
import type { Config } from '../config';
import { connect, type Database, runMigrations } from './client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';

export const EMBEDDED_DATABASE_NAME = 'promoter';

export interface OpenedDatabase extends Database {
  embedded?: EmbeddedDatabase;
  url: string;
}

async function ensureDatabaseExists(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** The embedded PostgreSQL by default, the DATABASE_URL server otherwise; migrated either way. */
export async function openDatabase(
  config: Config,
  options: {
    /** The embedded PostgreSQL, already starting (main.ts starts it before the server's modules load). */
    embedded?: Promise<EmbeddedDatabase>;
    onLog?: (line: string) => void;
    onConnectionError?: (error: Error) => void;
  } = {},
): Promise<OpenedDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let url: string;
  if (config.database.kind === 'embedded') {
    embedded = await (options.embedded ??
      startEmbeddedPostgres({ dataDir: config.database.dataDir, onLog: options.onLog }));
    await ensureDatabaseExists(embedded.url, EMBEDDED_DATABASE_NAME);
    url = embedded.url.replace(/\/postgres$/, `/${EMBEDDED_DATABASE_NAME}`);
  } else {
    url = config.database.url;
  }
  const database = connect(url, { ...config.pool, onConnectionError: options.onConnectionError });
  try {
    await runMigrations(database.db);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...database,
    embedded,
    url,
    async close() {
      await database.close();
      await embedded?.stop();
    },
  };
}
