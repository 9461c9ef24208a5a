import { createHmac, randomBytes } from 'node:crypto';
import {
  GAME_NONCE_HEADER,
  GAME_SIGNATURE_HEADER,
  GAME_TIMESTAMP_HEADER,
  ResponseCode,
  ZEnvelope,
  ZGameEventsQuery,
  ZGameEventsResult,
  ZGameMintTicket,
  ZGameMintTicketResult,
  ZGameUpsertPlayer,
  ZGameUpsertPlayerResult,
} from '@promoter/contract';
import type { z } from 'zod';

export type GameUpsertPlayerInput = z.input<typeof ZGameUpsertPlayer>;
export type GameUpsertPlayerResult = z.output<typeof ZGameUpsertPlayerResult>;
export type GameMintTicketInput = z.input<typeof ZGameMintTicket>;
export type GameMintTicketResult = z.output<typeof ZGameMintTicketResult>;
export type GameEventsQuery = z.input<typeof ZGameEventsQuery>;
export type GameEventsResult = z.output<typeof ZGameEventsResult>;
/** One page of the feed: its events, and the cursor to store once they are applied. */
export interface GameFeedPage {
  events: GameEventsResult['events'];
  next: string;
}

/** hex HMAC-SHA256 of `${timestamp}.${nonce}.${rawBody}`: the integration API's X-Game-Signature. */
export function signGameRequest(
  secret: string,
  timestamp: number | string,
  nonce: string,
  rawBody: string,
): string {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.${rawBody}`).digest('hex');
}

/**
 * The three headers that sign one request of the integration API over `rawBody`, the exact string sent as the body:
 * for a caller that brings its own HTTP client. A fresh nonce each call (16 random bytes, base64url).
 */
export function gameRequestHeaders(
  secret: string,
  rawBody: string,
  nowMs: number = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  const nonce = randomBytes(16).toString('base64url');
  return {
    [GAME_TIMESTAMP_HEADER]: String(timestamp),
    [GAME_NONCE_HEADER]: nonce,
    [GAME_SIGNATURE_HEADER]: signGameRequest(secret, timestamp, nonce, rawBody),
  };
}

/**
 * A call the back office refused or could not answer. `code` is the envelope's code when it answered one (0: refused,
 * `msg` says why, in Chinese by default), null when the answer was no envelope; `status` is the HTTP status.
 */
export class GameApiError extends Error {
  override readonly name = 'GameApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
  }
}

export interface GameClientOptions {
  /** The back office's address, e.g. `https://promoter.example.com` (the calls go to `<baseUrl>/api/game/...`). */
  baseUrl: string;
  /** GAME_API_SECRET, the back office's secret for the integration API. */
  secret: string;
  /** Another fetch (a proxy's, a test's); the global one by default. */
  fetch?: typeof fetch;
  /** How long one call may take before it is abandoned, in milliseconds (10 s by default). */
  timeoutMs?: number;
  /** The clock, in milliseconds since the epoch (Date.now by default). */
  now?: () => number;
}

export interface GameClient {
  /** Creates the player or updates its nickname, avatar, mobile and unionId. */
  upsertPlayer(input: GameUpsertPlayerInput): Promise<GameUpsertPlayerResult>;
  /** A single-use login ticket (5 minutes) and the address that opens the back office signed in as the player. */
  mintTicket(input: GameMintTicketInput): Promise<GameMintTicketResult>;
  /** One page of the events feed: the events committed after the cursor `after` (from the first without it). */
  events(query?: GameEventsQuery): Promise<GameEventsResult>;
  /**
   * Reads the feed from `after` up to what has committed, a page at a time: apply a page's events, then store its
   * `next` as your cursor. Ends when caught up (a page shorter than `limit`); a cursor nothing followed yields nothing.
   */
  readFeed(after?: string, options?: { limit?: number }): AsyncGenerator<GameFeedPage, void, undefined>;
}

/** A client of the back office's integration API: every request signed over the exact bytes it sends. */
export function createGameClient(options: GameClientOptions): GameClient {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  async function call<D extends z.ZodType>(path: string, body: unknown, data: D): Promise<z.output<D>> {
    const rawBody = JSON.stringify(body);
    const response = await fetchFn(new URL(`api/game/${path}`, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...gameRequestHeaders(options.secret, rawBody, now()) },
      body: rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const envelope = ZEnvelope.safeParse(parseJson(text));
    if (!envelope.success) {
      throw new GameApiError(
        `game/${path}: not an answer of the back office (HTTP ${response.status}): ${text.slice(0, 200)}`,
        response.status,
        null,
      );
    }
    const { code, msg } = envelope.data;
    if (code !== ResponseCode.success) throw new GameApiError(msg, response.status, code);
    const result = data.safeParse(envelope.data.data);
    if (!result.success) {
      throw new GameApiError(`game/${path}: unexpected data: ${result.error.message}`, response.status, code);
    }
    return result.data;
  }

  async function events(query: GameEventsQuery = {}): Promise<GameEventsResult> {
    return call('events', ZGameEventsQuery.parse(query), ZGameEventsResult);
  }

  return {
    upsertPlayer: async (input) =>
      call('players/upsert', ZGameUpsertPlayer.parse(input), ZGameUpsertPlayerResult),
    mintTicket: async (input) => call('tickets', ZGameMintTicket.parse(input), ZGameMintTicketResult),
    events,
    async *readFeed(after, { limit = 100 } = {}) {
      let cursor = after;
      for (;;) {
        const { events: page, next } = await events({ after: cursor, limit });
        if (page.length === 0) return;
        if (next === null)
          throw new GameApiError('game/events: a page of events without a cursor', 200, null);
        yield { events: page, next };
        if (page.length < limit || next === cursor) return;
        cursor = next;
      }
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
