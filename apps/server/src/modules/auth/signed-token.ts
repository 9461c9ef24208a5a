import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived statements the server makes to itself through the client (the OAuth state, the proof of a union
 * id): base64url(JSON payload) + "." + base64url(HMAC-SHA256). Nothing is stored; the signature and the expiry
 * are the proof.
 */
export function signPayload(secret: string, purpose: string, payload: object, ttlSeconds: number): string {
  const body = Buffer.from(
    JSON.stringify({ ...payload, p: purpose, exp: Math.floor(Date.now() / 1000) + ttlSeconds }),
  ).toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyPayload<T extends object>(secret: string, purpose: string, token: string): T | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: { p?: string; exp?: number } & T;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p?: string; exp?: number } & T;
  } catch {
    return null;
  }
  if (payload.p !== purpose || typeof payload.exp !== 'number' || payload.exp < Math.floor(Date.now() / 1000))
    return null;
  return payload;
}
