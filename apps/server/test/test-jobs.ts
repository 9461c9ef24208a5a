import type { TestApp } from './helper';
import { type Jobs, startJobs } from '../src/jobs/jobs';
import type { GameEndpoint } from '../src/modules/game-delivery/delivery-service';

/** A log that says nothing: the queue's chatter in a test. */
export const quietLog = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The job queue's workers on a test app's database and provider, as a server starts them (decision 040), stopped by
 * the caller. `port`: where the provider's notifications go (the app listening), none by default.
 */
export function startTestJobs(
  t: Pick<TestApp, 'app' | 'databaseUrl'>,
  options: { concurrency?: number; gameWebhook?: GameEndpoint | null; port?: number } = {},
): Promise<Jobs> {
  const port = options.port ?? 0;
  return startJobs({
    url: t.databaseUrl,
    config: {
      gameWebhook: options.gameWebhook ?? null,
      jobConcurrency: options.concurrency ?? 2,
      pool: { max: 4, statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 30_000 },
      publicUrl: options.port === undefined ? undefined : `http://127.0.0.1:${port}`,
      port,
    },
    log: quietLog,
    payments: t.app.platform.payments,
  });
}
