import pg from 'pg';
import { type Config, ConfigError, databaseAddress } from '../config';
import { connect, type Database, notUpYet, reasonOf, runMigrations, waitForDatabase } from './client';
import { beginEmbeddedPostgres, type EmbeddedDatabase, type EmbeddedStart, embeddedUrl } from './embedded';

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
  options: { onLog?: (line: string) => void; onConnectionError?: (error: Error) => void } = {},
): Promise<OpenedDatabase> {
  const embedded =
    config.database.kind === 'embedded'
      ? await beginEmbeddedPostgres({ dataDir: config.database.dataDir, onLog: options.onLog })
      : undefined;
  const opening = beginDatabase(config, { embedded, onConnectionError: options.onConnectionError });
  await opening.ready;
  return opening.database;
}

/**
 * The database's pool at once, usable by what only keeps it for later (the app being built), and `ready` once the
 * database is there and migrated: the server builds its app while PostgreSQL starts and migrates (decision 028).
 * Nothing may query before `ready`. A failure closes the pool (and stops the embedded PostgreSQL) and rejects
 * `ready`.
 */
export function beginDatabase(
  config: Config,
  options: {
    /** The embedded PostgreSQL being started (main.ts begins it before the server's modules load). */
    embedded?: EmbeddedStart;
    onConnectionError?: (error: Error) => void;
    /** Told once when a DATABASE_URL server does not answer yet and the start waits for it (decision 035). */
    onWaiting?: (reason: string) => void;
  },
): { database: OpenedDatabase; ready: Promise<void> } {
  let url: string;
  if (config.database.kind === 'url') url = config.database.url;
  else if (options.embedded) url = embeddedUrl(options.embedded.port, EMBEDDED_DATABASE_NAME);
  else throw new Error('the embedded database must be started first (beginEmbeddedPostgres)');
  const pool = connect(url, { ...config.pool, onConnectionError: options.onConnectionError });
  let embedded: EmbeddedDatabase | undefined;
  const database: OpenedDatabase = {
    ...pool,
    get embedded() {
      return embedded;
    },
    url,
    async close() {
      await pool.close();
      await embedded?.stop();
    },
  };
  const ready = (async () => {
    try {
      if (options.embedded) {
        embedded = await options.embedded.started;
        await ensureDatabaseExists(embedded.url, EMBEDDED_DATABASE_NAME);
      }
      if (config.database.kind === 'url')
        await waitForServer(pool, config.database.url, config.databaseWaitMs, options.onWaiting);
      await runMigrations(pool.db);
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
  })();
  return { database, ready };
}

/** A DATABASE_URL server's answer, waited for (decision 035); what it never gave is said in one line, without credentials. */
async function waitForServer(
  pool: Database,
  url: string,
  waitMs: number,
  onWaiting: ((reason: string) => void) | undefined,
): Promise<void> {
  try {
    await waitForDatabase(pool.pool, { waitMs, onWaiting });
  } catch (error) {
    const where = databaseAddress(url);
    const what = notUpYet(error) ? `did not answer within ${waitMs / 1000} s` : 'refused this server';
    throw new ConfigError(
      `Server failed to start: the database ${where} ${what} (${reasonOf(error)}). ` +
        'Check DATABASE_URL and that PostgreSQL runs.',
    );
  }
}
