import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createGameClient,
  DeliveryVerificationError,
  verifyDelivery,
  webhookSigningKeys,
  type GameClientOptions,
} from '@promoter/game-sdk';
import { DemoLedger } from './demo-ledger';
import { demoPage } from './page';

export interface DemoGameOptions {
  /** 0: any free port. */
  port: number;
  /** 127.0.0.1 by default: the demo answers anyone who reaches it. */
  host?: string;
  /** GAME_WEBHOOK_SECRET: the deliveries' `whsec_` secret (two, space-separated, during a rotation). */
  secret: string;
  /**
   * Also read the pull feed (GAME_API_SECRET and the back office's address): at start and every `intervalMs` (10 s),
   * the events read applied once with those delivered, by the same ids.
   */
  feed?: Pick<GameClientOptions, 'baseUrl' | 'secret' | 'fetch'> & { intervalMs?: number };
}

export interface DemoGame {
  /** `http://host:port`, without a trailing slash: deliveries go to `${url}/webhooks`. */
  url: string;
  close(): Promise<void>;
}

/** A delivery is one small event: anything much larger is no delivery. */
const MAX_BODY_BYTES = 64 * 1024;

/** The page's own inline style and script, and its own GET /state: nothing else. */
const PAGE_POLICY = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

class BodyTooLarge extends Error {}

/** The body's bytes; past MAX_BODY_BYTES, read to its end (so that the 413 reaches the sender) and refused. */
async function readBody(request: IncomingMessage): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
  return Buffer.concat(chunks);
}

function send(
  response: ServerResponse,
  status: number,
  type?: string,
  body?: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(type ? { 'content-type': type } : {}),
    ...headers,
  });
  response.end(body);
}

/**
 * Starts the demo game: it receives the back office's deliveries at POST /webhooks (verified, applied once by their
 * webhook-id, answered 204; 400 when refused), shows its players' diamonds and the events received at GET /, and
 * serves them as JSON at GET /state.
 */
export async function startDemoGame(options: DemoGameOptions): Promise<DemoGame> {
  webhookSigningKeys(options.secret); // A bad secret fails the start, not every delivery.
  const ledger = new DemoLedger();
  let feed: ReturnType<typeof readingTheFeed> | null = null;

  async function webhook(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    try {
      const event = verifyDelivery({ secret: options.secret, headers: request.headers, rawBody });
      ledger.receive(event, 'webhook');
      send(response, 204);
    } catch (error) {
      if (!(error instanceof DeliveryVerificationError)) throw error;
      ledger.reject(error.reason);
      send(
        response,
        400,
        'application/json',
        JSON.stringify({ error: error.reason, message: error.message }),
      );
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://demo-game').pathname;
    const route = `${request.method} ${path}`;
    if (route === 'POST /webhooks') return webhook(request, response);
    if (route === 'GET /state') {
      return send(
        response,
        200,
        'application/json',
        JSON.stringify({ ...ledger.state(), feed: feed?.status() ?? null }),
      );
    }
    if (route === 'GET /') return send(response, 200, 'text/html; charset=utf-8', demoPage, PAGE_POLICY);
    const known = ['/', '/state', '/webhooks'].includes(path);
    send(
      response,
      known ? 405 : 404,
      'text/plain; charset=utf-8',
      known ? 'Method Not Allowed' : 'Not Found',
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof BodyTooLarge) return send(response, 413, 'text/plain; charset=utf-8', 'Too Large');
      send(response, 500, 'text/plain; charset=utf-8', 'Internal Server Error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (options.feed) feed = readingTheFeed(options.feed, ledger);
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: async () => {
      await feed?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Reads the feed from its start, then every intervalMs from where it stopped; one read at a time. */
function readingTheFeed(options: NonNullable<DemoGameOptions['feed']>, ledger: DemoLedger) {
  const client = createGameClient(options);
  let cursor: string | undefined;
  let lastReadAt: string | null = null;
  let error: string | null = null;
  let reading: Promise<void> | null = null;

  async function read(): Promise<void> {
    try {
      for await (const page of client.readFeed(cursor)) {
        for (const event of page.events) ledger.receive(event, 'feed');
        cursor = page.next;
      }
      lastReadAt = new Date().toISOString();
      error = null;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
  }
  const tick = () => {
    reading ??= read().finally(() => (reading = null));
  };
  tick();
  const timer = setInterval(tick, options.intervalMs ?? 10_000);
  timer.unref();
  return {
    status: () => ({ cursor: cursor ?? null, lastReadAt, error }),
    stop: async () => {
      clearInterval(timer);
      await reading;
    },
  };
}
