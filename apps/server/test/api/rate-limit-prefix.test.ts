import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../helper';
import { api } from './identity-support';

/**
 * Decision 014: two deployments (each its own database) sharing one Redis keep their own rate-limit counters, without
 * anyone having to set RATE_LIMIT_PREFIX. Needs Redis: run with REDIS_URL (skipped without it).
 */

const redisUrl = process.env.REDIS_URL;
const closers: (() => Promise<void>)[] = [];

/** A deployment of its own database; no namespace given, so the deployment's own default applies. */
async function deployment() {
  const t = await build({ REDIS_URL: redisUrl as string }, undefined, undefined, {
    defaultRateLimitNamespace: true,
  });
  closers.push(() => t.close());
  return t.app;
}

describe.skipIf(!redisUrl)('rate-limit counters in a shared Redis', () => {
  let a: Awaited<ReturnType<typeof deployment>>;
  let b: Awaited<ReturnType<typeof deployment>>;
  beforeAll(async () => {
    [a, b] = await Promise.all([deployment(), deployment()]);
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('one deployment spending an address budget does not throttle the other', async () => {
    // A random address, so counters left in Redis by an earlier run do not count.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const login = (app: typeof a, i: number) =>
      api(app, 'loginById', { input: { agentId: 7_200_000 + i, password: 'guess' }, ip });
    for (let i = 0; i < 20; i++) expect((await login(a, i)).status, `call ${i + 1}`).toBe(200);
    expect((await login(a, 20)).status).toBe(429);
    expect((await login(b, 21)).status).toBe(200);
  });
});
