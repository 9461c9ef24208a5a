import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotificationInput } from '../../src/platform/payments/payment-provider';
import type { WechatPayConfig } from '../../src/platform/payments/wechat-pay';
import type { WechatPayKeys } from './wechat-pay-stand-in';

/**
 * A merchant's notify_url for the provider tests: each notification verified by `verify` (the provider's), answered as
 * WeChat Pay expects (200 SUCCESS, or 400 FAIL so it sends again), and kept: what verified, and why the rest did not.
 */
export function notifyReceiver<T>(verify: (input: NotificationInput) => T) {
  const verified: T[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        verified.push(verify({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') }));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"SUCCESS"}');
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":"FAIL"}');
      }
    });
  });
  return {
    verified,
    refused,
    server,
    /** Listens on a loopback port; answers its address with `path`. */
    async listen(path: string): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The WeChat Pay adapter's configuration against a stand-in holding `keys`. */
export const standInConfig = (apiBase: string, keys: WechatPayKeys): WechatPayConfig => ({
  apiBase,
  appId: keys.appId,
  mchId: keys.mchId,
  serialNo: keys.merchantSerialNo,
  privateKey: keys.merchantPrivateKey,
  apiV3Key: keys.apiV3Key,
  platformPublicKey: keys.platformPublicKey,
  platformSerial: keys.platformSerialNo,
});
