import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeKey, deriveKey, keyedDigest, openSealed, sealText } from '../../src/crypto/seal';
import { decryptTotpSecret, encryptTotpSecret } from '../../src/modules/operators/totp';

const key = randomBytes(32);

describe('sealing (crypto/seal.ts)', () => {
  it('opens what it sealed, with a fresh IV each time, and never holds the text in clear', () => {
    const a = sealText(key, '6222020000000000018');
    const b = sealText(key, '6222020000000000018');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(a).not.toContain('6222020000000000018');
    expect(openSealed(key, a)).toBe('6222020000000000018');
    expect(openSealed(key, sealText(key, '张三@例子.中国'))).toBe('张三@例子.中国');
  });

  it('refuses another key, a changed text and an unknown format', () => {
    const sealed = sealText(key, 'secret');
    expect(() => openSealed(randomBytes(32), sealed)).toThrow();
    const [version, iv, tag, body] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openSealed(key, [version, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => openSealed(key, `v2:${iv}:${tag}:${body}`)).toThrow(/unknown sealed text format/);
    expect(() => sealText(randomBytes(16), 'x')).toThrow(/32 bytes/);
  });

  it('still opens the TOTP secrets sealed before it became the shared code (same key derivation and format)', () => {
    // The former operators/totp.ts, byte for byte: key sha256('operator-totp:' + APP_SECRET), v1:iv:tag:sealed.
    const appSecret = 'test-app-secret-0123456789';
    const legacyKey = createHash('sha256').update(`operator-totp:${appSecret}`).digest();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', legacyKey, iv);
    const body = Buffer.concat([cipher.update('JBSWY3DPEHPK3PXP', 'utf8'), cipher.final()]);
    const legacy = ['v1', iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
    expect(decryptTotpSecret(appSecret, legacy)).toBe('JBSWY3DPEHPK3PXP');
    expect(deriveKey(appSecret, 'operator-totp').equals(legacyKey)).toBe(true);
    expect(decryptTotpSecret(appSecret, encryptTotpSecret(appSecret, 'ABC'))).toBe('ABC');
  });

  it('digests with the key: equal texts match, another key or purpose does not', () => {
    expect(keyedDigest(key, 'p', '123')).toBe(keyedDigest(key, 'p', '123'));
    expect(keyedDigest(key, 'p', '123')).not.toBe(keyedDigest(key, 'q', '123'));
    expect(keyedDigest(key, 'p', '123')).not.toBe(keyedDigest(randomBytes(32), 'p', '123'));
    expect(keyedDigest(key, 'p', '123')).not.toContain('123');
  });

  it('reads a configured key as 64 hex digits or base64 of 32 bytes, nothing else', () => {
    const raw = randomBytes(32);
    expect(decodeKey(raw.toString('hex'))?.equals(raw)).toBe(true);
    expect(decodeKey(raw.toString('base64'))?.equals(raw)).toBe(true);
    expect(decodeKey(raw.toString('base64url'))?.equals(raw)).toBe(true);
    for (const bad of [
      '',
      'x'.repeat(64),
      randomBytes(31).toString('hex'),
      randomBytes(33).toString('base64'),
    ])
      expect(decodeKey(bad)).toBeNull();
  });
});
