// The game of `npm run chaos` (decision 040): a webhook receiver in the chaos process, on 127.0.0.1, that the server
// instances deliver to. It verifies each delivery as a game must (the SDK's verifyDelivery: Standard Webhooks
// signature, timestamp, the contract's event, the id), applies each event once by its webhook-id (a repeat is a
// duplicate: counted, acknowledged, never applied again) and misbehaves as it is told:
//
// - `slow`: applies at once, answers 204 after 5 s (within the back office's 10 s timeout): a kill -9 of a server in
//   those 5 s is a kill mid-delivery, whose event the game has applied and the back office has not recorded;
// - `error`: answers 500 without applying;
// - `hang`: never answers (the back office gives up after 10 s); the socket is dropped after 15 s;
// - `down`: not listening: connections are refused;
// - `lost-ack`: applies, then resets the connection instead of answering: its acknowledgement never arrives, so the
//   same id comes again and is acknowledged a second time (the duplicate must be harmless).
//
// Everything is counted per phase; the checks after the run compare what the game applied with the database.
import http from 'node:http';
import type { Socket } from 'node:net';
import pg from 'pg';
import { DeliveryVerificationError, verifyDelivery } from '@promoter/game-sdk';

export type GameFault = 'none' | 'slow' | 'error' | 'hang' | 'down' | 'lost-ack';

export const SLOW_MS = 5_000;
/** A hanging answer's socket is dropped after this (the back office has given up at 10 s). */
const HANG_DROP_MS = 15_000;

export interface GameCounts {
  /** Requests that reached the game (while it listened). */
  requests: number;
  /** Refused: the signature, timestamp or body did not verify (400). Must stay 0. */
  refused: number;
  /** Events applied for the first time. */
  applied: number;
  /** Verified deliveries of an id applied before: acknowledged again, not applied. */
  duplicates: number;
  answered2xx: number;
  answered500: number;
  /** Requests held without an answer (hang). */
  hung: number;
  /** Applied, then the connection reset instead of the answer (lost-ack). */
  ackLost: number;
  /** The sender went away before the game answered (a timeout, or a sender killed mid-delivery). */
  abandoned: number;
}

const zero = (): GameCounts => ({
  requests: 0,
  refused: 0,
  applied: 0,
  duplicates: 0,
  answered2xx: 0,
  answered500: 0,
  hung: 0,
  ackLost: 0,
  abandoned: 0,
});

export interface Applied {
  playerId: number;
  diamonds: number;
  phase: string;
  /** Deliveries of this id the game verified (1 + duplicates). */
  received: number;
}

export class ChaosGame {
  fault: GameFault = 'none';
  /** The phase the counts go to. */
  phase = 'start';
  readonly applied = new Map<string, Applied>();
  readonly counts = new Map<string, GameCounts>();
  /** Requests read and not yet answered. */
  inFlight = 0;
  port = 0;
  private server: http.Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(readonly secret: string) {}

  get url() {
    return `http://127.0.0.1:${this.port}/webhooks`;
  }

  countsOf(phase: string): GameCounts {
    let c = this.counts.get(phase);
    if (!c) this.counts.set(phase, (c = zero()));
    return c;
  }

  /** Listens (on the same port after the first start, so the servers' GAME_WEBHOOK_URL stays right). */
  async start(): Promise<void> {
    const server = http.createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(this.port, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
        break;
      } catch (error) {
        // The port is ours again once the old listener's sockets are gone; anything else holding it is a failure.
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Stops listening and drops every connection: deliveries are refused until start(). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    server.closeAllConnections();
    await closed;
  }

  async setFault(fault: GameFault): Promise<void> {
    if (fault === this.fault) return;
    const was = this.fault;
    this.fault = fault;
    if (fault === 'down') await this.stop();
    else if (was === 'down') await this.start();
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const c = this.countsOf(this.phase);
      c.requests++;
      this.inFlight++;
      let answered = false;
      const done = () => {
        if (answered) return false;
        answered = true;
        this.inFlight--;
        return true;
      };
      res.on('close', () => {
        // The connection closed before the game answered: the sender gave up or died.
        if (!res.writableFinished && done()) c.abandoned++;
      });
      const answer = (status: number) => {
        if (res.destroyed || !done()) return;
        if (status >= 200 && status < 300) c.answered2xx++;
        else if (status >= 500) c.answered500++;
        res.writeHead(status).end();
      };
      const raw = Buffer.concat(chunks);
      let id: string;
      let playerId = 0;
      let diamonds = 0;
      try {
        const event = verifyDelivery({ secret: this.secret, headers: req.headers, rawBody: raw });
        id = event.id;
        if (event.type !== 'webhook.test') {
          playerId = event.data.playerId;
          diamonds = event.data.diamonds;
        }
      } catch (error) {
        c.refused++;
        if (!(error instanceof DeliveryVerificationError)) throw error;
        answer(400);
        return;
      }
      const fault = this.fault;
      if (fault === 'error') return answer(500);
      if (fault === 'hang') {
        c.hung++;
        setTimeout(() => {
          if (done()) res.destroy();
        }, HANG_DROP_MS);
        return;
      }
      // Applied once, by its id, before the answer (as a game commits, then answers).
      const seen = this.applied.get(id);
      if (seen) {
        seen.received++;
        c.duplicates++;
      } else {
        this.applied.set(id, { playerId, diamonds, phase: this.phase, received: 1 });
        c.applied++;
      }
      if (fault === 'lost-ack' && !seen) {
        if (done()) c.ackLost++;
        res.destroy();
        return;
      }
      if (fault === 'slow') setTimeout(() => answer(204), SLOW_MS);
      else answer(204);
    });
  }
}

// ---- after the run: every event delivered, each applied once ---------------------------------------------------

/** A stretch of the run: a phase, or the recovery after the last one (wall-clock milliseconds). */
export interface Window {
  phase: string;
  from: number;
  to: number;
}

/** What the database and the game say about one stretch of the run. */
export interface GamePhaseRow extends GameCounts {
  phase: string;
  /** Events written (credits and debits of players' diamonds) in the stretch. */
  events: number;
  /** Tries the back office recorded: answered 2xx, answered otherwise, no answer (refused, timed out, reset). */
  tries2xx: number;
  triesOther: number;
  triesNoAnswer: number;
  /** kill -9 of a server while the game held deliveries unanswered (mid-delivery). */
  killsMidDelivery: number;
  /** Events not delivered yet when the stretch's load ended (before the checks between phases). */
  pendingAtEnd: number | null;
}

/** Events not delivered yet (a connection of its own: PostgreSQL may be killed between two calls). */
export async function pendingEvents(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const result = await client.query(`select count(*)::int as n from game_events where status = 'pending'`);
    return Number((result.rows[0] as { n?: number } | undefined)?.n ?? 0);
  } finally {
    await client.end();
  }
}

export async function phaseRows(
  client: pg.Client,
  game: ChaosGame,
  windows: Window[],
  killsMidDelivery: Map<string, number>,
  pendingAtEnd: Map<string, number>,
): Promise<GamePhaseRow[]> {
  const rows: GamePhaseRow[] = [];
  for (const w of windows) {
    const range = [new Date(w.from).toISOString(), new Date(w.to).toISOString()];
    const [events] = (
      await client.query(
        'select count(*)::int as n from game_events where created_at >= $1 and created_at < $2',
        range,
      )
    ).rows;
    const [tries] = (
      await client.query(
        `select count(*) filter (where http_status between 200 and 299)::int as ok,
                count(*) filter (where http_status is not null and http_status not between 200 and 299)::int as other,
                count(*) filter (where http_status is null)::int as none
           from game_event_attempts where at >= $1 and at < $2`,
        range,
      )
    ).rows;
    rows.push({
      phase: w.phase,
      events: Number(events?.n ?? 0),
      tries2xx: Number(tries?.ok ?? 0),
      triesOther: Number(tries?.other ?? 0),
      triesNoAnswer: Number(tries?.none ?? 0),
      killsMidDelivery: killsMidDelivery.get(w.phase) ?? 0,
      pendingAtEnd: pendingAtEnd.get(w.phase) ?? null,
      ...game.countsOf(w.phase),
    });
  }
  return rows;
}

export interface Recovery {
  /** Events not delivered when the last phase's load ended (its faults were over). */
  pendingAtStart: number;
  /** Delivered by the product alone, within the patience. */
  deliveredAlone: number;
  /** Pending events given a try now, as the console's retry of one event does (0: not needed). */
  retriedAll: number;
  /** Of those, waiting for a scheduled retry (the product's schedule), and overdue (their job lost). */
  retriedScheduled: number;
  retriedOverdue: number;
  /** Seconds from the end of the last phase's load to the last delivery (or to giving up). */
  seconds: number;
  pendingAtEnd: number;
}

/**
 * Faults off: waits until every event is delivered, at most `recoverySeconds` from `since` (the end of the last
 * phase's load, when `pendingAtStart` events were pending; the checks between phases ran meanwhile). After
 * `patienceSeconds` the events
 * still pending get what the console's retry of an event gives it (retryGameEvent: next try now, its job due now;
 * the console's "retry all" takes the failed ones, and none fails within a day): the product's own
 * schedule waits 2 min, 10 min, 30 min... after the third failed try, more than this run can wait.
 */
export async function recoverDeliveries(
  client: pg.Client,
  options: {
    since: number;
    pendingAtStart: number;
    patienceSeconds: number;
    recoverySeconds: number;
    log: (line: string) => void;
  },
): Promise<Recovery> {
  const started = options.since;
  const { pendingAtStart } = options;
  const pending = async () =>
    Number(
      (await client.query(`select count(*)::int as n from game_events where status = 'pending'`)).rows[0]
        ?.n ?? 0,
    );
  const recovery: Recovery = {
    pendingAtStart,
    deliveredAlone: pendingAtStart,
    retriedAll: 0,
    retriedScheduled: 0,
    retriedOverdue: 0,
    seconds: 0,
    pendingAtEnd: pendingAtStart,
  };
  options.log(
    `game: ${pendingAtStart} events were pending when the last phase ended, ${((Date.now() - started) / 1000).toFixed(0)} s ago; faults off, waiting`,
  );
  let lastLog = Date.now();
  let retried = false;
  for (;;) {
    const left = await pending();
    recovery.pendingAtEnd = left;
    const elapsed = (Date.now() - started) / 1000;
    if (left === 0 || elapsed > options.recoverySeconds) break;
    if (!retried && elapsed > options.patienceSeconds) {
      retried = true;
      recovery.deliveredAlone = pendingAtStart - left;
      const [kinds] = (
        await client.query(
          `select count(*) filter (where next_attempt_at > now())::int as scheduled,
                  count(*) filter (where next_attempt_at is null or next_attempt_at <= now())::int as overdue
             from game_events where status = 'pending'`,
        )
      ).rows;
      recovery.retriedScheduled = Number(kinds?.scheduled ?? 0);
      recovery.retriedOverdue = Number(kinds?.overdue ?? 0);
      await client.query(`update game_events set next_attempt_at = now() where status = 'pending'`);
      const scheduled = await client.query(
        `select game_event_schedule(id, now()) from game_events where status = 'pending'`,
      );
      recovery.retriedAll = scheduled.rowCount ?? 0;
      options.log(
        `game: ${left} still pending after ${options.patienceSeconds} s (${recovery.retriedScheduled} waiting for a scheduled retry, ${recovery.retriedOverdue} overdue): each retried now`,
      );
    }
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      options.log(`game: ${left} events pending after ${elapsed.toFixed(0)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!retried) recovery.deliveredAlone = pendingAtStart - recovery.pendingAtEnd;
  // From the end of the load to the last delivery the back office recorded (or to now, when some are left).
  const [last] = (
    await client.query(`select extract(epoch from max(delivered_at)) * 1000 as at from game_events`)
  ).rows;
  const end = recovery.pendingAtEnd === 0 && last?.at != null ? Number(last.at) : Date.now();
  recovery.seconds = Math.max(0, (end - started) / 1000);
  return recovery;
}

export interface DeliveryCheck {
  /** Events in the outbox, and the player-diamond ledger entries they stand for. */
  events: number;
  entries: number;
  delivered: number;
  /** Distinct ids the game verified and applied, and the repeats it acknowledged without applying. */
  appliedIds: number;
  duplicates: number;
  /** Events the game never applied. */
  lost: number;
  /** Ids the game applied that are no event, or whose player or amount differs from the event's. */
  unknown: number;
  mismatched: number;
  /** Players whose diamonds in the game differ from their diamonds account in the ledger. */
  balancesOff: number;
  problems: string[];
}

/** Every event delivered, every event applied by the game once with its own player and amount; 0 lost. */
export async function checkDeliveries(client: pg.Client, game: ChaosGame): Promise<DeliveryCheck> {
  const events = (await client.query('select id, player_id, diamonds, status from game_events')).rows as {
    id: string;
    player_id: number;
    diamonds: number;
    status: string;
  }[];
  const [entries] = (
    await client.query(
      `select count(*)::int as n from ledger_entries e join accounts a on a.id = e.account_id
        where a.owner_type = 'player' and a.currency = 'diamonds'`,
    )
  ).rows;
  const accounts = (
    await client.query(
      `select owner_id, value::bigint::text as value from accounts where owner_type = 'player' and currency = 'diamonds'`,
    )
  ).rows as { owner_id: number; value: string }[];
  const byId = new Map(events.map((e) => [e.id, e]));
  let lost = 0;
  let mismatched = 0;
  for (const e of events) {
    const applied = game.applied.get(e.id);
    if (!applied) lost++;
    else if (applied.playerId !== Number(e.player_id) || applied.diamonds !== Number(e.diamonds))
      mismatched++;
  }
  const unknown = [...game.applied.keys()].filter((id) => !byId.has(id)).length;
  const inGame = new Map<number, number>();
  for (const a of game.applied.values()) inGame.set(a.playerId, (inGame.get(a.playerId) ?? 0) + a.diamonds);
  let balancesOff = 0;
  for (const a of accounts) if ((inGame.get(Number(a.owner_id)) ?? 0) !== Number(a.value)) balancesOff++;
  for (const player of inGame.keys()) if (!accounts.some((a) => Number(a.owner_id) === player)) balancesOff++;
  const delivered = events.filter((e) => e.status === 'delivered').length;
  const check: DeliveryCheck = {
    events: events.length,
    entries: Number(entries?.n ?? 0),
    delivered,
    appliedIds: game.applied.size,
    duplicates: [...game.applied.values()].reduce((n, a) => n + a.received - 1, 0),
    lost,
    unknown,
    mismatched,
    balancesOff,
    problems: [],
  };
  const p = check.problems;
  if (check.events !== check.entries)
    p.push(`${check.events} events for ${check.entries} player-diamond ledger entries`);
  if (delivered !== check.events)
    p.push(
      `${check.events - delivered} events not delivered (${events.filter((e) => e.status === 'failed').length} failed)`,
    );
  if (lost > 0) p.push(`${lost} events never applied by the game (lost)`);
  if (unknown > 0) p.push(`${unknown} ids applied by the game are no event`);
  if (mismatched > 0) p.push(`${mismatched} events applied with another player or amount`);
  if (check.appliedIds !== check.events)
    p.push(`${check.appliedIds} distinct ids applied for ${check.events} events`);
  if (balancesOff > 0) p.push(`${balancesOff} players' diamonds in the game differ from the ledger`);
  const refused = [...game.counts.values()].reduce((n, c) => n + c.refused, 0);
  if (refused > 0) p.push(`${refused} deliveries failed the game's verification`);
  return check;
}
