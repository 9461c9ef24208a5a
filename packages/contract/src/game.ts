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
