import { ZGameMintTicketResult } from '@promoter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedGameCall, signedHeaders } from '../game-support';
import { api, build, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

const signed = (path: string, body: unknown, options: { secret?: string; timestamp?: number } = {}) =>
  signedGameCall(t.app, path, body, options);

describe('game integration API', () => {
  it('upserts a player and mints a ticket that signs it in once', async () => {
    const upsert = await signed('players/upsert', {
      playerId: 700001,
      nickname: '游戏玩家',
      avatar: 'https://img.test/a.png',
    });
    expect(upsert.json()).toMatchObject({
      code: 1,
      data: { player: { playerId: 700001, nickname: '游戏玩家', agentId: null } },
    });
    const renamed = await signed('players/upsert', { playerId: 700001, nickname: '改名了' });
    expect(renamed.json().data.player.nickname).toBe('改名了');

    const minted = await signed('tickets', { playerId: 700001 });
    const { ticket, loginUrl, expiresAt } = ZGameMintTicketResult.parse(minted.json().data);
    expect(loginUrl).toBe(`http://promoter.test/#/session/login?token=${ticket}`);
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    const login = await api(t.app, 'tokenLogin', { input: { token: ticket } });
    expect(login.code).toBe(1);
    expect((await api(t.app, 'tokenLogin', { input: { token: ticket } })).code).toBe(0);
  });

  it('refuses a request signed with another secret', async () => {
    const response = await signed('tickets', { playerId: 700001 }, { secret: 'not-the-secret-at-all' });
    expect(response.json()).toMatchObject({ code: 0, msg: '签名无效' });
  });

  it('refuses an altered body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/game/tickets',
      payload: JSON.stringify({ playerId: 700002 }),
      headers: signedHeaders(JSON.stringify({ playerId: 700001 })),
    });
    expect(response.json().code).toBe(0);
  });

  it('refuses a request outside the five-minute window', async () => {
    const response = await signed(
      'tickets',
      { playerId: 700001 },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    );
    expect(response.json()).toMatchObject({ code: 0, msg: '签名已过期' });
  });

  it('refuses the replay of a signature', async () => {
    const raw = JSON.stringify({ playerId: 700001 });
    const headers = signedHeaders(raw);
    const first = await t.app.inject({ method: 'POST', url: '/api/game/tickets', payload: raw, headers });
    const again = await t.app.inject({ method: 'POST', url: '/api/game/tickets', payload: raw, headers });
    expect(first.json().code).toBe(1);
    expect(again.json()).toMatchObject({ code: 0, msg: '签名已使用' });
  });

  it('accepts two identical requests in the same second when their nonces differ', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const a = await signed('tickets', { playerId: 700001 }, { timestamp });
    const b = await signed('tickets', { playerId: 700001 }, { timestamp });
    expect([a.json().code, b.json().code]).toEqual([1, 1]);
  });

  it('refuses a request without a signature', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/game/tickets',
      payload: { playerId: 1 },
    });
    expect(response.json().code).toBe(0);
  });

  it('validates a signed body against the contract', async () => {
    const response = await signed('players/upsert', { playerId: -4, nickname: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('playerId');
  });
});
