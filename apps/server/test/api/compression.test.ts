import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, fund, signIn } from '../factories';
import { build, type TestApp } from '../helper';

/** Answers are compressed for clients that ask; the SPA's files are sent precompressed and cached by their hash. */
const webDir = mkdtempSync(path.join(os.tmpdir(), 'promoter-web-'));
const script = `console.log(${JSON.stringify('diamonds '.repeat(400))});`;

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webDir, 'assets'));
  // As the build writes them (apps/web/precompress.ts): index.html always has its copies.
  const index = '<!doctype html><title>x</title>';
  writeFileSync(path.join(webDir, 'index.html'), index);
  writeFileSync(path.join(webDir, 'index.html.br'), brotliCompressSync(index));
  writeFileSync(path.join(webDir, 'index.html.gz'), gzipSync(index));
  writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), script);
  writeFileSync(path.join(webDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDir, 'assets', 'main-abc123.js.gz'), gzipSync(script));
  t = await build({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('compresses a large API answer with brotli or gzip as asked, and not for a client that does not ask', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses a mid-size answer (a bill page) in one call, as the client allows, and says it varies', async () => {
    const agent = await createAgent(t.db, { level: 1 });
    for (let i = 0; i < 30; i++)
      await fund(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'diamonds', 1 + i);
    const token = await signIn(t.app, t.db, agent.playerId);
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/agent/user/bill?currency=2&page=1&pageSize=20',
        headers: { 'xx-token': token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.body.length).toBeLessThan(64 * 1024);
    expect(JSON.parse(plain.body)).toMatchObject({ code: 1, data: { total: 30 } });

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await get('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const none = await get('identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('leaves a small answer as it is', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/agent/public/agentCard?agentId=1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends the build’s precompressed files, hashed ones cached for a year, index.html revalidated', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    for (const encoding of ['br', 'gzip', undefined]) {
      const index = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(index.statusCode, String(encoding)).toBe(200);
      expect(index.headers['content-encoding']).toBe(encoding);
      expect(index.headers['cache-control']).toBe('no-cache');
    }
  });

  it('logs a client that hung up on a compressed answer at debug level, not as a server error', async () => {
    const lines: string[] = [];
    const logged = await build({ LOG_LEVEL: 'debug' }, undefined, undefined, {
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const aborted = Object.assign(new Error('premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
      logged.app.log.error(aborted);
      // end-of-stream's own error (under pump and @fastify/static) has no code, and Fastify logs it as `{ err }`.
      logged.app.log.error({ err: new Error('premature close') }, 'stream failed');
      logged.app.log.error(new Error('a real failure'));
      const levels = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(levels).toContainEqual(
        expect.objectContaining({
          level: 20,
          msg: 'the client closed the connection before the answer was sent',
        }),
      );
      expect(levels).toContainEqual(expect.objectContaining({ level: 50, msg: 'a real failure' }));
      expect(levels.filter((line) => line.level >= 50)).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });
});
