import { z } from 'zod';
import { ZTotpCode } from './admin';
import { ZReportPeriod } from './admin-reports';
import { call } from './call-def';
import { ZEmpty, ZIsoDate, ZIsoDateInput, ZPage, ZPageQuery, ZPlayerId, ZText } from './common';
import { GAME_EVENT_TYPES, ZGameEvent } from './game';

/**
 * The console's page of the game's deliveries (decision 040, "The console"): how far behind the game is, the events
 * that wait or failed with every try, what an operator does about them, the signing secret's rotation, and the
 * daily reconciliation of what the ledger credited against what the game acknowledged.
 *
 * Rights: reading is `read` (support answers players whose diamonds did not arrive); acting (retry, pause, resume,
 * a test event) is `game.manage` (owner and finance, who answer for the money); the secret is the owner's
 * (`operators.manage`, with a fresh code of its authenticator); the reconciliation and its CSV file are `reports`,
 * as every other sum of the console.
 */

// ---- shapes ------------------------------------------------------------------------------------------------------

const ZReason = ZText(500, { min: 1 });

export const GAME_EVENT_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const ZGameEventStatus = z.enum(GAME_EVENT_STATUSES);
export type GameEventStatus = z.infer<typeof ZGameEventStatus>;

/** An event's id as the outbox writes it (`evt_` and 32 hex digits: the deliveries' `webhook-id`). */
export const ZGameEventId = z.string().regex(/^evt_[0-9a-f]{32}$/, 'not an event id');

/** How many failed events one "retry all" puts back in the queue; the rest wait for the next one. */
export const GAME_RETRY_ALL_MAX = 1000;
/** The most of an answer's body an attempt keeps (bytes), as the delivery reads it. */
export const GAME_RESPONSE_KEPT_BYTES = 1024;

/** The endpoint as operators steer it. */
export const ZGameEndpointState = z.object({
  paused: z.boolean(),
  /** Since when it is paused; null when it is not. */
  pausedAt: ZIsoDate.nullable(),
  /** Why: the operator's reason, or null with `pausedBy` null when the game answered 410 Gone. */
  pausedReason: z.string().nullable(),
  /** The operator who paused it; null while it is not paused, or when the game's 410 Gone did. */
  pausedBy: z.string().nullable(),
});
export type TGameEndpointState = z.infer<typeof ZGameEndpointState>;

/**
 * Which secrets sign the deliveries: `configured` (GAME_WEBHOOK_SECRET alone), `rotating` (the console's new secret
 * and the ones it replaces, both signatures on every delivery), `rotated` (the console's new secret alone).
 */
export const ZGameSecretMode = z.enum(['configured', 'rotating', 'rotated']);
export type GameSecretMode = z.infer<typeof ZGameSecretMode>;

export const ZGameSecretState = z.object({
  mode: ZGameSecretMode,
  /** How many signatures each delivery carries. */
  signatures: z.number().int(),
  rotatedAt: ZIsoDate.nullable(),
  finishedAt: ZIsoDate.nullable(),
});
export type TGameSecretState = z.infer<typeof ZGameSecretState>;

export const ZGameOverview = z.object({
  /** When the figures were read. */
  at: ZIsoDate,
  /** Whether GAME_WEBHOOK_URL is set: without it nothing is pushed and the game reads the pull feed. */
  configured: z.boolean(),
  /** The endpoint's host (never its path or query, which may hold a token); null when none is configured. */
  host: z.string().nullable(),
  endpoint: ZGameEndpointState,
  secret: ZGameSecretState,
  pending: z.number().int(),
  failed: z.number().int(),
  /** The oldest pending event's time, and how long it has waited (seconds): the game's lag. */
  oldestPendingAt: ZIsoDate.nullable(),
  lagSeconds: z.number().int(),
  /** Delivery jobs of the queue due now and not yet taken by a worker. */
  queueDepth: z.number().int(),
  /** Events the game acknowledged in the last hour. */
  deliveredLastHour: z.number().int(),
  /** Tries of the last hour that failed (an answer other than 2xx, or none). */
  failedAttemptsLastHour: z.number().int(),
  /** The latency of the last hour's successful tries (milliseconds); null without one. */
  latencyP50Ms: z.number().int().nullable(),
  latencyP99Ms: z.number().int().nullable(),
});
export type TGameOverview = z.infer<typeof ZGameOverview>;

/** One try of a delivery: when, the answer's status (null: no answer), how long, the answer's first 1 KB, why none. */
export const ZGameAttempt = z.object({
  id: z.string(),
  at: ZIsoDate,
  httpStatus: z.number().int().nullable(),
  latencyMs: z.number().int(),
  response: z.string(),
  error: z.string().nullable(),
});
export type TGameAttempt = z.infer<typeof ZGameAttempt>;

/** An event of the outbox as the console lists it. */
export const ZAdminGameEvent = z.object({
  id: z.string(),
  type: z.enum(GAME_EVENT_TYPES),
  playerId: z.number().int(),
  /** Signed: positive credits the player, negative takes diamonds back. */
  diamonds: z.number().int(),
  sequence: z.number().int(),
  source: z.object({ type: z.string(), id: z.string() }),
  agentId: z.number().int().nullable(),
  createdAt: ZIsoDate,
  status: ZGameEventStatus,
  attempts: z.number().int(),
  nextAttemptAt: ZIsoDate.nullable(),
  deliveredAt: ZIsoDate.nullable(),
  lastError: z.string().nullable(),
  /** A delivery holds it now (a request in flight). */
  inFlight: z.boolean(),
  /** Its last try, if any. */
  lastAttempt: ZGameAttempt.omit({ response: true, error: true }).nullable(),
});
export type TAdminGameEvent = z.infer<typeof ZAdminGameEvent>;

/** What a test delivery answered. */
export const ZGameTestResult = z.object({
  /** The test message's id (`msg_test_...`): the game's log names it. */
  id: z.string(),
  ok: z.boolean(),
  httpStatus: z.number().int().nullable(),
  latencyMs: z.number().int(),
  response: z.string(),
  error: z.string().nullable(),
});
export type TGameTestResult = z.infer<typeof ZGameTestResult>;

const ZCountDiamonds = z.object({ count: z.number().int(), diamonds: z.number().int() });
export type TCountDiamonds = z.infer<typeof ZCountDiamonds>;

/**
 * What a day of the platform's time zone adds up to, by the time the ledger credited it: its events (the ledger's
 * amounts) by type, those the game acknowledged (delivered), what is not acknowledged yet (the difference: events and
 * net diamonds), and how many of those wait or failed.
 */
export const ZGameReconciliationFigures = z.object({
  credited: ZCountDiamonds,
  /** Diamonds taken back (negative). */
  debited: ZCountDiamonds,
  /** The events the game acknowledged, net (credits less debits). */
  acknowledged: ZCountDiamonds,
  /** Credited and debited less acknowledged: events, and net diamonds. */
  difference: ZCountDiamonds,
  pending: z.number().int(),
  failed: z.number().int(),
});
export type TGameReconciliationFigures = z.infer<typeof ZGameReconciliationFigures>;

export const ZGameReconciliationDay = ZGameReconciliationFigures.extend({ day: z.string() });
export type TGameReconciliationDay = z.infer<typeof ZGameReconciliationDay>;

export const ZGameReconciliation = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  days: z.array(ZGameReconciliationDay),
  totals: ZGameReconciliationFigures,
});
export type TGameReconciliation = z.infer<typeof ZGameReconciliation>;

// ---- calls -------------------------------------------------------------------------------------------------------

/** The console's game-delivery page (decision 040). */
export const adminGameCalls = {
  adminGameOverview: call({
    method: 'GET',
    path: 'admin/game/overview',
    auth: 'operator',
    right: 'read',
    summary:
      'The game’s deliveries now: the endpoint (host, paused and why), the signing secrets, pending and failed events, the lag, the queue’s depth, the last hour’s deliveries and latency',
    input: ZEmpty,
    data: ZGameOverview,
  }),
  adminGameEventList: call({
    method: 'GET',
    path: 'admin/game/events',
    auth: 'operator',
    right: 'read',
    summary: 'Events of the game’s outbox by status, player and time (newest first), each with its last try',
    input: ZPageQuery.extend({
      status: ZGameEventStatus.optional(),
      playerId: ZPlayerId.optional(),
      from: ZIsoDateInput.optional(),
      to: ZIsoDateInput.optional(),
    }),
    data: ZPage(ZAdminGameEvent),
  }),
  adminGameEventDetail: call({
    method: 'GET',
    path: 'admin/game/event',
    auth: 'operator',
    right: 'read',
    summary:
      'One event: what the game is sent, and every try (time, HTTP status, latency, the answer’s first 1 KB, error)',
    input: z.object({ id: ZGameEventId }),
    data: z.object({ event: ZAdminGameEvent, payload: ZGameEvent, attempts: z.array(ZGameAttempt) }),
  }),
  adminGameRetry: call({
    method: 'POST',
    path: 'admin/game/retry',
    auth: 'operator',
    right: 'game.manage',
    summary: 'Try a failed or pending event again now (one more try: failing again, it is failed again)',
    input: z.object({ id: ZGameEventId }),
    data: ZAdminGameEvent,
  }),
  adminGameRetryAll: call({
    method: 'POST',
    path: 'admin/game/retryAll',
    auth: 'operator',
    right: 'game.manage',
    summary: `Try the failed events again now, oldest first, at most ${GAME_RETRY_ALL_MAX} at a time, with a reason`,
    input: z.object({ reason: ZReason }),
    data: z.object({ retried: z.number().int(), remaining: z.number().int() }),
  }),
  adminGamePause: call({
    method: 'POST',
    path: 'admin/game/pause',
    auth: 'operator',
    right: 'game.manage',
    summary: 'Pause every delivery to the game, with a reason (events wait; the pull feed still serves them)',
    input: z.object({ reason: ZReason }),
    data: ZGameEndpointState,
  }),
  adminGameResume: call({
    method: 'POST',
    path: 'admin/game/resume',
    auth: 'operator',
    right: 'game.manage',
    summary: 'Resume the deliveries, with a reason: every pending event is due now',
    input: z.object({ reason: ZReason }),
    data: z.object({ endpoint: ZGameEndpointState, scheduled: z.number().int() }),
  }),
  adminGameTest: call({
    method: 'POST',
    path: 'admin/game/test',
    auth: 'operator',
    right: 'game.manage',
    summary:
      'Send a signed `webhook.test` message to the game’s endpoint now (no diamonds, not an outbox event); answers what the endpoint answered',
    input: ZEmpty,
    data: ZGameTestResult,
  }),
  adminGameRotateSecret: call({
    method: 'POST',
    path: 'admin/game/rotateSecret',
    auth: 'operator',
    right: 'operators.manage',
    summary:
      'A new signing secret (whsec_, 32 random bytes), shown once: deliveries are signed with it and the secrets it replaces until the rotation is finished. With a reason and a fresh code of the owner’s authenticator',
    input: z.object({ reason: ZReason, code: ZTotpCode }),
    data: z.object({ secret: z.string(), state: ZGameSecretState }),
  }),
  adminGameFinishRotation: call({
    method: 'POST',
    path: 'admin/game/finishRotation',
    auth: 'operator',
    right: 'operators.manage',
    summary:
      'Finish the rotation once the game verifies with the new secret: deliveries are signed with it alone. With a reason',
    input: z.object({ reason: ZReason }),
    data: ZGameSecretState,
  }),
  adminGameReconciliation: call({
    method: 'GET',
    path: 'admin/game/reconciliation',
    auth: 'operator',
    right: 'reports',
    summary:
      'Per day of the platform’s time zone: the diamonds the ledger credited and debited to players against those the game acknowledged, and the difference',
    input: ZReportPeriod,
    data: ZGameReconciliation,
  }),
} as const;
