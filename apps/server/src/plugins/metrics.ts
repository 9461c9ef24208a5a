import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readBacklogs, readQueueDepth } from '../db/vitals';

/** What became of one delivery attempt to the game (decision 040). */
/** A try's outcome as counted: delivered, to be tried again, failed for good, or the endpoint paused (410 Gone). */
export type GameDeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'paused';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a delivery attempt to the game in `game_deliveries_total` (the delivery job calls it after each try). */
    countGameDelivery(outcome: GameDeliveryOutcome): void;
  }
}

/** The label of a request no route matched: never its URL, which may carry anything. */
const UNMATCHED = 'unmatched';

/**
 * The process's own metrics (CPU, memory, event loop, GC, handles: prom-client's defaults), registered once per process
 * however many apps it builds (the tests build several); each app has its own registry for the rest.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * A caller on this machine, not relayed: the socket's own address is a loopback one (request.ip would follow
 * X-Forwarded-For under TRUST_PROXY) and no proxy header says the request came from elsewhere (a reverse proxy on
 * this machine connects from loopback for everyone).
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  const relayed = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some(
    (header) => request.headers[header] !== undefined,
  );
  return loopback && !relayed;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Does the request carry `Authorization: Bearer <token>`? Compared in constant time (over digests of equal length). */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1] as string), expected);
}

/**
 * Prometheus's `/metrics`, and the request latency it reports.
 *
 * Outside `/api` and outside the contract's envelope: Prometheus reads its text format. Closed to the public: with
 * METRICS_TOKEN it answers only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without it only a caller on
 * this machine (loopback, not relayed by a proxy) and anyone else gets the app's 404, as for a path that does not exist.
 * Not rate-limited (limits are opt-in per route), never cached, and not in the request log (`logLevel: 'warn'`).
 *
 * - `http_request_duration_seconds{method, route, status_class}`: route is the route's pattern
 *   (`/api/pay/sandbox/checkout/:orderId`), never the URL (no ids, tokens or query strings in labels); `unmatched`
 *   for a request no route took.
 * - `db_pool_*`: this instance's pool (connections open, idle, requests waiting for one, its maximum).
 * - read from the database on each scrape, within PROBE_TIMEOUT_MS and never failing the scrape: `jobs_queue_depth`
 *   (jobs due now, per task), `game_events_pending`, `game_events_failed`, `game_delivery_lag_seconds` (age of the
 *   oldest pending event), `withdrawals_pending`; `db_up` says whether this scrape could read them (a figure it could
 *   not read is left out, never reported stale).
 * - `game_deliveries_total{outcome}`: counted in this process by the delivery job (countGameDelivery).
 * - the process's own metrics (prom-client's defaults).
 */
export const metricsPlugin = fp(async function metricsPlugin(app) {
  const registry = new Registry();
  const token = app.config.metricsToken ? digest(app.config.metricsToken) : undefined;

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const pool = app.db.$client;
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  poolGauge(
    'db_pool_connections',
    'Connections of the database pool, open or opening',
    () => pool.totalCount,
  );
  poolGauge(
    'db_pool_idle_connections',
    'Connections of the database pool that are idle',
    () => pool.idleCount,
  );
  poolGauge(
    'db_pool_waiting_requests',
    'Queries waiting for a connection of the pool',
    () => pool.waitingCount,
  );
  poolGauge('db_pool_max_connections', 'The most connections the pool opens', () => pool.options.max ?? 0);

  const databaseUp = new Gauge({
    name: 'db_up',
    help: 'Whether this scrape could read its figures from the database (1) or not (0)',
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs due now and waiting for a worker, by task',
    labelNames: ['task'] as const,
    registers: [registry],
  });
  // The backlog's gauges have no labels, and prom-client writes such a gauge even after reset() (as 0): they live in a
  // registry of their own, left out of a scrape that could not read them.
  const backlogRegistry = new Registry();
  const backlog = {
    gameEventsPending: new Gauge({
      name: 'game_events_pending',
      help: 'Game events not yet delivered to the game',
      registers: [backlogRegistry],
    }),
    gameEventsFailed: new Gauge({
      name: 'game_events_failed',
      help: 'Game events whose delivery was given up',
      registers: [backlogRegistry],
    }),
    gameDeliveryLagSeconds: new Gauge({
      name: 'game_delivery_lag_seconds',
      help: 'Age of the oldest game event not yet delivered (0 without one)',
      registers: [backlogRegistry],
    }),
    withdrawalsPending: new Gauge({
      name: 'withdrawals_pending',
      help: 'Withdrawals waiting for review',
      registers: [backlogRegistry],
    }),
  };
  const deliveries = new Counter({
    name: 'game_deliveries_total',
    help: 'Delivery attempts to the game made by this process, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['delivered', 'retrying', 'failed', 'paused'] as const)
    deliveries.inc({ outcome }, 0);
  app.decorate('countGameDelivery', (outcome: GameDeliveryOutcome) => deliveries.inc({ outcome }));

  /** Tasks seen in the queue: one with nothing due reads 0 rather than vanishing from the graphs. */
  const tasksSeen = new Set<string>();
  /**
   * Reads the database's figures (both reads at once, each within its timeout); answers whether the backlogs could be
   * read. What cannot be read is left out of the scrape.
   */
  async function readDatabaseFigures(): Promise<boolean> {
    const [backlogs, depth] = await Promise.all([readBacklogs(app.db), readQueueDepth(app.db)]);
    if (backlogs)
      for (const [key, gauge] of Object.entries(backlog)) gauge.set(backlogs[key as keyof typeof backlog]);
    queueDepth.reset();
    if (depth) {
      for (const task of depth.keys()) tasksSeen.add(task);
      for (const task of tasksSeen) queueDepth.set({ task }, depth.get(task) ?? 0);
    }
    databaseUp.set(backlogs && depth ? 1 : 0);
    return backlogs !== null;
  }

  app.get('/metrics', { logLevel: 'warn', config: { rateLimit: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (token) {
      if (!bearerMatches(request, token))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain; charset=utf-8')
          .send('unauthorized\n');
    } else if (!isLocalCaller(request)) {
      return reply.callNotFound();
    }
    const backlogsRead = await readDatabaseFigures();
    const parts = [
      await processMetrics().metrics(),
      await registry.metrics(),
      backlogsRead ? await backlogRegistry.metrics() : '',
    ];
    // Each registry's text, on lines of its own (prom-client ends some without a line break).
    const text = `${parts
      .map((part) => part.trimEnd())
      .filter((part) => part !== '')
      .join('\n\n')}\n`;
    return reply.type(registry.contentType).send(text);
  });
});
