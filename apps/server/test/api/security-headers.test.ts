import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

// helmet's headers are computed once and set on every response (plugins/security-headers.ts, decision 026).
describe('security headers', () => {
  const expected = {
    'content-security-policy': expect.stringContaining("default-src 'self'"),
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': expect.stringContaining('max-age='),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };

  it('are on an API answer, a refusal and the app page, with the policy the app sets', async () => {
    for (const url of ['/api/system/version/getOptionsByKey?key=shop.url', '/api/agent/user/getUser', '/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(expected);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'self'");
      // The game's web view and WeChat do not send COEP-friendly resources: not set.
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('are the same on every response (nothing per request)', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/agent/user/getUser' });
    const b = await t.app.inject({ method: 'GET', url: '/api/agent/user/getUser' });
    expect(a.headers['content-security-policy']).toBe(b.headers['content-security-policy']);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
