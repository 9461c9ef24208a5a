import { buildApp } from './app';
import { type Config, ConfigError } from './config';
import type { Db } from './db/client';
import { beginDatabase } from './db/database';
import { type Jobs, startJobs } from './jobs/jobs';
import type { EmbeddedStart } from './db/embedded';
import { loginUrl, mintLoginTicket } from './modules/auth/login-service';
import { hashPassword, warmDummyHash } from './modules/auth/password-service';
import { gameSecretRefusals } from './modules/game-delivery/endpoint-secrets';
import { payoutKeyRefusals } from './modules/payout/sealed-keys';
import { appSecretRefusals } from './modules/operators/totp';
import { sealClearAccountNumbers } from './modules/withdrawals/withdrawal-account';
import { DEMO, isSeeded, seedDemo } from './seed/demo-seed';
import { type DemoOwnerMode, demoOwnerLines, seedDemoOwner } from './seed/demo-owner';

/**
 * The configured keys against what the database holds sealed with them (decision 034): a start on another
 * PAYOUT_ENCRYPTION_KEY or APP_SECRET than the one they were sealed with (a copied environment, a restored database,
 * a lost DATA_DIR/secrets.json) stops before it serves. It would otherwise answer every payout reveal with an error,
 * seal new numbers under a second key beside the first, and lock every operator out of the console.
 */
async function assertKeysOpenSealedData(db: Db, config: Config): Promise<void> {
  const refusals = [
    ...(await payoutKeyRefusals(db, config.payoutKey)),
    ...(await appSecretRefusals(db, config.appSecret)),
    ...(await gameSecretRefusals(db, config.gameWebhook)),
  ];
  if (refusals.length > 0)
    throw new ConfigError(
      `Invalid configuration: this database was sealed with other keys.\n  ${refusals.join('\n  ')}\n` +
        'Start it with the keys it ran on before (its environment, or its DATA_DIR/secrets.json).',
    );
}

/**
 * Runs the server once main.ts has read the configuration (and started the embedded PostgreSQL, if it is used):
 * database, migrations, the demo seed, the app; then prints the demo's login links. Stops everything cleanly on
 * SIGINT/SIGTERM.
 */
export async function serve(config: Config, embedded?: EmbeddedStart): Promise<void> {
  // A broken connection is reported and dropped (the database restarted, a backend was terminated); the server
  // keeps running, answers 500 while the database is away, and reconnects when it is back.
  let reportConnectionError = (error: Error): void => {
    process.stderr.write(`database connection lost: ${error.message}\n`);
  };
  // The demo agent's password hash is made while the database starts (argon2 runs off the event loop).
  const demoPasswordHash = config.seedDemo ? hashPassword(DEMO.agentPassword) : undefined;
  // The embedded demo publishes its owner's credentials; a deployment's seeded owner is a real account (decision 037).
  const ownerMode: DemoOwnerMode = config.database.kind === 'embedded' ? 'demo' : 'deployment';
  let ownerOnce: string[] = [];
  // The app is built while the database starts and migrates; nothing queries it before `ready`.
  const { database, ready } = beginDatabase(config, {
    embedded,
    onConnectionError: (error) => reportConnectionError(error),
    onWaiting: (reason) =>
      process.stderr.write(
        `waiting for the database (${reason}): up to ${config.databaseWaitMs / 1000} s (DATABASE_WAIT_SECONDS)\n`,
      ),
  });
  ready.catch(() => undefined); // awaited below; a failure meanwhile is not "unhandled"
  let app: Awaited<ReturnType<typeof buildApp>>;
  let jobs: Jobs | undefined;
  try {
    app = await buildApp({ config, db: database.db });
  } catch (error) {
    await ready.catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  try {
    await ready;
    // The error's code and message only: pg's errors can carry the connection itself (its parameters, the text of
    // every statement it prepared), which does not belong in a log line.
    reportConnectionError = (error) =>
      app.log.warn(
        { code: (error as { code?: unknown }).code, reason: error.message },
        'database connection lost',
      );
    // The keys must open what the database holds sealed, before anything is sealed again (decision 034).
    await assertKeysOpenSealedData(database.db, config);
    // Withdrawals made before decision 019 kept the account number in clear: sealed before the first request (idempotent).
    const sealedNumbers = await sealClearAccountNumbers(database.db, config.payoutKey);
    if (sealedNumbers > 0) app.log.info({ sealed: sealedNumbers }, 'clear withdrawal account numbers sealed');
    // One line per opt-in, on stderr whatever the log level: an operator must see what the deployment runs on.
    for (const optIn of config.optIns) process.stderr.write(`WARNING opted in: ${optIn}\n`);

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // The queue drains first: no new job, running deliveries finished or returned to the queue.
      await jobs?.stop();
      await app.close().catch(() => undefined);
      await database.close().catch(() => undefined);
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    if (config.seedDemo) {
      const seeded = await seedDemo(database.db, demoPasswordHash);
      if (seeded) app.log.info('demo platform seeded');
      ownerOnce = await seedDemoOwner(database.db, config.appSecret, ownerMode);
    }
    await app.listen({ host: config.host, port: config.port });
    // The job queue's workers (decision 040): deliveries to the game, the periodic work. JOB_CONCURRENCY=0 leaves
    // them to `npm run worker`.
    if (config.jobConcurrency > 0) {
      // PORT=0 (a test's start) listens on a port of the system's choosing: the provider's notifications go there.
      const bound = app.server.address();
      jobs = await startJobs({
        url: database.url,
        config: { ...config, port: typeof bound === 'object' && bound ? bound.port : config.port },
        log: app.log,
        payments: app.platform.payments,
        onDelivery: (outcome) => {
          if (
            outcome === 'delivered' ||
            outcome === 'retrying' ||
            outcome === 'failed' ||
            outcome === 'paused'
          )
            app.countGameDelivery(outcome);
        },
      });
      app.setJobsRunning(jobs.running);
    }
  } catch (error) {
    // A start that fails once the database is up (the port taken, a seed refused) stops it too: the embedded
    // PostgreSQL is never left running without its server.
    await jobs?.stop();
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  // A cluster made by this start is written to disk now that the server serves (initdb ran without its fsync).
  database.embedded
    ?.durable()
    .catch((error: unknown) =>
      app.log.error({ err: error }, 'the new database cluster could not be synced to disk'),
    );
  // The password check's stand-in hash, made now that the start no longer waits for the thread pool.
  void warmDummyHash();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicUrl ?? `http://localhost:${port}`;

  const lines = [`Promoter back-office: ${base}/`, `API docs: ${base}/api/docs`];
  if (config.seedDemo && (await isSeeded(database.db))) {
    // Demo tickets only, printed on the console (not the log) so a person can open them; each works once.
    const agentTicket = await mintLoginTicket(database.db, DEMO.agentPlayerId);
    const playerTicket = await mintLoginTicket(database.db, DEMO.playerId);
    lines.push(
      `Demo agent login (diamond agent 王总, valid 5 minutes, once): ${loginUrl(base, agentTicket.ticket)}`,
      `Demo player login (unbound player, valid 5 minutes, once):   ${loginUrl(base, playerTicket.ticket)}`,
      `Demo agent id + password: ${DEMO.agentId} / ${DEMO.agentPassword}`,
      ...(await demoOwnerLines(database.db, config.appSecret, base, ownerMode)),
      ...ownerOnce,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
