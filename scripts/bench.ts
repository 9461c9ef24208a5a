// `npm run bench` (docs/BENCHMARKS.md): the product against its ceilings, side by side on this machine.
// The product is the built server (apps/server/dist/main.js) in its own process on a real PostgreSQL (embedded, or
// BENCH_DATABASE_URL on loopback); the load comes from another process (wrk, else autocannon); the ceilings are pgbench on the
// fewest statements that do the same work, and a bare Fastify in a third process. Each scenario is warmed up, then
// run REPEATS times in turn with its ceilings (the order alternating), and reported as median and range; the money
// scenario is followed by the ledger's invariants; the game delivery's lag and drain, on a database and server of their
// own delivering to a bare receiver (scripts/bench/delivery.ts). Then start times and the web's weight (Debian's
// Chromium).
// Writes artifacts/bench.json, the results section of docs/BENCHMARKS.md and docs/bench-ratios.svg; prints one line
// per goal. A measure, never a test: a goal not met is reported, not failed; it exits non-zero only when it cannot
// start or when the ledger broke under the load. BENCH_QUICK=1: the small version (about two minutes on an idle
// machine). BENCH_BUILD=0: never build (by default it builds when the build is older than its sources).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as prettier from 'prettier';
import { localPoolSize } from '../apps/server/src/config';
import { connect, runMigrations } from '../apps/server/src/db/client';
import {
  type EmbeddedDatabase,
  freeLoopbackPort,
  startEmbeddedPostgres,
} from '../apps/server/src/db/embedded';
import { assertLedgerInvariants } from '../apps/server/test/money-invariants';
import { chartSvg, ratioBars } from './bench/chart';
import { apiCall, BROWSER_ENCODINGS, request } from './bench/http';
import { type LoadGenerator, type LoadJob, type LoadResult, startLoadGenerator } from './bench/load';
import { judge } from './bench/goals';
import { localPostmaster, machineInfo, postgresInfo } from './bench/machine';
import { findPgbench, GET_USER_SCRIPT, pgbenchVersion, RECHARGE_SCRIPT, runPgbench } from './bench/pgbench';
import {
  assertLoopback,
  type Child,
  cpuMeter,
  memoryMb,
  settle,
  startChild,
  type Tracked,
  waitForHttp,
} from './bench/processes';
import {
  goalLine,
  markdown,
  type Measure,
  median,
  noise,
  summaryTable,
  pairedRatio,
  round,
  type Run,
  type Side,
  type StartupFigures,
  type WebFigures,
  withResults,
} from './bench/report';
import {
  type Backlog,
  barePostsOnce,
  type DeliveryRig,
  type DeliveryWorker,
  drainOnce,
  lagOnce,
  startDeliveryWorker,
  startReceiver,
  WEBHOOK_SECRET,
  writeBacklog,
} from './bench/delivery';
import { billCursor, rechargeCounts, seed, vacuumAfterWrites } from './bench/seed';
import { measureStartup } from './bench/startup';
import { measureWeb } from './bench/web';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUICK = process.env.BENCH_QUICK === '1';
const REPEATS = Math.max(3, Number(process.env.BENCH_REPEATS ?? 3));
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 1 : 10));
const WARMUP = QUICK ? 1 : 5;
/** The longest wait for the server and the database to be idle between two runs. */
const SETTLE_MS = QUICK ? 5_000 : 20_000;
const SIZE = QUICK
  ? { agents: 200, playersPerAgent: 16, entries: 100_000, downline: 10_000, children: 100 }
  : { agents: 2_000, playersPerAgent: 32, entries: 1_000_000, downline: 100_000, children: 400 };
const CONNECTIONS = { recharge: 64, getUser: 100, bill: 8, downline: 1, static: 32 };
/**
 * The game delivery's measures (scripts/bench/delivery.ts): credits a second for the lag, each run twice
 * BENCH_DURATION long (20 s); a backlog of `backlogPerSecond` events per second of BENCH_DURATION (5,000); the
 * server's workers (JOB_CONCURRENCY, its default) and as many in flight for the bare sender; the sellers.
 */
const DELIVERY = { perSecond: 200, backlogPerSecond: 500, workers: 4, agents: 400, playersPerAgent: 8 };
const CORES = os.cpus().length;
/**
 * BENCH_ONLY=getUser,bill-1,...: only these measures (ids: recharge, getUser, bill-1, bill-1000, bill-deep, tree,
 * children, static, delivery, start); the start phase and the web run only when `start` is named. For working on one scenario;
 * the published results come from a full run.
 */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const selected = (id: string) => ONLY.size === 0 || ONLY.has(id);
/**
 * BENCH_SERVER: another build of the server to measure (a copy of apps/server/dist kept beside it, e.g.
 * apps/server/dist-before/main.js, so its migrations are still found): before and after a change on one machine.
 */
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
const HEADERS = { 'accept-encoding': BROWSER_ENCODINGS, 'x-lang': 'en' };

const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);

/** Newest modification time below a path, skipping build output and dependencies (as scripts/start.mjs). */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

/** The build the bench measures: made when missing or older than its sources (the rule of `npm start`). */
function ensureBuild(): string {
  const sources = [
    'packages/contract',
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/build.mjs',
    'apps/web',
    'package-lock.json',
  ];
  // A BENCH_ONLY run without the static file or the start phase needs only the server's build.
  const outputs =
    selected('static') || selected('start')
      ? ['apps/server/dist/main.js', 'apps/web/dist/index.html']
      : ['apps/server/dist/main.js'];
  const built = Math.min(
    ...outputs.map((o) => (existsSync(path.join(root, o)) ? statSync(path.join(root, o)).mtimeMs : 0)),
  );
  const stale = built < Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (!stale) return 'the existing build (up to date)';
  if (process.env.BENCH_BUILD === '0') {
    if (built === 0) throw new Error('no build (apps/server/dist, apps/web/dist) and BENCH_BUILD=0');
    return 'the existing build, OLDER than the sources (BENCH_BUILD=0)';
  }
  log('building (npm run build): the build is missing or older than the sources...');
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status ?? result.signal})`);
  return `a fresh build (${round((performance.now() - started) / 1000, 0)} s)`;
}

interface Database {
  url: string;
  kind: 'embedded' | 'BENCH_DATABASE_URL';
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

/** The same server's database `name` (an address's path; its socket folder and other parameters kept). */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The bench's own database: in a fresh embedded PostgreSQL (given room for pgbench's 100 clients beside the
 * server's pool: max_connections 300, then restarted), or a new database on BENCH_DATABASE_URL, dropped after.
 */
async function openBenchDatabase(): Promise<Database> {
  const given = process.env.BENCH_DATABASE_URL;
  const name = `promoter_bench_${Date.now()}`;
  if (given) {
    const address = new URL(given);
    assertLoopback(address.searchParams.get('host') ?? address.hostname, 'BENCH_DATABASE_URL');
    const admin = new pg.Client({ connectionString: given });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return {
      url: withDatabase(given, name),
      kind: 'BENCH_DATABASE_URL',
      async close() {
        const cleanup = new pg.Client({ connectionString: given });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-bench-'));
  let embedded: EmbeddedDatabase | undefined;
  try {
    embedded = await startEmbeddedPostgres({ dataDir, supervise: false });
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    await admin.query(`alter system set max_connections = 300`);
    await admin.end();
    await embedded.stop();
    // This throwaway cluster trusts loopback connections: a password check (SCRAM) per connection made pgbench's
    // 100 clients take seconds to connect on a loaded machine. The product's pool connects once either way.
    const hba = path.join(dataDir, 'pg', 'pg_hba.conf');
    await fs.writeFile(
      hba,
      (await fs.readFile(hba, 'utf8')).replace(/[ \t](password|scram-sha-256|md5)[ \t]*$/gm, ' trust'),
    );
    embedded = await startEmbeddedPostgres({ dataDir, supervise: false });
    const setup = new pg.Client({ connectionString: embedded.url });
    await setup.connect();
    await setup.query(`create database ${name}`);
    await setup.end();
  } catch (error) {
    await embedded?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = embedded;
  return {
    url: withDatabase(running.url, name),
    kind: 'embedded',
    embedded: running,
    async close() {
      await running.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built server in its own process, on the bench's database; no demo seed; rate limits in its memory. Without a
 * game endpoint by default (ALLOW_NO_GAME_DELIVERY: the API's measures leave deliveries out; each credit's event and
 * job are still written, and the job ends at once); `env` adds one (the delivery measures).
 */
async function startProduct(
  url: string,
  env: Record<string, string> = { ALLOW_NO_GAME_DELIVERY: 'true' },
): Promise<{ child: Child; origin: string }> {
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const name of ['GAME_WEBHOOK_URL', 'GAME_WEBHOOK_SECRET', 'JOB_CONCURRENCY']) delete inherited[name];
  const child = startChild(process.execPath, [SERVER], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: url,
      REDIS_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      GAME_API_SECRET: randomBytes(24).toString('hex'),
      APP_SECRET: randomBytes(24).toString('hex'),
      PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_LOG_SMS: 'true',
      ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
      ...env,
    },
  });
  await waitForHttp(`${origin}/`, { since: performance.now(), child, timeoutMs: 120_000 });
  return { child, origin };
}

function fromLoad(result: LoadResult): Omit<Run, 'cpu'> {
  // A run in which nothing was answered has no latency to read: every request took longer than the run.
  const none = result.requests === 0 ? result.seconds * 1000 : null;
  return {
    rate: result.rps,
    p50: none ?? result.latency.p50,
    p99: none ?? result.latency.p99,
    max: none ?? result.latency.max,
    requests: result.requests,
    failures: result.errors + result.timeouts + result.non2xx + result.refused,
    detail: {
      statuses: result.statuses,
      compressedUnread: result.compressed,
      ...(result.sampleRefusal ? { sampleRefusal: result.sampleRefusal } : {}),
    },
  };
}

/** One side of an interleaved measure: how to run it once (measured) and the processes whose CPU it uses. */
interface Runner {
  side: Side;
  /** Work a run needs done before it is measured (the delivery's backlog), outside its CPU count. */
  prepare?: (seconds: number) => Promise<void>;
  once(seconds: number, meter: ReturnType<typeof cpuMeter>): Promise<Omit<Run, 'cpu'>>;
  tracked: () => Tracked;
}

/** Warm-up of every side, then REPEATS rounds of every side in turn, the order reversed every other round. */
async function interleave(title: string, runners: Runner[], quiet: Tracked): Promise<void> {
  // A side that fails (pgbench missing a table, a ceiling that would not start) is dropped with its reason; the
  // others go on. The product failing stops the measure.
  const attempt = async (r: Runner, seconds: number): Promise<Run | null> => {
    let meter: ReturnType<typeof cpuMeter> | undefined;
    try {
      await r.prepare?.(seconds);
      meter = cpuMeter(r.tracked());
      const run = await r.once(seconds, meter);
      return { ...run, cpu: meter.stop() };
    } catch (error) {
      meter?.stop();
      if (r.side.kind === 'product') throw error;
      r.side.error = (error as Error).message.slice(0, 400);
      log(`${title}, ${r.side.name}: FAILED, left out: ${r.side.error}`);
      return null;
    } finally {
      await settle(quiet, SETTLE_MS);
    }
  };
  for (const r of runners) {
    const run = await attempt(r, WARMUP);
    if (run) r.side.warmup = run;
  }
  for (let round = 0; round < REPEATS; round++) {
    const order = round % 2 === 0 ? runners : [...runners].reverse();
    for (const r of order) {
      if (r.side.error) continue;
      const run = await attempt(r, DURATION);
      if (!run) continue;
      r.side.runs.push(run);
      log(
        `${title}, ${r.side.name} ${round + 1}/${REPEATS}: ${round0(run.rate)} ${r.side.kind === 'pgbench' ? 'tps' : 'req/s'}, p50 ${round0(run.p50, 1)} ms, p99 ${round0(run.p99, 1)} ms${run.failures ? `, ${run.failures} FAILED` : ''}`,
      );
    }
  }
}

const round0 = (v: number, d = 0) => round(v, d);

interface Context {
  seeded: Awaited<ReturnType<typeof seed>>;
  db: ReturnType<typeof connect>['db'];
  databaseUrl: string;
  product: { child: Child; origin: string };
  bare: { child: Child; origin: string };
  loader: LoadGenerator;
  postgresPid: number | undefined;
  pgbench: string | null;
  pgbenchClients: (wanted: number) => number;
  notes: string[];
}

/** The product's pool: BENCH_POOL_SIZE, else the server's default for a database on this machine (loopback). */
const productPoolSize = () => Number(process.env.BENCH_POOL_SIZE ?? localPoolSize());

/** The product's processes: its server and its database (counted in its runs, left to go quiet between them). */
const productProcesses = (c: Context): Tracked => ({ server: c.product.child.pid, postgres: c.postgresPid });
const api = (c: Context, p: string) => `${c.product.origin}/api/${p}`;
const withToken = (token: string) => ({ ...HEADERS, 'xx-token': token });

/** One run of the load generator; a process started for this run alone (wrk's) is counted by the meter. */
async function loadOnce(
  c: Context,
  meter: ReturnType<typeof cpuMeter>,
  job: LoadJob,
): Promise<Omit<Run, 'cpu'>> {
  return fromLoad(await c.loader.run(job, (pid) => meter.track('loader', pid)));
}

/** GET requests at one origin, each path and session token in turn; `tracked` names the processes that answer. */
function getRunner(
  c: Context,
  side: Side,
  target: { origin: string; tracked: () => Tracked },
  load: { paths: string[]; headers: Record<string, string>; tokens?: string[] },
): Runner {
  return {
    side,
    tracked: () => ({ ...target.tracked(), loader: c.loader.pid }),
    once: (seconds, meter) =>
      loadOnce(c, meter, {
        kind: 'get',
        url: target.origin,
        connections: side.connections,
        durationSeconds: seconds,
        headers: load.headers,
        paths: load.paths,
        tokens: load.tokens ?? [],
      }),
  };
}

/** The product's API, its server and database counted. */
const productGet = (c: Context, side: Side, paths: string[], tokens: string[]): Runner =>
  getRunner(
    c,
    side,
    { origin: c.product.origin, tracked: () => productProcesses(c) },
    { paths, headers: HEADERS, tokens },
  );

/** The bare Fastify ceiling. */
const bareGet = (c: Context, side: Side, paths: string[], headers: Record<string, string>): Runner =>
  getRunner(
    c,
    side,
    { origin: c.bare.origin, tracked: () => ({ ceiling: c.bare.child.pid }) },
    { paths, headers },
  );

function pgbenchSide(
  c: Context,
  side: Side,
  script: string,
  defines: Record<string, string | number>,
): Runner {
  return {
    side,
    tracked: () => ({ postgres: c.postgresPid }),
    once: async (seconds, meter) => {
      const result = await runPgbench({
        binary: c.pgbench as string,
        url: c.databaseUrl,
        script,
        clients: side.connections,
        threads: CORES,
        seconds,
        connectAllowance: QUICK ? 1 : 2,
        defines,
        onStart: (pid) => meter.track('ceiling', pid),
      });
      return {
        rate: result.tps,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        requests: result.transactions,
        failures: result.failed,
        detail: { transactions: result.transactions, meanMs: result.latency.mean },
      };
    },
  };
}

const sideOf = (name: string, kind: Side['kind'], connections: number): Side => ({
  name,
  kind,
  connections,
  runs: [],
});

/** The ceilings that ran; those that failed become notes. */
function kept(c: Context, ceilings: Side[]): { ceilings: Side[]; notes: string[] } {
  const notes = ceilings.filter((s) => s.error).map((s) => `${s.name} failed: ${s.error}`);
  c.notes.push(...notes);
  return { ceilings: ceilings.filter((s) => !s.error), notes };
}

function remember(
  c: Context,
  memory: { scenario: string; rssMb: number; peakMb: number }[],
  scenario: string,
) {
  const m = memoryMb(c.product.child.pid);
  if (m) memory.push({ scenario, rssMb: m.rss, peakMb: m.peak });
}

/** Recharge at 64 connections over many agents and players, against pgbench on its one statement; then the ledger. */
async function rechargeMeasure(c: Context): Promise<{ measure: Measure; invariants: string }> {
  const { seeded } = c;
  const product = sideOf('product', 'product', CONNECTIONS.recharge);
  const runners: Runner[] = [
    {
      side: product,
      tracked: () => ({ ...productProcesses(c), loader: c.loader.pid }),
      once: (seconds, meter) =>
        loadOnce(c, meter, {
          kind: 'recharge',
          url: c.product.origin,
          path: '/api/agent/index/recharge',
          connections: product.connections,
          durationSeconds: seconds,
          headers: HEADERS,
          agents: seeded.agents.map((a) => ({ token: a.token, players: a.players })),
        }),
    },
  ];
  const ceilings: Side[] = [];
  if (c.pgbench) {
    const clients = c.pgbenchClients(CONNECTIONS.recharge);
    const side = sideOf(`pgbench, its statement (${clients} clients)`, 'pgbench', clients);
    ceilings.push(side);
    runners.push(
      pgbenchSide(c, side, RECHARGE_SCRIPT, {
        prefix: seeded.tokenPrefix,
        first_agent: seeded.firstAgent,
        first_player: seeded.firstPlayer,
        agents: seeded.agents.length,
        ppa: SIZE.playersPerAgent,
      }),
    );
  }
  const before = await rechargeCounts(c.db);
  await interleave('recharge', runners, productProcesses(c));
  const after = await rechargeCounts(c.db);

  // Every answered recharge was written once, with its two entries and its key; a request in flight when a run
  // stopped may have been written without its answer being counted (at most one per connection per run).
  const all = (s: Side) => [...(s.warmup ? [s.warmup] : []), ...s.runs];
  const answered = [product, ...ceilings].reduce(
    (sum, s) => sum + all(s).reduce((n, r) => n + r.requests - r.failures, 0),
    0,
  );
  const inFlight = [product, ...ceilings].reduce((sum, s) => sum + all(s).length * s.connections, 0);
  const written = after.recharges - before.recharges;
  const problems: string[] = [];
  const failed = ceilings.filter((x) => x.error);
  if (failed.length)
    c.notes.push(
      `Recharges written vs answered not compared: ${failed.map((x) => x.name).join(', ')} failed mid-run.`,
    );
  else if (written < answered || written > answered + inFlight)
    problems.push(
      `${written} recharges written for ${answered} answered (at most ${inFlight} more in flight)`,
    );
  if (after.entries - before.entries !== 2 * written)
    problems.push(`${after.entries - before.entries} recharge entries for ${written} recharges`);
  if (after.keys - before.keys !== written)
    problems.push(`${after.keys - before.keys} idempotency keys for ${written} recharges`);
  let invariants: string;
  try {
    await assertLedgerInvariants(c.db);
    invariants = problems.length
      ? `BROKEN: ${problems.join('; ')}`
      : `0 breaks (no account below zero, every account's entries sum to its value, every entry's running total right; ${written.toLocaleString('en')} recharges written for ${answered.toLocaleString('en')} answered, each with its two entries and its key).`;
  } catch (error) {
    invariants = `BROKEN: ${(error as Error).message.slice(0, 500)}${problems.length ? `; ${problems.join('; ')}` : ''}`;
  }
  log(`ledger after the recharges: ${invariants}`);
  await vacuumAfterWrites(c.db);
  return {
    measure: {
      id: 'recharge',
      title: 'recharge, 64 connections',
      product,
      ...kept(c, ceilings),
    },
    invariants,
  };
}

async function getUserMeasure(c: Context): Promise<Measure> {
  const tokens = c.seeded.agents.map((a) => a.token);
  const product = sideOf('product', 'product', CONNECTIONS.getUser);
  const probe = await apiCall(api(c, 'agent/user/getUser'), { headers: withToken(tokens[0] as string) });
  const runners: Runner[] = [productGet(c, product, ['/api/agent/user/getUser'], tokens)];
  const ceilings: Side[] = [];
  if (c.pgbench) {
    const clients = c.pgbenchClients(CONNECTIONS.getUser);
    const side = sideOf(`pgbench, its SQL (${clients} clients)`, 'pgbench', clients);
    ceilings.push(side);
    runners.push(
      pgbenchSide(c, side, GET_USER_SCRIPT, {
        prefix: c.seeded.tokenPrefix,
        first_agent: c.seeded.firstAgent,
        agents: c.seeded.agents.length,
      }),
    );
  }
  const bare = sideOf('bare Fastify', 'bare-fastify', CONNECTIONS.getUser);
  ceilings.push(bare);
  runners.push(bareGet(c, bare, ['/api/agent/user/getUser'], HEADERS));
  await interleave('getUser', runners, productProcesses(c));
  return {
    id: 'getUser',
    title: 'getUser, 100 connections',
    product,
    ...kept(c, ceilings),
    answer: {
      bytes: probe.json.length,
      wireBytes: probe.answer.wire.length,
      encoding: String(probe.answer.headers['content-encoding'] ?? ''),
    },
  };
}

/** A product-only measure of GET paths (no ceiling): the bill pages and the downline's first screens. */
async function getMeasure(
  c: Context,
  id: string,
  title: string,
  apiPath: string,
  token: string,
  connections: number,
): Promise<Measure> {
  const probe = await apiCall(api(c, apiPath), { headers: withToken(token) });
  const product = sideOf('product', 'product', connections);
  await interleave(title, [productGet(c, product, [`/api/${apiPath}`], [token])], productProcesses(c));
  return {
    id,
    title,
    product,
    ceilings: [],
    answer: {
      bytes: Buffer.byteLength(probe.json),
      wireBytes: probe.answer.wire.length,
      encoding: String(probe.answer.headers['content-encoding'] ?? ''),
    },
    notes: [],
  };
}

/** The web's entry script served by the product and by a bare @fastify/static on the same files. */
async function staticMeasure(c: Context): Promise<Measure | null> {
  const index = readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
  const entry = /<script[^>]+src="\.?\/?(assets\/[^"]+\.js)"/.exec(index)?.[1];
  if (!entry) {
    c.notes.push('The static file measure found no entry script in apps/web/dist/index.html.');
    return null;
  }
  const url = `/${entry}`;
  const answer = await request(`${c.product.origin}${url}`, {
    headers: { 'accept-encoding': BROWSER_ENCODINGS },
  });
  if (answer.status !== 200) throw new Error(`${url}: HTTP ${answer.status} from the product`);
  const product = sideOf('product', 'product', CONNECTIONS.static);
  const bare = sideOf('bare @fastify/static', 'bare-static', CONNECTIONS.static);
  const headers = { 'accept-encoding': BROWSER_ENCODINGS };
  await interleave(
    'static file',
    [
      // The files alone: the product's server counted, its database left out.
      getRunner(
        c,
        product,
        { origin: c.product.origin, tracked: () => ({ server: c.product.child.pid }) },
        { paths: [url], headers },
      ),
      bareGet(c, bare, [url], headers),
    ],
    productProcesses(c),
  );
  return {
    id: 'static',
    title: `static file (${path.basename(entry)})`,
    product,
    ...kept(c, [bare]),
    answer: {
      bytes: answer.body.length,
      wireBytes: answer.wire.length,
      encoding: String(answer.headers['content-encoding'] ?? ''),
    },
  };
}

/**
 * The game delivery (decision 040), on a database of its own in the bench's PostgreSQL: the built server delivering
 * to a bare receiver (scripts/bench/delivery.ts). The lag at a steady credit rate; the rate a backlog drains at,
 * against the product's own sender posting to the same receiver without queue or database.
 */
async function deliveryMeasures(c: Context, database: Database): Promise<Measure[]> {
  const name = `promoter_bench_delivery_${Date.now()}`;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(database.url, name);
  const bench = connect(url, { max: 4, statementTimeoutMs: 0 });
  const children: Child[] = [];
  let worker: DeliveryWorker | undefined;
  try {
    await runMigrations(bench.db);
    const seeded = await seed(
      bench.db,
      {
        agents: DELIVERY.agents,
        playersPerAgent: DELIVERY.playersPerAgent,
        entries: 10,
        downline: 10,
        children: 5,
      },
      log,
    );
    const receiver = await startReceiver(root);
    children.push(receiver.child);
    const product = await startProduct(url, {
      GAME_WEBHOOK_URL: `${receiver.origin}/webhooks`,
      GAME_WEBHOOK_SECRET: WEBHOOK_SECRET,
      JOB_CONCURRENCY: String(DELIVERY.workers),
    });
    children.push(product.child);
    const loop = startDeliveryWorker();
    worker = loop;
    const rig: DeliveryRig = {
      db: bench.db,
      productOrigin: product.origin,
      receiver,
      worker: loop,
      seeded,
      playersPerAgent: DELIVERY.playersPerAgent,
      concurrency: DELIVERY.workers,
      headers: { 'x-lang': 'en' },
    };
    // The server delivering, its database, and the receiver (in the load generator's column).
    const tracked = (): Tracked => ({
      server: product.child.pid,
      postgres: c.postgresPid,
      loader: receiver.child.pid,
    });
    const quiet: Tracked = { server: product.child.pid, postgres: c.postgresPid };
    const lag = sideOf('product', 'product', DELIVERY.workers);
    await interleave(
      'delivery lag',
      [{ side: lag, tracked, once: (seconds) => lagOnce(rig, seconds * 2, DELIVERY.perSecond) }],
      quiet,
    );
    const drain = sideOf('product', 'product', DELIVERY.workers);
    const bare = sideOf(
      `bare POST loop (the product's sender, ${DELIVERY.workers} in flight)`,
      'bare-post',
      DELIVERY.workers,
    );
    let backlog: Backlog | undefined;
    await interleave(
      'delivery drain',
      [
        {
          side: drain,
          tracked,
          prepare: async (seconds) => {
            backlog = await writeBacklog(rig, seconds * DELIVERY.backlogPerSecond);
          },
          once: () => drainOnce(rig, backlog as Backlog),
        },
        {
          side: bare,
          tracked: () => ({ ceiling: loop.pid, loader: receiver.child.pid }),
          once: (seconds) => barePostsOnce(rig, seconds * DELIVERY.backlogPerSecond),
        },
      ],
      quiet,
    );
    return [
      {
        id: 'delivery-lag',
        title: `game delivery at ${DELIVERY.perSecond} credits/s: commit to the game's 2xx`,
        product: lag,
        ceilings: [],
        notes: [],
      },
      {
        id: 'delivery-drain',
        title: `game delivery, a backlog of ${(DURATION * DELIVERY.backlogPerSecond).toLocaleString('en')} drained`,
        product: drain,
        ...kept(c, [bare]),
      },
    ];
  } finally {
    await bench.close();
    await worker?.close();
    for (const child of children.reverse()) await child.stop();
    const cleanup = new pg.Client({ connectionString: database.url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

interface ApiPhase {
  /** Seconds each part took, warm-ups and waits included. */
  timings: Record<string, number>;
  measures: Measure[];
  invariants: string;
  serverMemory: { scenario: string; rssMb: number; peakMb: number }[];
  postgres: Awaited<ReturnType<typeof postgresInfo>>;
  seedSeconds: number;
  /** The load generator that ran (wrk, or autocannon without it). */
  loadGenerator: string;
}

/** The server's figures: a database seeded, the built server, the load generator and the bare ceilings. */
async function apiPhase(pgbench: string | null, notes: string[]): Promise<ApiPhase> {
  const database = await openBenchDatabase();
  const children: Child[] = [];
  let loader: LoadGenerator | undefined;
  const phase: Omit<ApiPhase, 'postgres'> = {
    timings: {},
    measures: [],
    invariants: 'not checked',
    serverMemory: [],
    seedSeconds: 0,
    loadGenerator: 'not started',
  };
  const begun = performance.now();
  const bench = connect(database.url, { max: 4, statementTimeoutMs: 0 });
  try {
    await runMigrations(bench.db);
    const postgres = await postgresInfo(bench.db, database.kind, database.url);
    log(`PostgreSQL: ${postgres.version} (${postgres.kind}, ${postgres.address})`);
    // A BENCH_ONLY run without the downline's measures seeds a token downline (its 100,000 agents take a while).
    const seeded = await seed(
      bench.db,
      selected('tree') || selected('children') ? SIZE : { ...SIZE, downline: 10, children: 5 },
      log,
    );
    phase.seedSeconds = seeded.seconds;
    phase.timings['database and seed'] = (performance.now() - begun) / 1000;
    log(`seeded in ${seeded.seconds.toFixed(1)} s`);

    const product = await startProduct(database.url);
    children.push(product.child);
    loader = startLoadGenerator(log);
    phase.loadGenerator = loader.name;
    log(`load generator: ${loader.name}`);
    // The bare Fastify answers the product's own getUser answer, as a constant.
    const sample = await apiCall(`${product.origin}/api/agent/user/getUser`, {
      headers: withToken(seeded.agents[0]?.token as string),
    });
    const sampleFile = path.join(os.tmpdir(), `promoter-bench-getuser-${process.pid}.json`);
    await fs.writeFile(sampleFile, sample.json);
    const barePort = await freeLoopbackPort();
    const bareChild = startChild(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        BARE_PORT: String(barePort),
        BARE_JSON_FILE: sampleFile,
        BARE_STATIC_ROOT: path.join(root, 'apps/web/dist'),
      },
    });
    children.push(bareChild);
    const bare = { child: bareChild, origin: `http://127.0.0.1:${barePort}` };
    await waitForHttp(`${bare.origin}/api/agent/user/getUser`, {
      since: performance.now(),
      child: bareChild,
    });
    await fs.rm(sampleFile, { force: true });

    const maxConnections = Number(/^\d+/.exec(postgres.settings.max_connections ?? '')?.[0] ?? 100);
    const c: Context = {
      seeded,
      db: bench.db,
      databaseUrl: database.url,
      product,
      bare,
      loader,
      postgresPid: database.embedded?.pid() ?? (await localPostmaster(bench.db)),
      pgbench,
      // pgbench's clients beside the server's pool (20 by default), the bench's (4) and PostgreSQL's reserved.
      pgbenchClients: (wanted) => {
        const room = maxConnections - productPoolSize() - 4 - 5;
        if (room < wanted)
          notes.push(
            `pgbench ran ${Math.max(1, room)} clients, not ${wanted}: max_connections is ${maxConnections}.`,
          );
        return Math.max(1, Math.min(wanted, room));
      },
      notes,
    };

    // Each measure on its own: one that cannot run is reported as such, the others still run.
    const measure = async (name: string, run: () => Promise<Measure | Measure[] | null>) => {
      if (!selected(name)) return;
      const since = performance.now();
      try {
        const m = await run();
        if (m) phase.measures.push(...[m].flat());
      } catch (error) {
        notes.push(`${name} was not measured: ${(error as Error).message.slice(0, 400)}`);
        log(`${name} FAILED: ${(error as Error).message}`);
      }
      remember(c, phase.serverMemory, name);
      phase.timings[name] = (performance.now() - since) / 1000;
    };
    await measure('recharge', async () => {
      const recharge = await rechargeMeasure(c);
      phase.invariants = recharge.invariants;
      return recharge.measure;
    });
    await measure('getUser', () => getUserMeasure(c));
    // Page 1 as the client opens the list; pages 1,000 and the last as it reaches them, scrolling: with the cursor
    // of the page before (keyset paging, decision 023; a jump without one walks the index and is not this goal).
    for (const [id, page] of [
      ['bill-1', 1],
      ['bill-1000', 1000],
      ['bill-deep', Math.ceil(SIZE.entries / 20)],
    ] as const) {
      const cursor = page > 1 ? await billCursor(bench.db, seeded.billAgent.agentId, page, 20) : null;
      await measure(id, () =>
        getMeasure(
          c,
          id,
          `bill page ${page.toLocaleString('en')} of ${SIZE.entries.toLocaleString('en')}${cursor ? ' (by cursor)' : ''}, 8 connections`,
          `agent/user/bill?currency=2&page=${page}&pageSize=20${cursor ? `&cursor=${cursor}` : ''}`,
          seeded.billAgent.token,
          CONNECTIONS.bill,
        ),
      );
    }
    await measure('tree', () =>
      getMeasure(
        c,
        'tree',
        `tree of ${SIZE.downline.toLocaleString('en')}, first screen, 1 connection`,
        'agent/user/tree',
        seeded.teamRoot.token,
        CONNECTIONS.downline,
      ),
    );
    await measure('children', () =>
      getMeasure(
        c,
        'children',
        `children (${SIZE.children} of ${SIZE.downline.toLocaleString('en')}), page 1, 1 connection`,
        'agent/user/children?page=1&pageSize=20',
        seeded.teamRoot.token,
        CONNECTIONS.downline,
      ),
    );
    await measure('static', () => staticMeasure(c));
    await measure('delivery', () => deliveryMeasures(c, database));
    const serverErrors = product.child
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    // A load generator ends a run by closing its connections, answers half-written included: the server logs those.
    const cutOff = serverErrors.filter((line) => /premature close/.test(line));
    const others = serverErrors.filter((line) => !/premature close/.test(line));
    if (cutOff.length)
      notes.push(
        `The server logged ${cutOff.length} "premature close" errors: answers still being written when the load generator closed its connections at the end of a run.`,
      );
    if (others.length)
      notes.push(`The server logged ${others.length} other errors, the first: ${others[0]?.slice(0, 300)}`);
    return { ...phase, postgres };
  } finally {
    await bench.close();
    await loader?.close();
    for (const child of children.reverse()) await child.stop();
    await database.close();
  }
}

/** Start times, and the web's weight on the first start's demo. */
async function startPhase(
  notes: string[],
): Promise<{ startup: StartupFigures | null; web: WebFigures | null }> {
  // The build may have gone stale while the API was measured (someone edits the sources): `npm start` would
  // build first and its time would not be a prepared clone's.
  let web: WebFigures | null = null;
  try {
    if (process.env.BENCH_BUILD !== '0') ensureBuild();
    const startup = await measureStartup({
      root,
      npmStartRuns: QUICK ? 1 : 3,
      serverAloneRuns: 3,
      log,
      whileServing: async ({ agentLink }) => {
        try {
          web = await measureWeb({
            agentLink,
            distDir: path.join(root, 'apps/web/dist'),
            screenshot: path.join(root, 'artifacts/bench-agent-main.png'),
            // A quick run's two minutes have no room for Lighthouse; BENCH_LIGHTHOUSE_RUNS decides when set.
            lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (QUICK ? 0 : 3)),
          });
        } catch (error) {
          notes.push(`The web was not measured: ${(error as Error).message.slice(0, 300)}`);
        }
      },
    });
    notes.push(...startup.notes);
    return { startup, web };
  } catch (error) {
    notes.push(`Start times were not measured: ${(error as Error).message.slice(0, 300)}`);
    return { startup: null, web };
  }
}

async function main() {
  const started = performance.now();
  const date = new Date().toISOString();
  const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
  const machine = machineInfo();
  log(
    `${QUICK ? 'quick' : 'full'} run on ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`,
  );
  const build = ensureBuild();
  const pgbench = findPgbench();
  const notes: string[] = [];
  if (!pgbench)
    notes.push(
      'pgbench was not found (PATH or /usr/lib/postgresql/*/bin): the database ceilings were not measured. On Debian: apt-get install postgresql-client.',
    );
  if (SIZE.agents < CONNECTIONS.recharge) throw new Error('fewer agents than recharge connections');
  if (ONLY.size > 0 && !ONLY.has('start')) skip.add('start');
  for (const phase of skip) notes.push(`Skipped by BENCH_SKIP: ${phase}.`);
  if (ONLY.size > 0) notes.push(`Only these measures (BENCH_ONLY): ${[...ONLY].join(', ')}.`);

  const api = skip.has('api') ? null : await apiPhase(pgbench, notes);
  if (!skip.has('start')) log('start times and the web, on `npm start` with a fresh DATA_DIR...');
  const startBegun = performance.now();
  const { startup, web } = skip.has('start') ? { startup: null, web: null } : await startPhase(notes);
  const timings = { ...(api?.timings ?? {}), 'start times and web': (performance.now() - startBegun) / 1000 };

  const measures = api?.measures ?? [];
  const invariants = api?.invariants ?? 'not checked';
  const goals = judge(measures, invariants, web, startup, SIZE.entries);
  const seconds = (performance.now() - started) / 1000;
  const settings: Record<string, string | number> = {
    build,
    'runs per side': `${REPEATS} of ${DURATION} s after a ${WARMUP} s warm-up, product and ceilings in turn (order alternating), the server and database left to finish their backlog between runs`,
    'load generator': `${api?.loadGenerator ?? 'none (no API measure)'} in its own process, keep-alive connections, \`accept-encoding: gzip, deflate, br\`, \`x-lang: en\``,
    connections: `recharge ${CONNECTIONS.recharge}, getUser ${CONNECTIONS.getUser}, bill ${CONNECTIONS.bill}, downline ${CONNECTIONS.downline}, static ${CONNECTIONS.static}`,
    delivery: `a database of its own (${DELIVERY.agents} agents x ${DELIVERY.playersPerAgent} players), the server with GAME_WEBHOOK_URL on a bare receiver (204 at once, its own process) and JOB_CONCURRENCY ${DELIVERY.workers}; lag: recharges at ${DELIVERY.perSecond} a second for ${2 * DURATION} s a run from a process of its own, each event from its transaction's created_at to its arrival; drain: ${(DURATION * DELIVERY.backlogPerSecond).toLocaleString('en')} events written in one transaction, from its commit to the last arrival, against the product's sender (sendWebhook) posting as many with ${DELIVERY.workers} in flight; the API's measures run without a game endpoint (ALLOW_NO_GAME_DELIVERY)`,
    data: `${SIZE.agents.toLocaleString('en')} agents x ${SIZE.playersPerAgent} bound players (recharge, getUser), one agent with ${SIZE.entries.toLocaleString('en')} entries (bill), a downline of ${SIZE.downline.toLocaleString('en')} (${SIZE.children} children), seeded in ${round(api?.seedSeconds ?? 0, 0)} s`,
    server: `${SERVER}, NODE_ENV=production, LOG_LEVEL=warn, pool ${process.env.BENCH_POOL_SIZE ? `${productPoolSize()} (BENCH_POOL_SIZE)` : `${productPoolSize()} (the default for a database on this machine: 5 a core, at most 20)`}, rate limits in memory`,
    pgbench: pgbench
      ? `${pgbenchVersion(pgbench)}, -M prepared, -j ${CORES}, as many clients as the product's connections`
      : 'not found',
    'bare ceilings':
      "Fastify without plugins in its own process: the product's getUser answer as a constant; @fastify/static on apps/web/dist, precompressed",
  };
  const report = {
    date,
    quick: QUICK,
    seconds,
    timings,
    machine: machine as unknown as Record<string, unknown>,
    postgres: api?.postgres ?? { kind: 'not used', version: '-', address: '-', settings: {} },
    settings,
    table: summaryTable(measures),
    goals,
    measures,
    web,
    startup,
    invariants,
    serverMemory: api?.serverMemory ?? [],
    notes,
  };
  await fs.mkdir(path.join(root, 'artifacts'), { recursive: true });
  // A BENCH_ONLY or a quick run is a partial one (some measures, or small data and 1 s runs): its figures go to a file
  // of their own, never over the full run's results.
  const partial = ONLY.size > 0 || QUICK;
  const written = partial
    ? [ONLY.size > 0 ? `artifacts/bench-only-${[...ONLY].join('-')}.json` : 'artifacts/bench-quick.json']
    : ['artifacts/bench.json', 'docs/BENCHMARKS.md', 'docs/bench-ratios.svg'];
  await fs.writeFile(path.join(root, written[0] as string), `${JSON.stringify(report, null, 2)}\n`);
  if (!partial) {
    const docPath = path.join(root, 'docs/BENCHMARKS.md');
    const doc = existsSync(docPath) ? await fs.readFile(docPath, 'utf8') : '# Benchmarks\n';
    // Formatted as the repository formats its documents (npm test checks it).
    const options = (await prettier.resolveConfig(docPath)) ?? {};
    await fs.writeFile(
      docPath,
      await prettier.format(withResults(doc, markdown(report)), { ...options, filepath: docPath }),
    );
    await fs.writeFile(
      path.join(root, 'docs/bench-ratios.svg'),
      chartSvg(
        `npm run bench, ${date.slice(0, 10)}: ${machine.cpu}, ${machine.cores} cores`,
        ratioBars(measures, goals),
        goals,
      ),
    );
  }

  console.log('');
  console.table(
    measures.map((m) => ({
      measure: m.title,
      'req/s': round(median(m.product.runs.map((r) => r.rate)), 0),
      'p50 ms': round(median(m.product.runs.map((r) => r.p50)), 1),
      'p99 ms': round(median(m.product.runs.map((r) => r.p99)), 1),
      ceilings: m.ceilings.map((s) => `${s.name} ${round(median(s.runs.map((r) => r.rate)), 0)}`).join('; '),
      ratios: m.ceilings.map((s) => round(pairedRatio(m.product, s).median, 3)).join('; '),
    })),
  );
  console.log('');
  for (const g of goals) console.log(goalLine(g));
  for (const note of notes) console.log(`note: ${note}`);
  const others = noise(measures);
  if (others > 20)
    console.log(
      `note: other work used ${round(others, 0)} % of the machine during the runs: rates, ratios and latencies are skewed by it; the CPU per request (docs/BENCHMARKS.md) holds better.`,
    );
  console.log(
    `\n${goals.filter((g) => g.met).length} of ${goals.length} goals met; written: ${written.join(', ')} (${round(seconds, 0)} s)`,
  );
  // The only failure of a bench: a broken ledger (a measure that could not run is reported, not thrown).
  if (invariants.startsWith('BROKEN')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
