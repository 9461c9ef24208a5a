import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in of an SMS gateway's HTTP API, for the HTTP provider's tests. */
export class SmsGatewayStandIn {
  received: { authorization: string | undefined; body: unknown }[] = [];
  answer: { status: number; body: object } = { status: 200, body: { code: 0, message: 'OK' } };
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      this.received.push({ authorization: req.headers.authorization, body: JSON.parse(raw || '{}') });
      res.writeHead(this.answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(this.answer.body));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/sms/send`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
