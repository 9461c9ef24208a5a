import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { checkDatabase, type DatabaseReadiness, expectedMigrations } from '../db/vitals';

export type JobsState = 'running' | 'stopped' | 'not in this process';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process's job workers run now (false until the jobs wiring says otherwise: setJobsRunning). */
    jobsRunning(): boolean;
    /**
     * Where the jobs wiring tells the probes whether its workers run: it passes a function read on every readiness
     * probe, once its runner has started (e.g. `app.setJobsRunning(() => !stopped)`, `stopped` set when the runner's
     * promise settles). Works from any plugin context: the probe is kept in one place shared by all of them.
     */
    setJobsRunning(probe: () => boolean): void;
  }
}

/** The answers of the probes: never stored, by a proxy or by the load balancer. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The load balancer's probes, `/health/live` and `/health/ready`.
 *
 * They are outside `/api` and outside the contract's envelope on purpose: a load balancer reads the status code (200
 * or 503) and nothing else, and the JSON body is for the person looking. They are public and say nothing secret
 * (states and counts, never an address, a version or an error's text). Not rate-limited (limits are opt-in per
 * route: plugins/rate-limit.ts), never cached, and logged only when something goes wrong (`logLevel: 'warn'`: the
 * request log's two info lines would otherwise come with every probe).
 *
 * - live: the process runs and its event loop answers; 200 even while the database is away (decision 035: the server
 *   keeps running and comes back with it), so an orchestrator does not restart a process that would recover.
 * - ready: the database answers (within PROBE_TIMEOUT_MS), every migration is applied, and the queue's workers run
 *   when this process is to run them (JOB_CONCURRENCY > 0); 503 naming what is not ready otherwise. While the server
 *   closes, Fastify itself answers 503 (return503OnClosing), so the balancer drains it.
 */
export const healthPlugin = fp(async function healthPlugin(app) {
  let jobsProbe: () => boolean = () => false;
  app.decorate('jobsRunning', () => {
    try {
      return jobsProbe();
    } catch {
      return false;
    }
  });
  app.decorate('setJobsRunning', (probe: () => boolean) => {
    jobsProbe = probe;
  });

  // The journal ships with the server: read once, at the first probe that finds it.
  let expected = expectedMigrations();
  const jobsState = (): JobsState =>
    app.config.jobConcurrency === 0 ? 'not in this process' : app.jobsRunning() ? 'running' : 'stopped';

  const probeRoute = { logLevel: 'warn', config: { rateLimit: false } } as const;

  app.get('/health/live', probeRoute, async (_request, reply) => {
    noStore(reply);
    return { status: 'live' };
  });

  app.get('/health/ready', probeRoute, async (_request, reply) => {
    noStore(reply);
    expected ??= expectedMigrations();
    const database: DatabaseReadiness = await checkDatabase(app.db, expected);
    const jobs = jobsState();
    const notReady = [
      ...(database.database === 'up' ? [] : ['database']),
      ...(database.migrations === 'applied' ? [] : ['migrations']),
      ...(jobs === 'stopped' ? ['jobs'] : []),
    ];
    return reply
      .status(notReady.length === 0 ? 200 : 503)
      .send({ status: notReady.length === 0 ? 'ready' : 'not ready', notReady, ...database, jobs });
  });
});
