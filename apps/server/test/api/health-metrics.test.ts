// The load balancer's probes and Prometheus's /metrics (plugins/health.ts, plugins/metrics.ts, db/vitals.ts): outside
// /api and its envelope, never cached, closed to the public, and quick (at most about 2 s) whatever the database does.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { connect, type Db, migrationsFolder } from '../../src/db/client';
import { freeLoopbackPort } from '../../src/db/embedded';
import { withdrawals } from '../../src/db/schema';
import { createAgent, createPlayer } from '../factories';
import { build, TEST_GAME_SECRET, TEST_PAYOUT_KEY, type TestApp } from '../helper';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const PUBLIC_CALLER = '203.0.113.9';

/** An app beside the test's own on a database of our choosing (a pool of its own or the test's), as serve.ts builds it. */
async function appOn(
  databaseUrl: string,
  db: Db,
  env: Record<string, string> = {},
  logStream?: { write(line: string): void },
): Promise<FastifyInstance> {
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    GAME_API_SECRET: TEST_GAME_SECRET,
    APP_SECRET: 'test-app-secret-0123456789',
    PAYOUT_ENCRYPTION_KEY: TEST_PAYOUT_KEY,
    PUBLIC_URL: 'http://promoter.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    db,
    logger: logStream !== undefined,
    logStream,
    rateLimitNamespace: `test-${randomBytes(6).toString('hex')}:`,
  });
  await app.ready();
  return app;
}

/** One sample of the exposition text: `name{labels} value`; undefined when the scrape has no such line. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const prefix = `${name}${labels ? `{${labels}}` : ''} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

const journalEntries = () =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

let t: TestApp;
let jobsUp = true;
beforeAll(async () => {
  t = await build({}, (app) => app.setJobsRunning(() => jobsUp));
});
afterAll(async () => t.close());

const scrape = async (app = t.app) => {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

describe('/health/live', () => {
  it('answers 200, not stored, outside the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'live' });
    expect(response.headers['cache-control']).toBe('no-store');
    // A load balancer may ask with HEAD.
    expect((await t.app.inject({ method: 'HEAD', url: '/health/live' })).statusCode).toBe(200);
  });

  it('is not rate-limited: a burst of probes all answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        t.app.inject({ method: 'GET', url: '/health/live', remoteAddress: PUBLIC_CALLER }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
  });
});

describe('/health/ready', () => {
  it('answers 200 with what it checked: database, migrations (counts only), workers', async () => {
    jobsUp = true;
    const response = await t.app.inject({
      method: 'GET',
      url: '/health/ready',
      remoteAddress: PUBLIC_CALLER,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ready',
      notReady: [],
      database: 'up',
      migrations: 'applied',
      migrationsApplied: journalEntries(),
      migrationsExpected: journalEntries(),
      jobs: 'running',
    });
  });

  it('answers 503 naming the workers when this process should run them and they stopped', async () => {
    jobsUp = false;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not ready',
        notReady: ['jobs'],
        database: 'up',
        jobs: 'stopped',
      });
    } finally {
      jobsUp = true;
    }
  });

  it('answers 503 naming the migrations when the database lacks the latest one', async () => {
    const [latest] = (
      await t.db.execute<{ id: number; hash: string; created_at: number }>(
        sql`delete from drizzle.__drizzle_migrations
             where id = (select id from drizzle.__drizzle_migrations order by created_at desc limit 1)
         returning id, hash, created_at`,
      )
    ).rows;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        notReady: ['migrations'],
        database: 'up',
        migrations: 'pending',
        migrationsApplied: journalEntries() - 1,
        migrationsExpected: journalEntries(),
      });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${latest!.id}, ${latest!.hash}, ${latest!.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('says the workers are not in this process when JOB_CONCURRENCY is 0, and is ready without them', async () => {
    const app = await appOn(t.databaseUrl, t.db, { JOB_CONCURRENCY: '0' });
    try {
      const response = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ready', jobs: 'not in this process' });
    } finally {
      await app.close();
    }
  });

  it('writes nothing to the log for a probe or a scrape (an API call still logs)', async () => {
    const lines: string[] = [];
    const app = await appOn(
      t.databaseUrl,
      t.db,
      { LOG_LEVEL: 'info', JOB_CONCURRENCY: '0' },
      {
        write: (line) => void lines.push(line),
      },
    );
    lines.length = 0; // what the start logged (the web app not built)
    try {
      for (const url of ['/health/live', '/health/ready', '/metrics'])
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect(lines).toEqual([]);
      await app.inject({ method: 'GET', url: '/api/agent/user/getUser' });
      expect(lines.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

describe('while the database is away', () => {
  it('live stays 200; ready answers 503 at once naming the database; a scrape answers what it could read', async () => {
    const port = await freeLoopbackPort(); // nothing listens there: refused
    const url = `postgres://nobody:secret@127.0.0.1:${port}/promoter`;
    const away = connect(url, { max: 4, connectionTimeoutMs: 120_000 });
    const app = await appOn(url, away.db, { JOB_CONCURRENCY: '0' });
    try {
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      const started = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(Date.now() - started).toBeLessThan(2500);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not ready',
        notReady: ['database', 'migrations'],
        database: 'unreachable',
        migrations: 'unknown',
        jobs: 'not in this process',
      });
      // Nothing of the address or the error's text.
      expect(ready.body).not.toContain(String(port));
      expect(ready.body).not.toContain('ECONNREFUSED');

      const text = await scrape(app);
      expect(sample(text, 'db_up')).toBe(0);
      expect(sample(text, 'db_pool_max_connections')).toBe(4);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
      // Not read: left out rather than reported stale or as zero.
      expect(sample(text, 'game_events_pending')).toBeUndefined();
      expect(sample(text, 'withdrawals_pending')).toBeUndefined();
      expect(text).toContain('process_cpu_user_seconds_total');
    } finally {
      await app.close();
      await away.close();
    }
  });

  it('answers within about 2 s when the database accepts connections and never answers', async () => {
    // A server that takes the connection and says nothing: the pool would wait for its connection timeout (120 s).
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const url = `postgres://nobody:secret@127.0.0.1:${port}/promoter`;
    const away = connect(url, { max: 4, connectionTimeoutMs: 120_000 });
    const app = await appOn(url, away.db, { JOB_CONCURRENCY: '0' });
    try {
      let started = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(Date.now() - started).toBeLessThan(2500);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ notReady: ['database', 'migrations'], database: 'timeout' });

      started = Date.now();
      const text = await scrape(app);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(sample(text, 'db_up')).toBe(0);
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
      await away.close();
    }
  });
});

describe('/metrics access', () => {
  it('without METRICS_TOKEN: open to a caller on this machine, 404 to any other, and to one relayed by a proxy', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(
      200,
    );

    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page', remoteAddress: PUBLIC_CALLER });
    for (const request of [
      { remoteAddress: PUBLIC_CALLER },
      { remoteAddress: PUBLIC_CALLER, headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
      { headers: { 'x-forwarded-for': PUBLIC_CALLER } },
      { headers: { forwarded: `for=${PUBLIC_CALLER}` } },
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', ...request });
      expect(refused.statusCode, JSON.stringify(request)).toBe(404);
      // The same answer as a path that does not exist.
      expect(refused.body).toBe(unknown.body);
      expect(refused.body).not.toContain('http_request_duration_seconds');
      expect(refused.headers['cache-control']).toBe('no-store');
    }
  });

  it('with METRICS_TOKEN: open to its bearer from anywhere, 401 without it or with another', async () => {
    const app = await appOn(t.databaseUrl, t.db, { METRICS_TOKEN, JOB_CONCURRENCY: '0' });
    try {
      const opened = await app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: PUBLIC_CALLER,
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('# TYPE http_request_duration_seconds histogram');
      for (const authorization of [
        undefined,
        `Bearer ${METRICS_TOKEN}x`,
        `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
        `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`,
        METRICS_TOKEN,
      ]) {
        // The loopback caller too: with a token, the token is the only key.
        const refused = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(refused.statusCode, authorization).toBe(401);
        expect(refused.headers['www-authenticate']).toContain('Bearer');
        expect(refused.headers['cache-control']).toBe('no-store');
        expect(refused.body).not.toContain('http_request_duration_seconds');
      }
    } finally {
      await app.close();
    }
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters', () => {
    expect(() =>
      parseConfig({
        NODE_ENV: 'test',
        DATABASE_URL: t.databaseUrl,
        GAME_API_SECRET: TEST_GAME_SECRET,
        APP_SECRET: 'test-app-secret-0123456789',
        PAYOUT_ENCRYPTION_KEY: TEST_PAYOUT_KEY,
        PUBLIC_URL: 'http://promoter.test',
        METRICS_TOKEN: 'short',
      }),
    ).toThrow(/METRICS_TOKEN: must have at least 16 characters/);
  });
});

describe('/metrics figures', () => {
  it('labels request latency with the route pattern, never the URL (no ids, tokens or query strings)', async () => {
    await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/checkout/987654321?sig=leak-me-secret' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/call/55555?token=leak-me-too' });
    await t.app.inject({ method: 'GET', url: '/health/live' });
    const text = await scrape();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/pay\/sandbox\/checkout\/:orderId",status_class="\dxx"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} [1-9]/,
    );
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="GET",route="/health/live",status_class="2xx"',
      ),
    ).toBeGreaterThan(0);
    for (const leak of ['987654321', 'leak-me', '55555', '?'])
      expect(text.split('\n').filter((l) => l.includes('route=') && l.includes(leak))).toEqual([]);
  });

  it('reports the pool, the process and the deliveries counted by this process', async () => {
    t.app.countGameDelivery('delivered');
    t.app.countGameDelivery('delivered');
    t.app.countGameDelivery('failed');
    const text = await scrape();
    expect(sample(text, 'db_up')).toBe(1);
    expect(sample(text, 'db_pool_max_connections')).toBe(10);
    expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'game_deliveries_total', 'outcome="delivered"')).toBe(2);
    expect(sample(text, 'game_deliveries_total', 'outcome="failed"')).toBe(1);
    expect(sample(text, 'game_deliveries_total', 'outcome="retrying"')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // Prometheus's text format throughout (prom-client writes NaN as "Nan", which its parser takes): comments,
    // samples, blank lines; each metric described once.
    for (const line of text.split('\n'))
      expect(line).toMatch(
        /^$|^# (HELP|TYPE) [a-zA-Z_:][\w:]* .+$|^[a-zA-Z_:][\w:]*(\{[^}]*\})? (?:[-+\d.eE]+|[Nn]a[Nn]|[-+]Inf)$/,
      );
    const described = text.split('\n').filter((line) => line.startsWith('# TYPE '));
    expect(new Set(described).size).toBe(described.length);
  });

  it('reflects the game events, withdrawals and due jobs the database holds', async () => {
    const before = await scrape();
    const playerId = await createPlayer(t.db);
    const event = (sequence: number, status: string, ageSeconds: number) => sql`
      insert into game_events (id, txid, type, player_id, diamonds, sequence, source_type, source_id, entry_id,
                               created_at, status)
      values (${`evt_health_${playerId}_${sequence}`}, pg_current_xact_id(), 'diamonds.credited', ${playerId}, 10,
              ${sequence}, 'test', ${String(sequence)}, 0, now() - make_interval(secs => ${ageSeconds}), ${status})`;
    await t.db.execute(event(1, 'pending', 600));
    await t.db.execute(event(2, 'pending', 5));
    await t.db.execute(event(3, 'failed', 900));
    await t.db.execute(event(4, 'delivered', 1200));
    const { agentId } = await createAgent(t.db);
    await t.db.insert(withdrawals).values(
      ['pending', 'pending', 'rejected'].map((status) => ({
        agentId,
        amountFen: 10_000,
        feeFen: 0,
        status: status as 'pending' | 'rejected',
        accountType: 'wechat' as const,
        accountName: '张三',
      })),
    );
    const task = `health_test_${randomBytes(3).toString('hex')}`;
    await t.db.execute(sql`select graphile_worker.add_job(${task}, '{}'::json)`);
    await t.db.execute(sql`select graphile_worker.add_job(${task}, '{}'::json)`);
    // Due in an hour: not counted yet.
    await t.db.execute(
      sql`select graphile_worker.add_job(${task}, '{}'::json, run_at => now() + interval '1 hour')`,
    );

    const after = await scrape();
    const grew = (name: string) => (sample(after, name) ?? NaN) - (sample(before, name) ?? NaN);
    expect(grew('game_events_pending')).toBe(2);
    expect(grew('game_events_failed')).toBe(1);
    expect(grew('withdrawals_pending')).toBe(2);
    // The oldest pending event was written 10 minutes ago (the failed and delivered ones are older, and not counted).
    expect(sample(after, 'game_delivery_lag_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(after, 'game_delivery_lag_seconds')).toBeLessThan(900);
    expect(sample(after, 'jobs_queue_depth', `task="${task}"`)).toBe(2);

    // Once the jobs are gone, the task reads 0 rather than vanishing.
    await t.db.execute(sql`delete from graphile_worker._private_jobs
      where task_id = (select id from graphile_worker._private_tasks where identifier = ${task})`);
    expect(sample(await scrape(), 'jobs_queue_depth', `task="${task}"`)).toBe(0);
  });
});
