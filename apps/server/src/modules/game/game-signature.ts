import { timingSafeEqual } from 'node:crypto';
import { GAME_SIGNATURE_WINDOW_SECONDS } from '@promoter/contract';
import { signGameRequest } from '@promoter/game-sdk';

/**
 * hex HMAC-SHA256 of `${timestamp}.${nonce}.${rawBody}`: what the game server sends in X-Game-Signature. Its one text
 * is the game's kit (packages/game-sdk), which the game signs with; the server checks with the same function.
 */
export { signGameRequest };

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

export function checkGameSignature(input: {
  secret: string;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  rawBody: string;
  nowSeconds: number;
}): SignatureCheck {
  const { timestamp, nonce, signature } = input;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return 'invalid';
  if (!nonce || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) return 'invalid';
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return 'invalid';
  const expected = Buffer.from(signGameRequest(input.secret, timestamp, nonce, input.rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  // Constant-time comparison: the time taken says nothing about how many characters matched.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (Math.abs(input.nowSeconds - Number(timestamp)) > GAME_SIGNATURE_WINDOW_SECONDS) return 'expired';
  return 'ok';
}
