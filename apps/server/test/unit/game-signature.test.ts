import { describe, expect, it } from 'vitest';
import { checkGameSignature, signGameRequest } from '../../src/modules/game/game-signature';

const secret = 'unit-test-secret-123456';
const now = 1_800_000_000;
const nonce = 'n0nce-abcdef';

describe('game request signature', () => {
  const body = '{"playerId":1}';
  const signature = signGameRequest(secret, now, nonce, body);
  const check = (over: Partial<Parameters<typeof checkGameSignature>[0]>) =>
    checkGameSignature({
      secret,
      timestamp: String(now),
      nonce,
      signature,
      rawBody: body,
      nowSeconds: now,
      ...over,
    });

  it('accepts the right signature within the window', () => {
    expect(check({})).toBe('ok');
    expect(check({ nowSeconds: now + 300 })).toBe('ok');
    expect(check({ nowSeconds: now - 300 })).toBe('ok');
  });

  it('refuses an old or future timestamp', () => {
    expect(check({ nowSeconds: now + 301 })).toBe('expired');
    expect(check({ nowSeconds: now - 301 })).toBe('expired');
  });

  it('refuses anything altered', () => {
    expect(check({ rawBody: '{"playerId":2}' })).toBe('invalid');
    expect(check({ nonce: 'other-nonce-1' })).toBe('invalid');
    expect(check({ timestamp: String(now + 1) })).toBe('invalid');
    expect(check({ secret: 'another-secret-12345' })).toBe('invalid');
    expect(check({ signature: signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })).toBe('invalid');
    expect(check({ signature: 'short' })).toBe('invalid');
    expect(check({ signature: undefined })).toBe('invalid');
    expect(check({ nonce: 'bad nonce!' })).toBe('invalid');
  });
});
