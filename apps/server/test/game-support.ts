import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signGameRequest } from '../src/modules/game/game-signature';
import { TEST_GAME_SECRET } from './helper';

/** The headers of a request of the game's integration API, signed over its exact body (decision 006). */
export function signedHeaders(raw: string, options: { secret?: string; timestamp?: number } = {}) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = randomBytes(12).toString('base64url');
  return {
    'content-type': 'application/json',
    'x-game-timestamp': String(timestamp),
    'x-game-nonce': nonce,
    'x-game-signature': signGameRequest(options.secret ?? TEST_GAME_SECRET, timestamp, nonce, raw),
  };
}

/** A signed call of the integration API, as the game server makes it. */
export function signedGameCall(
  app: FastifyInstance,
  path: string,
  body: unknown,
  options: { secret?: string; timestamp?: number } = {},
) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: `/api/game/${path}`,
    payload: raw,
    headers: signedHeaders(raw, options),
  });
}
