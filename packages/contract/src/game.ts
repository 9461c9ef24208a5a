import { z } from 'zod';
import { ZMobile, ZPlayer, ZPlayerId, ZText } from './common';

/**
 * The game server's integration API under /api/game/. Each request is signed:
 * `X-Game-Timestamp` (unix seconds), `X-Game-Nonce` (8-64 characters of [A-Za-z0-9_-], new for every request) and
 * `X-Game-Signature` = hex HMAC-SHA256 of `${timestamp}.${nonce}.${rawBody}` with GAME_API_SECRET.
 * A signature is accepted once, within five minutes of its timestamp (docs/decisions/006-game-api-signing.md).
 */
export const GAME_SIGNATURE_HEADER = 'x-game-signature';
export const GAME_TIMESTAMP_HEADER = 'x-game-timestamp';
export const GAME_NONCE_HEADER = 'x-game-nonce';
export const GAME_SIGNATURE_WINDOW_SECONDS = 300;
export const LOGIN_TICKET_TTL_SECONDS = 300;

export const ZGameUpsertPlayer = z.object({
  playerId: ZPlayerId,
  nickname: ZText(64, { min: 1 }),
  avatar: ZText(500, { trim: false }).default(''),
  mobile: ZMobile.optional(),
  unionId: ZText(64, { trim: false }).optional(),
});
export const ZGameUpsertPlayerResult = z.object({ player: ZPlayer });

export const ZGameMintTicket = z.object({ playerId: ZPlayerId });
export const ZGameMintTicketResult = z.object({
  ticket: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  loginUrl: z.string(),
});

/**
 * What the game hears of a player's diamonds (decision 040), pushed as Standard Webhooks 1.0 deliveries to
 * GAME_WEBHOOK_URL and served by the pull feed `game/events`. The body of a delivery is one event; its `webhook-id`
 * header is the event's `id`, the same on every retry, so a game applies an id once. `sequence` is the player's own
 * order of its events (1, 2, 3...): a gap means an event the game has not received yet.
 */
export const GAME_EVENT_TYPES = ['diamonds.credited', 'diamonds.debited'] as const;
export type GameEventType = (typeof GAME_EVENT_TYPES)[number];
/**
 * Where a change of diamonds came from: an agent's recharge, a player's paid order, an operator's adjustment, or a
 * refund of the order that bought them (decision 043: taken back as far as the player still has them).
 */
export const GAME_EVENT_SOURCES = ['recharge', 'order', 'adjustment', 'refund'] as const;

export const ZGameEvent = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{32}$/),
  type: z.enum(GAME_EVENT_TYPES),
  /** When the change committed in the ledger. */
  timestamp: z.iso.datetime({ offset: true }),
  data: z.object({
    playerId: ZPlayerId,
    /** Signed: positive credits the player's game account, negative takes diamonds back. */
    diamonds: z.number().int(),
    sequence: z.number().int().min(1),
    source: z.object({ type: z.string(), id: z.string() }),
    /** The agent that recharged the player (a recharge), else null. */
    agentId: z.number().int().nullable(),
    ledgerEntryId: z.string(),
  }),
});
export type TGameEvent = z.infer<typeof ZGameEvent>;

/**
 * Whether the game has the diamonds of a recharge or a paid order, as the agent and the player see it (decision 040's
 * outbox): `delivered` once the game acknowledged the event, `delayed` when a try failed (or all did) or the event has
 * waited more than two minutes (the platform retries and an operator sees it), else `onItsWay`. The server decides
 * (modules/game-delivery/delivery-state.ts); a record with no event (not a recharge, an agent's purchase) answers null.
 */
export const GAME_DELIVERY_STATES = ['delivered', 'onItsWay', 'delayed'] as const;
export const ZGameDelivery = z.enum(GAME_DELIVERY_STATES);
export type GameDelivery = z.infer<typeof ZGameDelivery>;

/** The console's test delivery: no diamonds, only a check that the endpoint answers and verifies the signature. */
export const ZGameTestEvent = z.object({
  id: z.string().regex(/^msg_test_[0-9a-f]{32}$/),
  type: z.literal('webhook.test'),
  timestamp: z.iso.datetime({ offset: true }),
  data: z.object({ message: z.string() }),
});

/** A feed cursor: opaque to the reader, passed back as `after`. */
export const ZGameFeedCursor = z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'not a cursor of this feed');

export const ZGameEventsQuery = z.object({
  /** The `next` of the previous page; none: from the first event. */
  after: ZGameFeedCursor.optional(),
  limit: z.number().int().min(1).max(500).default(100),
});
export const ZGameEventsResult = z.object({
  events: z.array(ZGameEvent),
  /** Pass as `after` to read on; the same as `after` when nothing new has committed. */
  next: ZGameFeedCursor.nullable(),
});
