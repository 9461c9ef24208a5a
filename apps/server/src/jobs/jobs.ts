import { Logger, run, type Runner, type TaskList } from 'graphile-worker';
import type { Config } from '../config';
import { connect } from '../db/client';
import {
  type DeliveryOutcome,
  deliverEvent,
  type GameEndpoint,
  scheduleOverdue,
} from '../modules/game-delivery/delivery-service';
import { expireOrders } from '../modules/payments/payment-service';
import { RECONCILIATION_CRONTAB, reconciliationTasks } from '../modules/reconciliation/reconciliation-jobs';
import { REFUND_CRONTAB, refundTasks } from '../modules/refunds/refund-jobs';
import { TRANSFER_CRONTAB, transferTasks } from '../modules/payout-transfers/transfer-jobs';
import type { PaymentProvider } from '../platform/payments/payment-provider';
import type { JobDeps } from './job-deps';

/**
 * The job queue (decision 040): graphile-worker on the product's own database, embedded or DATABASE_URL, with no
 * other server. Every instance runs workers unless JOB_CONCURRENCY=0 (then `npm run worker` runs them elsewhere); a
 * job runs once across instances (the queue locks it), and so does each periodic job (the queue's crontab keeps one
 * run per minute across instances). Jobs are added in the transaction that makes them due (game_event_schedule);
 * the workers hear of them at once (LISTEN) and poll every two seconds for those due later.
 *
 * The tasks:
 * - `game_deliver`: one event of the game's outbox, to GAME_WEBHOOK_URL (modules/game-delivery);
 * - `game_sweep` (every minute): pending events whose job was lost get a new one;
 * - `orders_expire` (every minute): unpaid orders past their time are closed;
 * - money out through the provider (decision 043): refunds (modules/refunds/refund-jobs.ts), WeChat transfers of
 *   approved withdrawals (modules/payout-transfers/transfer-jobs.ts) and the daily reconciliation with the provider's
 *   bill (modules/reconciliation/reconciliation-jobs.ts), each with its own sweep in the crontab.
 */
export const CRONTAB = [
  '* * * * * game_sweep',
  '* * * * * orders_expire',
  ...REFUND_CRONTAB,
  ...TRANSFER_CRONTAB,
  ...RECONCILIATION_CRONTAB,
].join('\n');

type Log = JobDeps['log'];

export interface Jobs {
  /** Whether the workers are taking jobs now. */
  running(): boolean;
  /** Takes no new job, lets the running ones finish (or returns them to the queue after 5 s), closes the pool. */
  stop(): Promise<void>;
}

export async function startJobs(input: {
  url: string;
  config: Pick<Config, 'jobConcurrency' | 'pool' | 'publicUrl' | 'port'> & {
    gameWebhook: GameEndpoint | null;
  };
  log: Log;
  /** The provider the money-out jobs call (the server's own, or the worker's from the same configuration). */
  payments: PaymentProvider;
  /** Told of every delivery's outcome (the server counts them in its metrics). */
  onDelivery?: (outcome: DeliveryOutcome) => void;
}): Promise<Jobs> {
  const { config, log } = input;
  // Its own small pool: a busy HTTP side never starves deliveries, and the queue's LISTEN connection is not taken
  // from the requests' pool.
  const database = connect(input.url, {
    max: config.jobConcurrency + 2,
    statementTimeoutMs: config.pool.statementTimeoutMs,
    idleInTransactionTimeoutMs: config.pool.idleInTransactionTimeoutMs,
    onConnectionError: (error) => log.warn({ reason: error.message }, 'job queue: database connection lost'),
  });
  const { db } = database;
  const deps: JobDeps = {
    db,
    payments: input.payments,
    log,
    // Where the provider sends its notifications of refunds and transfers: PUBLIC_URL, as production sets it. Without
    // it (a development machine) the loopback address, which no provider reaches: the jobs' queries find the outcome.
    notifyBase: config.publicUrl ?? `http://127.0.0.1:${config.port}`,
  };
  const taskList: TaskList = {
    ...refundTasks(deps),
    ...transferTasks(deps),
    ...reconciliationTasks(deps),
    game_deliver: async (payload) => {
      const { eventId } = payload as { eventId: string };
      const outcome = await deliverEvent(db, config.gameWebhook, eventId);
      input.onDelivery?.(outcome);
      if (outcome !== 'delivered' && outcome !== 'not claimed')
        log.info({ eventId, outcome }, 'game delivery not done');
    },
    game_sweep: async () => {
      const scheduled = await scheduleOverdue(db, config.gameWebhook);
      if (scheduled > 0) log.warn({ scheduled }, 'game delivery: overdue events given a new job');
    },
    orders_expire: async () => {
      await expireOrders(db);
    },
  };
  const options = {
    pgPool: database.pool,
    concurrency: config.jobConcurrency,
    noHandleSignals: true,
    pollInterval: 2_000,
    taskList,
    crontab: CRONTAB,
    logger: queueLogger(log),
    // A job's end (done or failed) is written through the queue's batcher. Unbatched, graphile-worker 0.17 writes it
    // without awaiting the write, and a refused connection (the database killed mid-job) rejected a promise nobody
    // held: the process died (npm run chaos, docs/RELIABILITY.md). Batched, a failed write ends the runner instead,
    // which is started again below; the job it could not close is left locked, and the sweep finds its event.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  };
  let runner: Runner;
  try {
    runner = await run(options);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  let running = true;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;
  // A runner that ends on its own (its database went away at the wrong moment) is started again, every few seconds
  // until the database answers: the process keeps its workers without a restart of its own.
  const startAgain = (waitMs: number) => {
    restart = setTimeout(() => {
      run(options).then(
        (next) => {
          if (stopping) return void next.stop().catch(() => undefined);
          runner = next;
          running = true;
          log.warn({}, 'job queue running again');
          supervise(next);
        },
        (error: unknown) => {
          if (stopping) return;
          log.warn({ reason: (error as Error).message }, 'job queue: not started again yet');
          startAgain(Math.min(waitMs * 2, 30_000));
        },
      );
    }, waitMs);
  };
  const supervise = (current: Runner) => {
    void current.promise
      .then(
        () => undefined,
        (error: unknown) => error,
      )
      .then((error) => {
        if (runner !== current) return;
        running = false;
        if (stopping) return;
        log.error({ err: error }, 'job queue stopped: starting it again');
        startAgain(1_000);
      });
  };
  supervise(runner);
  return {
    running: () => running,
    async stop() {
      stopping = true;
      running = false;
      clearTimeout(restart);
      await runner.stop().catch(() => undefined);
      await database.close().catch(() => undefined);
    },
  };
}

/** The queue's log lines into the server's log: its errors and warnings; its chatter at debug. */
function queueLogger(log: Log): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { queue: scope, ...(meta ?? {}) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}
