import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import type { PaymentProvider } from '../platform/payments/payment-provider';

/** What the queue writes to: the server's log (Fastify's pino) or the worker's own. */
export type JobLog = Record<'debug' | 'info' | 'warn' | 'error', (fields: object, message: string) => void>;

/** What a module's tasks are given by the job queue (jobs.ts): the queue's own pool, the provider, the log. */
export interface JobDeps {
  db: Db;
  payments: PaymentProvider;
  log: JobLog;
  /** The base of the addresses the provider notifies (`${notifyBase}/api/pay/<provider>/...`). */
  notifyBase: string;
}

/**
 * Adds a job in the caller's transaction (graphile-worker's add_job is a SQL function, decision 040): the job exists
 * exactly when the change that makes it due commits. One job per key: adding it again moves the waiting one (a job
 * already running is not touched; graphile-worker then adds the new one after it).
 */
export async function addJob(
  tx: DbOrTx,
  task: string,
  payload: Record<string, string | number>,
  options: { key: string; runAt?: Date; maxAttempts?: number },
): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json,
          run_at => ${options.runAt?.toISOString() ?? null}::timestamptz, job_key => ${options.key},
          max_attempts => ${options.maxAttempts ?? 5})`,
  );
}
