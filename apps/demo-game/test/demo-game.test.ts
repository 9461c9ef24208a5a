import type { TGameEvent } from '@promoter/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diamondsEvent, newWebhookSecret, signedDelivery } from '../../../packages/game-sdk/test/support';
import { startDemoGame, type DemoGame } from '../src/demo-game';
import { DemoLedger, KEPT_EVENTS, type DemoState } from '../src/demo-ledger';

const secret = newWebhookSecret();
const started: DemoGame[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((game) => game.close()));
});

async function start(options: Partial<Parameters<typeof startDemoGame>[0]> = {}): Promise<DemoGame> {
  const game = await startDemoGame({ port: 0, host: '127.0.0.1', secret, ...options });
  started.push(game);
  return game;
}

async function deliver(game: DemoGame, delivery: { headers: Record<string, string>; rawBody: string }) {
  return fetch(`${game.url}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    body: delivery.rawBody,
  });
}

type StateAnswer = DemoState & { feed: { cursor: string | null; error: string | null } };
async function state(game: DemoGame): Promise<StateAnswer> {
  return (await (await fetch(`${game.url}/state`)).json()) as StateAnswer;
}

describe('the demo game', () => {
  it('applies a delivery signed by standardwebhooks once, however often it arrives, and refuses a tampered one', async () => {
    const game = await start();
    expect(game.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const event = diamondsEvent({ playerId: 10001, diamonds: 250, sequence: 1 });
    const delivery = signedDelivery(secret, event);

    expect((await deliver(game, delivery)).status).toBe(204);
    // A retry: the same id, a new timestamp and signature.
    const retry = signedDelivery(secret, event, { at: new Date(Date.now() + 5000) });
    expect((await deliver(game, retry)).status).toBe(204);
    expect((await deliver(game, delivery)).status).toBe(204);

    const tampered = { ...delivery, rawBody: delivery.rawBody.replace('"diamonds":250', '"diamonds":2500') };
    const refused = await deliver(game, tampered);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'bad-signature' });
    const otherSecret = signedDelivery(newWebhookSecret(), diamondsEvent({ diamonds: 9 }));
    expect((await deliver(game, otherSecret)).status).toBe(400);

    const after = await state(game);
    expect(after.players).toEqual([{ playerId: 10001, diamonds: 250, lastSequence: 1, missing: 0 }]);
    expect(after.counts).toEqual({ applied: 1, duplicates: 2, rejected: 2 });
    expect(after.lastRejection?.reason).toBe('bad-signature');
    expect(after.events).toMatchObject([
      {
        id: event.id,
        type: 'diamonds.credited',
        playerId: 10001,
        diamonds: 250,
        deliveries: 3,
        via: 'webhook',
      },
    ]);
  });

  it('keeps each player’s count, notes a sequence still missing, and takes the console’s test without a change', async () => {
    const game = await start();
    const events = [
      diamondsEvent({ playerId: 10002, diamonds: 100, sequence: 1 }),
      diamondsEvent({ playerId: 10002, diamonds: -30, sequence: 3 }),
      diamondsEvent({ playerId: 10003, diamonds: 5, sequence: 1 }),
    ];
    for (const event of events) expect((await deliver(game, signedDelivery(secret, event))).status).toBe(204);
    const test = {
      id: 'msg_test_00000000000000000000000000000001',
      type: 'webhook.test',
      timestamp: new Date().toISOString(),
      data: { message: 'test' },
    };
    expect((await deliver(game, signedDelivery(secret, test))).status).toBe(204);

    const { players, events: received } = await state(game);
    expect(players).toEqual([
      { playerId: 10002, diamonds: 70, lastSequence: 3, missing: 1 },
      { playerId: 10003, diamonds: 5, lastSequence: 1, missing: 0 },
    ]);
    expect(received.map((one) => one.type)).toEqual([
      'webhook.test',
      'diamonds.credited',
      'diamonds.debited',
      'diamonds.credited',
    ]);
  });

  it('refuses an old delivery, a delivery without its headers and a body too large', async () => {
    const game = await start();
    const old = signedDelivery(secret, diamondsEvent(), { at: new Date(Date.now() - 600_000) });
    const expired = await deliver(game, old);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: 'expired' });
    const bare = await deliver(game, { headers: {}, rawBody: '{}' });
    expect(await bare.json()).toMatchObject({ error: 'missing-headers' });
    const large = await deliver(game, { headers: {}, rawBody: 'x'.repeat(100_000) });
    expect(large.status).toBe(413);
    expect((await state(game)).players).toEqual([]);
  });

  it('serves its page, self-contained and in both languages, and nothing else', async () => {
    const game = await start();
    const page = await fetch(`${game.url}/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    for (const label of [
      '演示游戏',
      'Demo game',
      '钻石',
      'Diamonds',
      "fetch('state'",
      'setInterval(refresh, 2000)',
    ]) {
      expect(html).toContain(label);
    }
    expect(html).not.toMatch(/(src|href)=|@import|url\(/);
    expect((await fetch(`${game.url}/webhooks`)).status).toBe(405);
    expect((await fetch(`${game.url}/elsewhere`)).status).toBe(404);
  });

  it('fails to start on a port already taken', async () => {
    const game = await start();
    const port = Number(new URL(game.url).port);
    await expect(startDemoGame({ port, host: '127.0.0.1', secret })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('refuses to start with a secret that is no whsec_ secret', async () => {
    await expect(startDemoGame({ port: 0, host: '127.0.0.1', secret: 'not-a-secret' })).rejects.toThrow(
      TypeError,
    );
  });

  it('reads the pull feed too, and applies an event once whether pushed, read or both', async () => {
    const events = [
      diamondsEvent({ diamonds: 10, sequence: 1 }),
      diamondsEvent({ diamonds: 20, sequence: 2 }),
    ];
    const feedFetch = vi.fn(async (_url: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const { after } = JSON.parse(String(init?.body)) as { after?: string };
      const page = after === undefined ? events : [];
      const data = { events: page, next: after ?? `0.${events.length}` };
      return Response.json({ code: 1, msg: 'ok', data });
    });
    const game = await start({
      feed: { baseUrl: 'http://127.0.0.1:1', secret: 'x'.repeat(16), fetch: feedFetch },
    });
    await vi.waitFor(async () => expect((await state(game)).feed.cursor).toBe('0.2'));
    expect((await deliver(game, signedDelivery(secret, events[1] as TGameEvent))).status).toBe(204);

    const after = await state(game);
    expect(after.players).toEqual([{ playerId: 10001, diamonds: 30, lastSequence: 2, missing: 0 }]);
    expect(after.events.map(({ via, deliveries }) => [via, deliveries])).toEqual([
      ['feed', 2],
      ['feed', 1],
    ]);
    expect(feedFetch.mock.calls[0]?.[0].toString()).toBe('http://127.0.0.1:1/api/game/events');
  });
});

describe('DemoLedger', () => {
  it(`keeps the latest ${KEPT_EVENTS} events, newest first`, () => {
    const ledger = new DemoLedger();
    const events = Array.from({ length: KEPT_EVENTS + 5 }, (_, index) =>
      diamondsEvent({ sequence: index + 1 }),
    );
    for (const event of events) ledger.receive(event, 'webhook');
    const { events: kept, players } = ledger.state();
    expect(kept).toHaveLength(KEPT_EVENTS);
    expect(kept[0]?.id).toBe(events.at(-1)?.id);
    expect(kept.at(-1)?.id).toBe(events[5]?.id);
    expect(players).toEqual([
      { playerId: 10001, diamonds: 100 * events.length, lastSequence: 205, missing: 0 },
    ]);
    // An event no longer shown is still applied once.
    expect(ledger.receive(events[0] as TGameEvent, 'feed')).toBe('duplicate');
  });
});
