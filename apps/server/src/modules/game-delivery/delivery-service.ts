import type { TGameEvent } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { endpointNow, type GameEndpoint } from './endpoint-secrets';
import { nextAttemptAt } from './schedule';
import { type DeliveryResult, sendWebhook } from './webhook';

export type { GameEndpoint } from './endpoint-secrets';

/**
 * Delivering the game's outbox (decision 040). Each event has a job of the queue (`game_deliver`, added by
 * `game_event_schedule` in the event's own transaction); the job calls `deliverEvent`, which claims the event for a
 * short while, sends it outside any transaction, and records the try. The claim, not the job, is what keeps one event
 * from being sent twice at once; a lost job (a worker killed mid-delivery) is found again by `scheduleOverdue`.
 */
/** How long a delivery holds its event: more than the request's 10 s timeout, so a live delivery never loses it. */
const CLAIM_SECONDS = 30;
/** An event whose try is this overdue has lost its job: the sweep gives it a new one. */
export const OVERDUE_SECONDS = 60;

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'paused' | 'not claimed' | 'no endpoint';

/** An event's row as `EVENT_COLUMNS` reads it. */
export interface EventRow extends Record<string, unknown> {
  id: string;
  type: TGameEvent['type'];
  player_id: number;
  diamonds: number;
  sequence: number;
  source_type: string;
  source_id: string;
  agent_id: number | null;
  entry_id: string;
  created_at: string | Date;
  attempts: number;
}

/** The event as the game reads it, pushed or pulled. */
export function gameEventOf(row: EventRow): TGameEvent {
  return {
    id: row.id,
    type: row.type,
    timestamp: new Date(row.created_at).toISOString(),
    data: {
      playerId: Number(row.player_id),
      diamonds: Number(row.diamonds),
      sequence: Number(row.sequence),
      source: { type: row.source_type, id: row.source_id },
      agentId: row.agent_id === null ? null : Number(row.agent_id),
      ledgerEntryId: String(row.entry_id),
    },
  };
}

export const EVENT_COLUMNS = sql.raw(
  'e.id, e.type, e.player_id, e.diamonds, e.sequence, e.source_type, e.source_id, e.agent_id, e.entry_id, e.created_at, e.attempts',
);

export async function deliverEvent(
  db: Db,
  endpoint: GameEndpoint | null,
  eventId: string,
  send: typeof sendWebhook = sendWebhook,
): Promise<DeliveryOutcome> {
  // Without an endpoint the events wait (ALLOW_NO_GAME_DELIVERY): the game reads them from the feed.
  if (!endpoint) return 'no endpoint';
  // The pause and the signing secrets (the console may have rotated them) in one read of the endpoint's row.
  const { paused, secrets } = await endpointNow(db, endpoint);
  if (paused) return 'paused';
  const claimed = await db.execute<EventRow>(sql`
    update game_events e set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
     where e.id = ${eventId} and e.status = 'pending'
       and (e.claimed_until is null or e.claimed_until < now())
    returning ${EVENT_COLUMNS}`);
  const row = claimed.rows[0];
  if (!row) return 'not claimed';
  const result = await send(
    { url: endpoint.url, secrets },
    { id: row.id, body: JSON.stringify(gameEventOf(row)) },
  );
  return recordAttempt(db, row, result);
}

/** Writes the try and what follows from it, in one transaction (the request is over by now). */
async function recordAttempt(db: Db, row: EventRow, result: DeliveryResult): Promise<DeliveryOutcome> {
  const attempts = Number(row.attempts) + 1;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into game_event_attempts (event_id, http_status, latency_ms, response, error)
      values (${row.id}, ${result.status}, ${result.latencyMs}, ${result.response}, ${result.error})`);
    if (result.ok) {
      await tx.execute(sql`
        update game_events set status = 'delivered', attempts = ${attempts}, delivered_at = now(),
               next_attempt_at = null, claimed_until = null, last_error = null
         where id = ${row.id}`);
      return 'delivered';
    }
    const why = result.status === null ? (result.error ?? 'no answer') : `HTTP ${result.status}`;
    if (result.status === 410) {
      // Gone: the game says this address is no more. Every delivery stops until an operator resumes.
      await tx.execute(sql`
        update game_endpoint set paused = true, paused_at = now(), updated_at = now(),
               paused_reason = 'the endpoint answered 410 Gone'
         where id = 1 and not paused`);
      await tx.execute(sql`
        update game_events set attempts = ${attempts}, next_attempt_at = null, claimed_until = null,
               last_error = ${why}
         where id = ${row.id}`);
      return 'paused';
    }
    const next = nextAttemptAt(attempts, new Date(row.created_at), new Date());
    if (!next) {
      await tx.execute(sql`
        update game_events set status = 'failed', attempts = ${attempts}, next_attempt_at = null,
               claimed_until = null, last_error = ${why}
         where id = ${row.id}`);
      return 'failed';
    }
    await tx.execute(sql`
      update game_events set attempts = ${attempts}, next_attempt_at = ${next.toISOString()}::timestamptz,
             claimed_until = null, last_error = ${why}
       where id = ${row.id}`);
    await scheduleEvent(tx, row.id, next);
    return 'retrying';
  });
}

async function endpointPaused(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ paused: boolean }>(sql`select paused from game_endpoint where id = 1`);
  return result.rows[0]?.paused === true;
}

/** Gives an event its delivery job at `at` (the one text of it: `game_event_schedule`, game-events.sql). */
export async function scheduleEvent(db: DbOrTx, eventId: string, at: Date): Promise<void> {
  await db.execute(sql`select game_event_schedule(${eventId}, ${at.toISOString()}::timestamptz)`);
}

/**
 * The sweep (a periodic job): pending events whose try is overdue by a minute lost their job (a worker killed while
 * it held it, an event written while no endpoint was set, a resumed endpoint) and get a new one, due now. Answers how
 * many; nothing while the endpoint is paused or not set.
 */
export async function scheduleOverdue(db: Db, endpoint: GameEndpoint | null, limit = 1000): Promise<number> {
  if (!endpoint || (await endpointPaused(db))) return 0;
  const result = await db.execute<{ id: string }>(sql`
    select game_event_schedule(e.id, now()) as id from (
      select id from game_events
       where status = 'pending'
         and coalesce(next_attempt_at, '-infinity') < now() - make_interval(secs => ${OVERDUE_SECONDS})
         and (claimed_until is null or claimed_until < now())
       order by next_attempt_at nulls first
       limit ${limit}
    ) e`);
  return result.rows.length;
}
