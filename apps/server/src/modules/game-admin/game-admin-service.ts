import { randomBytes } from 'node:crypto';
import {
  type adminGameCalls,
  GAME_RETRY_ALL_MAX,
  type GameEventStatus,
  type TAdminGameEvent,
  type TGameAttempt,
  type TGameEndpointState,
  type TGameOverview,
  type TGameTestResult,
  ZGameTestEvent,
} from '@promoter/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { refuse } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { EVENT_COLUMNS, type EventRow, gameEventOf, scheduleEvent } from '../game-delivery/delivery-service';
import { type GameEndpoint, secretState, signingSecrets } from '../game-delivery/endpoint-secrets';
import { sendWebhook } from '../game-delivery/webhook';

/**
 * The console's page of the game's deliveries (decision 040): what the outbox and the queue hold, every try of an
 * event, and what an operator does about it. Each action is a compare-and-set on the row it changes, audited in its
 * transaction; the test message is sent outside any transaction (no database connection waits on the game), then
 * audited.
 */

/** The endpoint's row as the console reads it. */
interface EndpointRow extends Record<string, unknown> {
  paused: boolean;
  paused_at: string | Date | null;
  paused_reason: string | null;
  paused_by: string | null;
}

const iso = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

const endpointStateOf = (row: EndpointRow | undefined): TGameEndpointState => ({
  paused: row?.paused === true,
  pausedAt: iso(row?.paused_at),
  pausedReason: row?.paused_reason ?? null,
  pausedBy: row?.paused_by ?? null,
});

const ENDPOINT_COLUMNS = sql.raw('paused, paused_at, paused_reason, paused_by');

/** The endpoint's target in the audit log: its one row. */
export const ENDPOINT_TARGET = { type: 'gameEndpoint', id: '1' } as const;

/** The host of the endpoint: its path and query may carry a token and are never shown. */
const hostOf = (endpoint: GameEndpoint | null) => (endpoint ? new URL(endpoint.url).host : null);

// ---- reads -------------------------------------------------------------------------------------------------------

interface OverviewRow extends EndpointRow {
  at: string | Date;
  pending: number;
  failed: number;
  oldest_pending: string | Date | null;
  lag_seconds: number;
  queue_depth: number;
  delivered: number;
  failed_attempts: number;
  p50: number | null;
  p99: number | null;
}

/**
 * The figures of the page and the dashboard's tile, in one statement: the outbox's pending and failed events (their
 * partial indexes), the lag (the oldest pending one), the queue's delivery jobs due now and not taken, and the last
 * hour's tries (their time index): deliveries and the latency of the successful ones.
 */
export async function gameOverview(db: Db, endpoint: GameEndpoint | null): Promise<TGameOverview> {
  const result = await db.execute<OverviewRow>(sql`
    with hour as (
      select count(*) filter (where http_status between 200 and 299)::int as delivered,
             count(*) filter (where http_status is null or http_status not between 200 and 299)::int
               as failed_attempts,
             percentile_cont(0.5) within group (order by latency_ms)
               filter (where http_status between 200 and 299) as p50,
             percentile_cont(0.99) within group (order by latency_ms)
               filter (where http_status between 200 and 299) as p99
        from game_event_attempts where at > now() - interval '1 hour'
    ),
    oldest as (select min(created_at) as at from game_events where status = 'pending')
    select now() as at,
           (select count(*)::int from game_events where status = 'pending') as pending,
           (select count(*)::int from game_events where status = 'failed') as failed,
           oldest.at as oldest_pending,
           coalesce(floor(extract(epoch from now() - oldest.at)), 0)::int as lag_seconds,
           (select count(*)::int from graphile_worker.jobs
             where task_identifier = 'game_deliver' and run_at <= now() and locked_at is null
               and attempts < max_attempts) as queue_depth,
           hour.delivered, hour.failed_attempts, hour.p50, hour.p99,
           ep.paused, ep.paused_at, ep.paused_reason, ep.paused_by
      from hour cross join oldest
      left join (select ${ENDPOINT_COLUMNS} from game_endpoint where id = 1) ep on true`);
  const row = result.rows[0] as OverviewRow;
  const ms = (value: number | null) => (value === null ? null : Math.round(Number(value)));
  return {
    at: iso(row.at) as string,
    configured: endpoint !== null,
    host: hostOf(endpoint),
    endpoint: endpointStateOf(row),
    secret: await secretState(db, endpoint),
    pending: Number(row.pending),
    failed: Number(row.failed),
    oldestPendingAt: iso(row.oldest_pending),
    lagSeconds: Math.max(0, Number(row.lag_seconds)),
    queueDepth: Number(row.queue_depth),
    deliveredLastHour: Number(row.delivered),
    failedAttemptsLastHour: Number(row.failed_attempts),
    latencyP50Ms: ms(row.p50),
    latencyP99Ms: ms(row.p99),
  };
}

/** An event's row: what the game is sent, and where its delivery stands. */
interface AdminEventRow extends EventRow {
  status: GameEventStatus;
  next_attempt_at: string | Date | null;
  delivered_at: string | Date | null;
  last_error: string | null;
  in_flight: boolean;
}

interface AttemptRow extends Record<string, unknown> {
  id: string | number;
  event_id: string;
  at: string | Date;
  http_status: number | null;
  latency_ms: number;
  response: string;
  error: string | null;
}

const ADMIN_EVENT_COLUMNS = sql`${EVENT_COLUMNS}, e.status, e.next_attempt_at, e.delivered_at, e.last_error,
  coalesce(e.claimed_until > now(), false) as in_flight`;

const attemptOf = (row: AttemptRow): TGameAttempt => ({
  id: String(row.id),
  at: iso(row.at) as string,
  httpStatus: row.http_status === null ? null : Number(row.http_status),
  latencyMs: Number(row.latency_ms),
  response: row.response,
  error: row.error,
});

function adminEventOf(row: AdminEventRow, last: AttemptRow | undefined): TAdminGameEvent {
  const { id, type, timestamp, data } = gameEventOf(row);
  const lastAttempt = last ? attemptOf(last) : null;
  return {
    id,
    type,
    playerId: data.playerId,
    diamonds: data.diamonds,
    sequence: data.sequence,
    source: data.source,
    agentId: data.agentId,
    createdAt: timestamp,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: iso(row.next_attempt_at),
    deliveredAt: iso(row.delivered_at),
    lastError: row.last_error,
    inFlight: row.in_flight === true,
    lastAttempt: lastAttempt && {
      id: lastAttempt.id,
      at: lastAttempt.at,
      httpStatus: lastAttempt.httpStatus,
      latencyMs: lastAttempt.latencyMs,
    },
  };
}

/** The last try of each event named (one index walk per event, down game_event_attempts_event_idx). */
async function lastAttempts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, AttemptRow>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<AttemptRow>(sql`
    select a.* from (values ${sql.join(
      ids.map((id) => sql`(${id})`),
      sql`, `,
    )}) as ev(id)
      cross join lateral (
        select id, event_id, at, http_status, latency_ms, '' as response, error from game_event_attempts
         where event_id = ev.id order by id desc limit 1
      ) a`);
  return new Map(result.rows.map((row) => [row.event_id, row]));
}

async function eventRow(db: DbOrTx, id: string): Promise<AdminEventRow | undefined> {
  const result = await db.execute<AdminEventRow>(
    sql`select ${ADMIN_EVENT_COLUMNS} from game_events e where e.id = ${id}`,
  );
  return result.rows[0];
}

async function adminEvent(db: DbOrTx, id: string): Promise<TAdminGameEvent> {
  const row = await eventRow(db, id);
  if (!row) throw refuse('gameEventNotFound');
  return adminEventOf(row, (await lastAttempts(db, [id])).get(id));
}

type GameEventQuery = z.output<typeof adminGameCalls.adminGameEventList.input>;

/**
 * The outbox's events by status, player and time (`to` excluded), newest first, each with its last try. The status
 * lists walk their partial indexes; a player's, its (player, sequence) index.
 */
export async function listGameEvents(db: Db, query: GameEventQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(sql`e.status = ${query.status}`);
  if (query.playerId !== undefined) conditions.push(sql`e.player_id = ${query.playerId}`);
  if (query.from) conditions.push(sql`e.created_at >= ${query.from}::timestamptz`);
  if (query.to) conditions.push(sql`e.created_at < ${query.to}::timestamptz`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [rows, total] = await Promise.all([
    db.execute<AdminEventRow>(sql`
      select ${ADMIN_EVENT_COLUMNS} from game_events e ${where}
       order by e.created_at desc, e.id desc
       limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from game_events e ${where}`),
  ]);
  const last = await lastAttempts(
    db,
    rows.rows.map((row) => row.id),
  );
  return {
    list: rows.rows.map((row) => adminEventOf(row, last.get(row.id))),
    total: Number(total.rows[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One event: the message the game is sent, and every try of it, oldest first. */
export async function gameEventDetail(db: Db, id: string) {
  const row = await eventRow(db, id);
  if (!row) throw refuse('gameEventNotFound');
  const attempts = await db.execute<AttemptRow>(sql`
    select id, event_id, at, http_status, latency_ms, response, error from game_event_attempts
     where event_id = ${id} order by id`);
  const last = attempts.rows[attempts.rows.length - 1];
  return {
    event: adminEventOf(row, last),
    payload: gameEventOf(row),
    attempts: attempts.rows.map(attemptOf),
  };
}

// ---- actions -----------------------------------------------------------------------------------------------------

/**
 * One more try of a failed or pending event, now: it is pending again, due now, and its job (the one of its key) is
 * moved to now. A delivered event is refused. A try in flight keeps its claim, so the event is never sent twice at
 * once. Failing again, a failed event is failed again at once (its day of retries is over).
 */
export async function retryGameEvent(db: Db, actor: AuditActor, id: string): Promise<TAdminGameEvent> {
  await db.transaction(async (tx) => {
    const before = await tx.execute<{ status: GameEventStatus; attempts: number }>(
      sql`select status, attempts from game_events where id = ${id} for update`,
    );
    const row = before.rows[0];
    if (!row) throw refuse('gameEventNotFound');
    if (row.status === 'delivered') throw refuse('gameEventDelivered');
    await tx.execute(
      sql`update game_events set status = 'pending', next_attempt_at = now() where id = ${id}`,
    );
    await scheduleEvent(tx, id, new Date());
    await recordAudit(tx, actor, {
      action: 'game.retry',
      target: { type: 'gameEvent', id },
      before: { status: row.status, attempts: Number(row.attempts) },
      after: { status: 'pending' },
    });
  });
  return adminEvent(db, id);
}

/**
 * The failed events tried again now, oldest first, at most GAME_RETRY_ALL_MAX (the rest wait for the next retry),
 * in one transaction with its audit entry. Events another transaction holds are left for the next one.
 */
export async function retryAllFailed(db: Db, actor: AuditActor, reason: string) {
  return db.transaction(async (tx) => {
    const retried = await tx.execute<{ id: string }>(sql`
      with picked as (
        select id from game_events where status = 'failed'
         order by created_at, id limit ${GAME_RETRY_ALL_MAX} for update skip locked
      ), retried as (
        update game_events e set status = 'pending', next_attempt_at = now()
          from picked where e.id = picked.id returning e.id
      )
      select game_event_schedule(id, now()) as id from retried`);
    const left = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from game_events where status = 'failed'`,
    );
    const answer = { retried: retried.rows.length, remaining: Number(left.rows[0]?.n ?? 0) };
    await recordAudit(tx, actor, {
      action: 'game.retryAll',
      target: ENDPOINT_TARGET,
      after: { ...answer, reason },
    });
    return answer;
  });
}

/** Pauses every delivery, with the operator's reason; refused when it is paused already (by anyone, or a 410). */
export async function pauseEndpoint(db: Db, actor: AuditActor, reason: string): Promise<TGameEndpointState> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<EndpointRow>(sql`
      update game_endpoint set paused = true, paused_at = now(), paused_reason = ${reason},
             paused_by = ${actor.operatorName}, updated_at = now()
       where id = 1 and not paused
      returning ${ENDPOINT_COLUMNS}`);
    const row = result.rows[0];
    if (!row) throw refuse('gameEndpointPaused');
    await recordAudit(tx, actor, {
      action: 'game.pause',
      target: ENDPOINT_TARGET,
      before: { paused: false },
      after: { paused: true, reason },
    });
    return endpointStateOf(row);
  });
}

/**
 * Resumes the deliveries, with a reason: every pending event not in flight is due now and its job moved to now (those
 * held by the pause, and those waiting for a later retry), in the transaction that resumes. Refused when not paused.
 */
export async function resumeEndpoint(db: Db, actor: AuditActor, reason: string) {
  return db.transaction(async (tx) => {
    const before = await tx.execute<EndpointRow>(
      sql`select ${ENDPOINT_COLUMNS} from game_endpoint where id = 1 for update`,
    );
    const was = before.rows[0];
    if (!was?.paused) throw refuse('gameEndpointNotPaused');
    const result = await tx.execute<EndpointRow>(sql`
      update game_endpoint set paused = false, paused_at = null, paused_reason = null, paused_by = null,
             updated_at = now()
       where id = 1
      returning ${ENDPOINT_COLUMNS}`);
    const scheduled = await tx.execute<{ id: string }>(sql`
      with due as (
        update game_events set next_attempt_at = now()
         where status = 'pending' and (claimed_until is null or claimed_until < now())
        returning id
      )
      select game_event_schedule(id, now()) as id from due`);
    await recordAudit(tx, actor, {
      action: 'game.resume',
      target: ENDPOINT_TARGET,
      before: { paused: true, pausedBy: was.paused_by, pausedReason: was.paused_reason },
      after: { paused: false, scheduled: scheduled.rows.length, reason },
    });
    return { endpoint: endpointStateOf(result.rows[0]), scheduled: scheduled.rows.length };
  });
}

type TestMessage = z.infer<typeof ZGameTestEvent>;

/**
 * A signed `webhook.test` message to the endpoint, now, with the secrets that sign deliveries (a rotation's both):
 * whether the game answers and verifies the signature, before or after a pause. Not an event of the outbox; sent
 * outside any transaction, then audited with what the endpoint answered.
 */
export async function sendTestEvent(
  db: Db,
  actor: AuditActor,
  endpoint: GameEndpoint | null,
  send: typeof sendWebhook = sendWebhook,
): Promise<TGameTestResult> {
  if (!endpoint) throw refuse('gameEndpointNotConfigured');
  const secrets = await signingSecrets(db, endpoint);
  const message: TestMessage = ZGameTestEvent.parse({
    id: `msg_test_${randomBytes(16).toString('hex')}`,
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: { message: 'A test of the operator console: no diamonds, nothing to apply.' },
  });
  const result = await send(
    { url: endpoint.url, secrets },
    { id: message.id, body: JSON.stringify(message) },
  );
  const answer: TGameTestResult = {
    id: message.id,
    ok: result.ok,
    httpStatus: result.status,
    latencyMs: result.latencyMs,
    response: result.response,
    error: result.error,
  };
  const { response: _response, ...audited } = answer;
  await recordAudit(db, actor, { action: 'game.test', target: ENDPOINT_TARGET, after: audited });
  return answer;
}
