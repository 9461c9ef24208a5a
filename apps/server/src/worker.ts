import pino from 'pino';
import { ConfigError, parseConfig } from './config';
import { connect, runMigrations, waitForDatabase } from './db/client';
import { startJobs } from './jobs/jobs';
import { createPaymentProvider } from './platform/payments/create-payment-provider';
import { gameSecretRefusals } from './modules/game-delivery/endpoint-secrets';

/**
 * `npm run worker`: the job queue's workers alone (decision 040), for a deployment that runs them apart from the
 * servers (which then run with JOB_CONCURRENCY=0). It reads the same configuration as the server, needs the
 * DATABASE_URL server (the embedded database belongs to the server that started it, which runs its own workers),
 * and drains on SIGINT/SIGTERM: no new job, running deliveries finished or returned to the queue.
 */
async function main(): Promise<void> {
  const config = parseConfig();
  if (config.database.kind !== 'url')
    throw new ConfigError(
      'npm run worker needs DATABASE_URL: the embedded database is served by `npm start`, which runs its own workers',
    );
  const log = pino({ level: config.logLevel, base: { role: 'worker' } });
  const { url } = config.database;
  const database = connect(url, { max: 2 });
  try {
    await waitForDatabase(database.pool, { waitMs: config.databaseWaitMs });
    await runMigrations(database.db);
    // The deliveries sign with the secret an owner rotated, sealed with the payout key (decision 040): a worker on
    // another key would fail every delivery, so it stops here as the server does (decision 034).
    const refusals = await gameSecretRefusals(database.db, config.gameWebhook);
    if (refusals.length > 0)
      throw new ConfigError(
        `Invalid configuration: this database was sealed with other keys.\n  ${refusals.join('\n  ')}`,
      );
  } finally {
    await database.close();
  }
  const jobs = await startJobs({
    url,
    config: { ...config, jobConcurrency: Math.max(1, config.jobConcurrency) },
    log,
    payments: createPaymentProvider(config),
  });
  log.info({ concurrency: Math.max(1, config.jobConcurrency) }, 'worker running');
  const stop = async (signal: string) => {
    log.info({ signal }, 'worker stopping');
    await jobs.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
