import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifyPayload } from '../../src/modules/auth/signed-token';

const SECRET = 'unit-secret-0123456789';

/** Signs an arbitrary body the way signPayload does, to build well-signed but ill-formed tokens. */
function signRaw(body: string, secret = SECRET): string {
  const encoded = Buffer.from(body).toString('base64url');
  return `${encoded}.${createHmac('sha256', secret).update(encoded).digest('base64url')}`;
}

describe('signed tokens (OAuth state, union id proof)', () => {
  it('verifies its own token and gives back the payload with purpose and expiry', () => {
    const token = signPayload(SECRET, 'wx-union', { u: 'union-1' }, 600);
    const payload = verifyPayload<{ u: string; p: string; exp: number }>(SECRET, 'wx-union', token);
    expect(payload?.u).toBe('union-1');
    expect(payload?.p).toBe('wx-union');
    expect((payload?.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(590);
  });

  it('refuses another purpose, another secret and an expired token', () => {
    const token = signPayload(SECRET, 'wx-union', { u: 'union-1' }, 600);
    expect(verifyPayload(SECRET, 'wx-state', token)).toBeNull();
    expect(verifyPayload('other-secret-0123456789', 'wx-union', token)).toBeNull();
    expect(
      verifyPayload(SECRET, 'wx-union', signPayload(SECRET, 'wx-union', { u: 'union-1' }, -1)),
    ).toBeNull();
  });

  it('refuses a changed body or signature', () => {
    const token = signPayload(SECRET, 'wx-union', { u: 'union-1' }, 600);
    const [body, mac] = token.split('.') as [string, string];
    const changed = Buffer.from(
      Buffer.from(body, 'base64url').toString('utf8').replace('union-1', 'union-2'),
    ).toString('base64url');
    expect(verifyPayload(SECRET, 'wx-union', `${changed}.${mac}`)).toBeNull();
    expect(verifyPayload(SECRET, 'wx-union', `${body}.${mac.slice(0, -2)}`)).toBeNull();
    expect(verifyPayload(SECRET, 'wx-union', `${body}.`)).toBeNull();
    expect(verifyPayload(SECRET, 'wx-union', body)).toBeNull();
    expect(verifyPayload(SECRET, 'wx-union', '')).toBeNull();
  });

  it('refuses a well-signed token that is not JSON, has no expiry or a purpose that is not the one asked', () => {
    expect(verifyPayload(SECRET, 'wx-union', signRaw('not json'))).toBeNull();
    expect(verifyPayload(SECRET, 'wx-union', signRaw(JSON.stringify({ u: 'x', p: 'wx-union' })))).toBeNull();
    expect(
      verifyPayload(SECRET, 'wx-union', signRaw(JSON.stringify({ u: 'x', p: 'wx-union', exp: 'later' }))),
    ).toBeNull();
    const future = Math.floor(Date.now() / 1000) + 60;
    expect(verifyPayload(SECRET, 'wx-union', signRaw(JSON.stringify({ u: 'x', exp: future })))).toBeNull();
    expect(
      verifyPayload(SECRET, 'wx-union', signRaw(JSON.stringify({ u: 'x', p: 'wx-union', exp: future }))),
    ).toMatchObject({ u: 'x' });
  });
});
