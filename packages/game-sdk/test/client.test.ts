import type { TGameEvent } from '@promoter/contract';
import { describe, expect, it } from 'vitest';
// The server's own check of a signed request: what the client sends must pass it.
import { checkGameSignature } from '../../../apps/server/src/modules/game/game-signature';
import { createGameClient, GameApiError, signGameRequest, type GameFeedPage } from '../src';
import { diamondsEvent } from './support';

const secret = 'the-game-api-secret-of-this-test';

interface Sent {
  url: string;
  headers: Headers;
  body: string;
}

/** A fetch that records each request and answers with `answer(request)` as JSON (an envelope unless told). */
function fakeFetch(answer: (sent: Sent) => { status?: number; json?: unknown; text?: string }) {
  const sent: Sent[] = [];
  const recorder = async (url: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const request: Sent = { url: String(url), headers: new Headers(init?.headers), body: String(init?.body) };
    sent.push(request);
    const { status = 200, json, text } = answer(request);
    return new Response(text ?? JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { sent, fetch: recorder as typeof fetch };
}

const ok = (data: unknown) => ({ json: { code: 1, msg: 'ok', data } });
const player = { playerId: 10001, nickname: 'Ann', avatar: '', agentId: null, diamonds: 0, mobile: null };

describe('createGameClient', () => {
  it('signs the exact bytes it sends, with a fresh nonce each request, as the server checks them', async () => {
    const { sent, fetch } = fakeFetch(() => ok({ player }));
    const client = createGameClient({ baseUrl: 'https://promoter.example.com', secret, fetch });
    await client.upsertPlayer({ playerId: 10001, nickname: ' Ann ' });
    await client.upsertPlayer({ playerId: 10001, nickname: ' Ann ' });

    expect(sent.map((one) => one.url)).toEqual([
      'https://promoter.example.com/api/game/players/upsert',
      'https://promoter.example.com/api/game/players/upsert',
    ]);
    // The contract's defaults and trimming applied before signing.
    expect(JSON.parse(sent[0]!.body)).toEqual({ playerId: 10001, nickname: 'Ann', avatar: '' });
    const nonces = new Set<string | null>();
    for (const { headers, body } of sent) {
      expect(headers.get('content-type')).toBe('application/json');
      const nonce = headers.get('x-game-nonce');
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      nonces.add(nonce);
      const check = {
        secret,
        timestamp: headers.get('x-game-timestamp') ?? undefined,
        nonce: nonce ?? undefined,
        signature: headers.get('x-game-signature') ?? undefined,
        nowSeconds: Math.floor(Date.now() / 1000),
      };
      expect(checkGameSignature({ ...check, rawBody: body })).toBe('ok');
      expect(checkGameSignature({ ...check, rawBody: body.replace('Ann', 'Bob') })).toBe('invalid');
      expect(checkGameSignature({ ...check, secret: `${secret}!`, rawBody: body })).toBe('invalid');
    }
    expect(nonces.size).toBe(2);
  });

  it('refuses an input the contract refuses, before sending anything', async () => {
    const { sent, fetch } = fakeFetch(() => ok({ player }));
    const client = createGameClient({ baseUrl: 'https://promoter.example.com', secret, fetch });
    await expect(client.upsertPlayer({ playerId: 10001, nickname: '' })).rejects.toThrow(/nickname/);
    await expect(client.events({ limit: 501 })).rejects.toThrow(/limit/);
    await expect(client.events({ after: 'not a cursor' })).rejects.toThrow(/after/);
    expect(sent).toEqual([]);
  });

  it('writes the signature the decision describes', () => {
    // hex HMAC-SHA256 of "1700000000.abcdefgh.{}" with the key "secret" (openssl dgst -sha256 -hmac secret).
    expect(signGameRequest('secret', 1700000000, 'abcdefgh', '{}')).toBe(
      'da198f5cff1157c1f2522b76c227f8a812d317bea9d00b4d3569011866f1c436',
    );
  });

  it('mints tickets under a base address with a path, and uses the given clock', async () => {
    const ticket = {
      ticket: 't',
      expiresAt: '2030-01-01T00:00:00.000Z',
      loginUrl: 'https://x/#/session/login?token=t',
    };
    const { sent, fetch } = fakeFetch(() => ok(ticket));
    const client = createGameClient({
      baseUrl: 'https://example.com/promoter/',
      secret,
      fetch,
      now: () => 1e12,
    });
    expect(await client.mintTicket({ playerId: 10001 })).toEqual(ticket);
    expect(sent[0]?.url).toBe('https://example.com/promoter/api/game/tickets');
    expect(sent[0]?.headers.get('x-game-timestamp')).toBe('1000000000');
  });

  it('throws a GameApiError with the code and message of a refusal, or the status of a broken answer', async () => {
    const refused = createGameClient({
      baseUrl: 'https://promoter.example.com',
      secret,
      fetch: fakeFetch(() => ({ json: { code: 0, msg: '签名无效', data: null } })).fetch,
    });
    await expect(refused.mintTicket({ playerId: 10001 })).rejects.toMatchObject({
      name: 'GameApiError',
      code: 0,
      status: 200,
      message: '签名无效',
    });
    const broken = createGameClient({
      baseUrl: 'https://promoter.example.com',
      secret,
      fetch: fakeFetch(() => ({ status: 502, text: '<html>Bad Gateway</html>' })).fetch,
    });
    const error: unknown = await broken.events().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GameApiError);
    expect(error).toMatchObject({ code: null, status: 502 });
    const wrongData = createGameClient({
      baseUrl: 'https://promoter.example.com',
      secret,
      fetch: fakeFetch(() => ok({ events: 'none' })).fetch,
    });
    await expect(wrongData.events()).rejects.toMatchObject({ code: 1, status: 200 });
  });

  describe('the feed', () => {
    const all: TGameEvent[] = Array.from({ length: 5 }, (_, index) => diamondsEvent({ sequence: index + 1 }));
    /** The feed of `all`: the cursor `0.<how many were read>`. */
    const feed = (events: TGameEvent[]) =>
      fakeFetch(({ body }) => {
        const query = JSON.parse(body) as { after?: string; limit: number };
        const from = query.after === undefined ? 0 : Number(query.after.split('.')[1]);
        const page = events.slice(from, from + query.limit);
        return ok({ events: page, next: events.length === 0 ? null : `0.${from + page.length}` });
      });
    const read = async (pages: AsyncIterable<GameFeedPage>) => {
      const got: GameFeedPage[] = [];
      for await (const page of pages) got.push(page);
      return got;
    };

    it('pages from the first event to the last, each page with the cursor to store', async () => {
      const { sent, fetch } = feed(all);
      const client = createGameClient({ baseUrl: 'http://127.0.0.1:8080', secret, fetch });
      const pages = await read(client.readFeed(undefined, { limit: 2 }));
      expect(pages).toEqual([
        { events: all.slice(0, 2), next: '0.2' },
        { events: all.slice(2, 4), next: '0.4' },
        { events: all.slice(4), next: '0.5' },
      ]);
      expect(sent.map(({ url, body }) => [url, JSON.parse(body)])).toEqual([
        ['http://127.0.0.1:8080/api/game/events', { limit: 2 }],
        ['http://127.0.0.1:8080/api/game/events', { after: '0.2', limit: 2 }],
        ['http://127.0.0.1:8080/api/game/events', { after: '0.4', limit: 2 }],
      ]);
    });

    it('reads on from a stored cursor, and yields nothing when nothing followed it', async () => {
      const client = createGameClient({ baseUrl: 'http://127.0.0.1:8080', secret, fetch: feed(all).fetch });
      expect(await read(client.readFeed('0.3'))).toEqual([{ events: all.slice(3), next: '0.5' }]);
      expect(await read(client.readFeed('0.5'))).toEqual([]);
      const empty = createGameClient({ baseUrl: 'http://127.0.0.1:8080', secret, fetch: feed([]).fetch });
      expect(await read(empty.readFeed())).toEqual([]);
      expect(await empty.events()).toEqual({ events: [], next: null });
    });

    it('asks one more page when a page came back full', async () => {
      const { sent, fetch } = feed(all.slice(0, 4));
      const client = createGameClient({ baseUrl: 'http://127.0.0.1:8080', secret, fetch });
      expect((await read(client.readFeed(undefined, { limit: 2 }))).map((page) => page.next)).toEqual([
        '0.2',
        '0.4',
      ]);
      expect(sent).toHaveLength(3);
    });
  });
});
