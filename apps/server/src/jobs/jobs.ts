import { Logger, run, type Runner, type TaskList } from 'graphile-worker';
import type { Config } from '../config';
import { connect } from '../db/client';
import {
  type DeliveryOutcome,
  deliverEvent,
  scheduleOverdue,
} from '../modules/game-delivery/delivery-service';
import { expireOrders } from '../modules/payments/payment-service';

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
 * - `orders_expire` (every minute): unpaid orders past their time are closed.
 */
export const CRONTAB = ['* * * * * game_sweep', '* * * * * orders_expire'].join('\n');

/** What the queue writes to: the server's log (Fastify's pino) or the worker's own. */
type Log = Record<'debug' | 'info' | 'warn' | 'error', (fields: object, message: string) => void>;

export interface Jobs {
  /** Whether the workers are taking jobs now. */
  running(): boolean;
  /** Takes no new job, lets the running ones finish (or returns them to the queue after 5 s), closes the pool. */
  stop(): Promise<void>;
}

export async function startJobs(input: {
  url: string;
  config: Pick<Config, 'gameWebhook' | 'jobConcurrency' | 'pool'>;
  log: Log;
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
  const taskList: TaskList = {
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
  let runner: Runner;
  try {
    runner = await run({
      pgPool: database.pool,
      concurrency: config.jobConcurrency,
      noHandleSignals: true,
      pollInterval: 2_000,
      taskList,
      crontab: CRONTAB,
      logger: queueLogger(log),
    });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  let running = true;
  void runner.promise
    .catch((error: unknown) => log.error({ err: error }, 'job queue stopped'))
    .finally(() => {
      running = false;
    });
  return {
    running: () => running,
    async stop() {
      running = false;
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
