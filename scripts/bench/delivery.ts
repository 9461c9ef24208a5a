// The game delivery's measures (decision 040), driven by scripts/bench.ts on a database of their own in the bench's
// PostgreSQL, with the product's server delivering to a bare receiver on loopback (bare-receiver.ts, its own
// process):
// - lag: credits at a steady 200 a second through the recharge API (delivery-worker.ts, its own process); for each
//   event, from its writing transaction's time (created_at: the transaction's start, so a little more than from its
//   commit) to its arrival at the receiver, which answers 204 at once; beside it, from the recharge's answer (after
//   the commit, so a little less);
// - drain: a backlog written in one transaction (the ledger's own ledger_move, one player credit per event) and
//   delivered by the server's workers: events a second from the commit to the last arrival; against the bare ceiling,
//   the product's own sender posting as many events with as many in flight, without queue or database.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { freeLoopbackPort } from '../../apps/server/src/db/embedded';
import type { DeliveryJob, DeliveryJobResult } from './delivery-worker';
import { type Forked, forkJobs } from './forked';
import { type Child, sleep, startChild, waitForHttp } from './processes';
import type { Run } from './report';
import type { Seeded } from './seed';

/** The deliveries' secret of the bench's run (Standard Webhooks: whsec_ and the base64 of the key). */
export const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const now = () => performance.timeOrigin + performance.now();

/** The value at fraction `p` of sorted values (NaN for none). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

export interface Receiver {
  child: Child;
  origin: string;
}

export async function startReceiver(root: string): Promise<Receiver> {
  const port = await freeLoopbackPort();
  const child = startChild(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-receiver.ts'], {
    cwd: root,
    env: { ...process.env, RECEIVER_PORT: String(port) },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/arrivals`, { since: performance.now(), child });
  return { child, origin };
}

export type DeliveryWorker = Forked<DeliveryJob, DeliveryJobResult>;

/** The load's process (delivery-worker.ts), forked once and sent one job at a time. */
export const startDeliveryWorker = (): DeliveryWorker =>
  forkJobs<DeliveryJob, DeliveryJobResult>('delivery-worker.ts', 'delivery load');

export interface DeliveryRig {
  db: Db;
  productOrigin: string;
  receiver: Receiver;
  worker: DeliveryWorker;
  seeded: Seeded;
  playersPerAgent: number;
  /** Deliveries in flight: the server's JOB_CONCURRENCY, and the bare loop's. */
  concurrency: number;
  headers: Record<string, string>;
}

/** What the receiver recorded since it was last asked (and forgets it). */
async function takeArrivals(
  receiver: Receiver,
): Promise<{ arrivals: Map<string, number>; duplicates: number }> {
  const response = await fetch(`${receiver.origin}/arrivals`);
  const body = (await response.json()) as { arrivals: [string, number][]; duplicates: number };
  return { arrivals: new Map(body.arrivals), duplicates: body.duplicates };
}

async function lastPosition(db: Db): Promise<number> {
  const result = await db.execute<{ p: string | null }>(
    sql`select max(position)::text as p from game_events`,
  );
  return Number(result.rows[0]?.p ?? 0);
}

/** Waits until every event after `after` is delivered, at most `timeoutMs`; answers how many are not. */
async function waitDelivered(db: Db, after: number, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from game_events where position > ${after} and status <> 'delivered'`,
    );
    const left = Number(result.rows[0]?.n ?? 0);
    if (left === 0 || performance.now() > deadline) return left;
    await sleep(100);
  }
}

interface EventTimes extends Record<string, unknown> {
  id: string;
  source_type: string;
  source_id: string;
  created_ms: number;
}

async function eventsAfter(db: Db, after: number): Promise<EventTimes[]> {
  const result = await db.execute<EventTimes>(sql`
    select id, source_type, source_id, extract(epoch from created_at) * 1000 as created_ms
      from game_events where position > ${after}`);
  return result.rows.map((r) => ({ ...r, created_ms: Number(r.created_ms) }));
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/**
 * One run of the lag measure: `seconds` of recharges at `perSecond`, then every event's lag from its transaction to
 * its arrival. The run's rate is the deliveries a second over the run, its p50/p99 the lag.
 */
export async function lagOnce(
  rig: DeliveryRig,
  seconds: number,
  perSecond: number,
): Promise<Omit<Run, 'cpu'>> {
  const after = await lastPosition(rig.db);
  await takeArrivals(rig.receiver);
  const credits = await rig.worker.run({
    kind: 'credits',
    url: rig.productOrigin,
    path: '/api/agent/index/recharge',
    perSecond,
    seconds,
    headers: rig.headers,
    agents: rig.seeded.agents.map((a) => ({ token: a.token, players: a.players })),
  });
  const undelivered = await waitDelivered(rig.db, after, 60_000);
  const events = await eventsAfter(rig.db, after);
  const { arrivals, duplicates } = await takeArrivals(rig.receiver);
  const answeredAt = new Map(credits.answered);
  const lags: number[] = [];
  const fromAnswer: number[] = [];
  for (const e of events) {
    const arrival = arrivals.get(e.id);
    if (arrival === undefined) continue;
    lags.push(arrival - e.created_ms);
    const answered = e.source_type === 'recharge' ? answeredAt.get(e.source_id) : undefined;
    if (answered !== undefined) fromAnswer.push(arrival - answered);
  }
  const lag = sorted(lags);
  const answerLag = sorted(fromAnswer);
  const elapsed = (credits.ended - credits.started) / 1000;
  return {
    rate: lag.length / seconds,
    p50: percentile(lag, 0.5),
    p99: percentile(lag, 0.99),
    max: percentile(lag, 1),
    requests: events.length,
    failures: credits.failures + undelivered + (events.length - lag.length - undelivered),
    detail: {
      creditsSent: credits.sent,
      creditsAnswered: credits.answered.length,
      creditsPerSecond: credits.answered.length / Math.max(1e-9, elapsed),
      creditAnswerMs: { p50: percentile(credits.latencies, 0.5), p99: percentile(credits.latencies, 0.99) },
      lagFromAnswerMs: {
        p50: percentile(answerLag, 0.5),
        p99: percentile(answerLag, 0.99),
        max: percentile(answerLag, 1),
      },
      undelivered,
      duplicates,
      ...(credits.sampleFailure ? { sampleFailure: credits.sampleFailure } : {}),
    },
  };
}

export interface Backlog {
  after: number;
  count: number;
  /** Wall clock (ms) once the transaction that wrote the backlog had committed. */
  committedAt: number;
}

/**
 * A backlog of `count` events in one transaction: player credits from their agents through the ledger's own
 * ledger_move (an event and its job each), the agents in turn. The server's workers start on it at the commit.
 */
export async function writeBacklog(rig: DeliveryRig, count: number): Promise<Backlog> {
  const after = await lastPosition(rig.db);
  const agents = rig.seeded.agents.length;
  const per = rig.playersPerAgent;
  await rig.db.execute(sql`
    select count(*) from (
      select ledger_move('diamonds', 1, 'bench-backlog', g::text,
                         'agent', ${rig.seeded.firstAgent}::int + g % ${agents}::int, 2::smallint, '',
                         'memoRechargePlayer', '{}'::jsonb,
                         'player', ${rig.seeded.firstPlayer}::int + (g % ${agents}::int) * ${per}::int
                                   + (g / ${agents}::int) % ${per}::int,
                         2::smallint, '', 'memoRechargedByAgent', '{}'::jsonb)
        from generate_series(0, ${count - 1}::int) g) moved`);
  return { after, count, committedAt: now() };
}

/** One drain: the backlog's events a second, from its commit to the last arrival; p50/p99 the tries' latency. */
export async function drainOnce(rig: DeliveryRig, backlog: Backlog): Promise<Omit<Run, 'cpu'>> {
  const undelivered = await waitDelivered(rig.db, backlog.after, 300_000);
  const events = await eventsAfter(rig.db, backlog.after);
  const { arrivals, duplicates } = await takeArrivals(rig.receiver);
  const times = events.map((e) => arrivals.get(e.id)).filter((t): t is number => t !== undefined);
  const last = Math.max(...times);
  const tries = await rig.db.execute<{ latency_ms: number; ok: boolean }>(sql`
    select a.latency_ms, a.http_status between 200 and 299 as ok
      from game_event_attempts a join game_events e on e.id = a.event_id where e.position > ${backlog.after}`);
  const latencies = sorted(tries.rows.filter((t) => t.ok).map((t) => Number(t.latency_ms)));
  return {
    rate: times.length / Math.max(1e-9, (last - backlog.committedAt) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: percentile(latencies, 1),
    requests: events.length,
    failures: undelivered + tries.rows.filter((t) => !t.ok).length,
    detail: {
      backlog: backlog.count,
      events: events.length,
      firstArrivalMs: Math.min(...times) - backlog.committedAt,
      lastArrivalMs: last - backlog.committedAt,
      tries: tries.rows.length,
      duplicates,
    },
  };
}

/** The bare ceiling: the product's sender posting `count` events, `concurrency` in flight, to the same receiver. */
export async function barePostsOnce(rig: DeliveryRig, count: number): Promise<Omit<Run, 'cpu'>> {
  await takeArrivals(rig.receiver);
  const posted = await rig.worker.run({
    kind: 'posts',
    url: `${rig.receiver.origin}/webhooks`,
    secret: WEBHOOK_SECRET,
    count,
    concurrency: rig.concurrency,
  });
  const { arrivals, duplicates } = await takeArrivals(rig.receiver);
  const last = Math.max(...arrivals.values());
  return {
    rate: arrivals.size / Math.max(1e-9, (last - posted.started) / 1000),
    p50: percentile(posted.latencies, 0.5),
    p99: percentile(posted.latencies, 0.99),
    max: percentile(posted.latencies, 1),
    requests: posted.sent,
    failures: posted.failures,
    detail: { duplicates, ...(posted.sampleFailure ? { sampleFailure: posted.sampleFailure } : {}) },
  };
}
