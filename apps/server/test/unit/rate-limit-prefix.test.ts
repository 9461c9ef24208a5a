import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config';
import { rateLimitPrefix } from '../../src/plugins/rate-limit';

/** Decision 014: two deployments sharing one Redis must not share rate-limit counters, with no setting needed. */
const env = (values: Record<string, string>) =>
  parseConfig({
    NODE_ENV: 'test',
    GAME_API_SECRET: 'g'.repeat(32),
    APP_SECRET: 'a'.repeat(32),
    PAYOUT_ENCRYPTION_KEY: 'k'.repeat(43),
    ...values,
  });

describe('rate-limit prefix', () => {
  it('differs between deployments on different databases', () => {
    const a = rateLimitPrefix(env({ DATABASE_URL: 'postgres://u@db.example/shop_a' }));
    const b = rateLimitPrefix(env({ DATABASE_URL: 'postgres://u@db.example/shop_b' }));
    const c = rateLimitPrefix(env({ DATABASE_URL: 'postgres://u@other.example/shop_a' }));
    expect(new Set([a, b, c]).size).toBe(3);
    expect(a).not.toBe('promoter-rl:');
  });

  it('is the same for every instance of one deployment, whatever credentials it connects with', () => {
    const one = rateLimitPrefix(env({ DATABASE_URL: 'postgres://app:first@db.example:5432/shop' }));
    const two = rateLimitPrefix(env({ DATABASE_URL: 'postgres://app:rotated@db.example/shop' }));
    expect(one).toBe(two);
    expect(one).not.toContain('first');
  });

  it('differs between servers reached through different Unix sockets', () => {
    const a = rateLimitPrefix(env({ DATABASE_URL: 'postgres://u@localhost/shop?host=/run/postgresql' }));
    const b = rateLimitPrefix(env({ DATABASE_URL: 'postgres://u@localhost/shop?host=/srv/other/pg' }));
    expect(a).not.toBe(b);
  });

  it('differs between embedded data folders', () => {
    const a = rateLimitPrefix(env({ DATA_DIR: '/srv/a/data' }));
    const b = rateLimitPrefix(env({ DATA_DIR: '/srv/b/data' }));
    expect(a).not.toBe(b);
  });

  it('takes RATE_LIMIT_PREFIX as given, and refuses a bad one', () => {
    expect(rateLimitPrefix(env({ DATABASE_URL: 'postgres://u@db/x', RATE_LIMIT_PREFIX: 'shop-eu' }))).toBe(
      'shop-eu:',
    );
    expect(() => env({ RATE_LIMIT_PREFIX: 'has space' })).toThrow(ConfigError);
    expect(() => env({ RATE_LIMIT_PREFIX: 'has space' })).toThrow(/RATE_LIMIT_PREFIX/);
  });
});
