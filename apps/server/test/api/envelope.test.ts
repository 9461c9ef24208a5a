import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, options } from '../../src/db/schema';
import { api, build, callRaw, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({}, (app) => {
    app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail');
    });
  });
  await t.db.insert(articles).values({ slug: 'help', title: '帮助', content: '内容' });
  await t.db.insert(options).values([
    { key: 'shop.url', value: 'https://shop.test', isPublic: true },
    { key: 'price.level1', value: '0.50', isPublic: false },
  ]);
});
afterAll(async () => t.close());

describe('the envelope', () => {
  it('answers an unknown path with 404 in the envelope', async () => {
    const result = await callRaw(t.app, 'GET', 'no/such/call');
    expect(result.status).toBe(404);
    expect(result).toMatchObject({ code: 0, data: null });
  });

  it('answers malformed JSON with 400 naming the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agent/login/tokenLogin',
      payload: '{"token":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 0 });
    expect(response.json().msg).toContain('body');
  });

  it('answers an unexpected error with 500 and 服务器错误, never the detail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 0, msg: '服务器错误', data: null });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rate limits login with 429 in the envelope', async () => {
    const results = [];
    for (let i = 0; i < 31; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/agent/login/tokenLogin',
        payload: { token: `guess-${i}` },
        remoteAddress: '127.0.0.77',
      });
      results.push({ status: response.statusCode, ...(response.json() as { code: number }) });
    }
    expect(results.slice(0, 30).map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(results[30]).toMatchObject({ status: 429, code: 0 });
    // Another address is not affected.
    expect((await api(t.app, 'tokenLogin', { input: { token: 'x' } })).status).toBe(200);
  });

  it('serves the OpenAPI document of the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/agent/login/tokenLogin', '/api/agent/user/getUser', '/api/game/tickets']),
    );
  });
});

describe('content', () => {
  it('reads an article by slug and by id', async () => {
    const bySlug = await api(t.app, 'readArticle', {
      input: { slug: 'help' },
    });
    expect(bySlug).toMatchObject({ code: 1, data: { slug: 'help', title: '帮助', content: '内容' } });
    const byId = await api(t.app, 'readArticle', { input: { id: bySlug.data.id } });
    expect(byId.data).toEqual(bySlug.data);
    expect((await api(t.app, 'readArticle', { input: { slug: 'none' } })).code).toBe(0);
    expect((await api(t.app, 'readArticle', { input: {} })).status).toBe(400);
  });

  it('reads public options only', async () => {
    expect((await api(t.app, 'getOptionsByKey', { input: { key: 'shop.url' } })).data).toEqual({
      key: 'shop.url',
      value: 'https://shop.test',
    });
    const hidden = await api(t.app, 'getOptionsByKey', {
      input: { key: 'price.level1' },
    });
    expect(hidden).toMatchObject({ code: 0, data: null });
    expect((await api(t.app, 'getOptionsByKey', { input: { key: 'close.scheme' } })).data).toEqual({
      key: 'close.scheme',
      value: 'lgapp://close',
    });
    expect((await api(t.app, 'getOptionsByKey', { input: { key: 'nope' } })).code).toBe(0);
  });
});
