import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A test secret in the Standard Webhooks form: `whsec_` and the base64 of 32 bytes. */
export const TEST_WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
export const OTHER_WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether the signature verified with the stand-in's secret. */
  verified: boolean;
}

/**
 * A local stand-in of a game server's webhook endpoint, in the tests only: verifies each delivery with the
 * `standardwebhooks` package, as a game would, and answers what the test sets (a status, a slow answer, a redirect,
 * a long body). `applied` counts each event id once, as a game that dedupes by `webhook-id` does.
 */
export class GameStandIn {
  received: Received[] = [];
  applied = new Map<string, unknown>();
  answer: { status: number; body?: string; delayMs?: number; headers?: Record<string, string> } = {
    status: 204,
  };
  /** The secret the game verifies with: a test switches it as a game does during a rotation (decision 040). */
  secret: string;
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let verified = false;
      try {
        new Webhook(this.secret).verify(raw, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      this.received.push({ headers: req.headers, body: raw, verified });
      const { status, body, delayMs, headers } = this.answer;
      if (verified && status >= 200 && status < 300) {
        const id = req.headers['webhook-id'] as string;
        if (!this.applied.has(id)) this.applied.set(id, JSON.parse(raw));
      }
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, headers);
        res.end(body ?? '');
      }, delayMs ?? 0);
    });
  });

  constructor(secret = TEST_WEBHOOK_SECRET) {
    this.secret = secret;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
