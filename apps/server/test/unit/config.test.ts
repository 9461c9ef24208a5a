import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, localPoolSize, onThisMachine, parseConfig } from '../../src/config';
import { publicUrlOf } from '../../src/http/public-url';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'promoter-config-'));
const secrets = {
  GAME_API_SECRET: 'g'.repeat(32),
  APP_SECRET: 'a'.repeat(32),
  PAYOUT_ENCRYPTION_KEY: 'k'.repeat(43),
};
/** Where a deployment delivers the game's diamonds (decision 040). */
const WHSEC = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const gameWebhook = { GAME_WEBHOOK_URL: 'https://game.example.com/webhooks', GAME_WEBHOOK_SECRET: WHSEC };
/** A real deployment's database, with its secrets and its game's endpoint. */
const deployment = { DATABASE_URL: 'postgres://u@db/x', NODE_ENV: 'production', ...secrets, ...gameWebhook };
/** What lets such a deployment start on the demo's providers. */
const optIns = {
  ALLOW_SANDBOX_PAYMENTS: 'true',
  ALLOW_LOG_SMS: 'true',
  PUBLIC_URL: 'https://promoter.example.com',
};

describe('configuration', () => {
  it('runs on the embedded database with safe defaults', () => {
    const dataDir = tempDir();
    const config = parseConfig({ DATA_DIR: dataDir });
    expect(config.database).toEqual({ kind: 'embedded', dataDir });
    expect(config.port).toBe(8080);
    expect(config.sessionTtlHours).toBe(168);
    expect(config.seedDemo).toBe(true);
    expect(config.sms).toEqual({ kind: 'log' });
    expect(config.payment).toEqual({ kind: 'sandbox' });
  });

  it('uses DATABASE_URL and does not seed it unless asked', () => {
    const env = { DATABASE_URL: 'postgres://u@127.0.0.1/db', NODE_ENV: 'test', ...secrets };
    const config = parseConfig(env);
    expect(config.database).toEqual({ kind: 'url', url: 'postgres://u@127.0.0.1/db' });
    expect(config.seedDemo).toBe(false);
    expect(parseConfig({ ...env, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('seeds a deployment’s database only when ALLOW_DEMO_SEED names it too, and says so (decision 037)', () => {
    expect(() => parseConfig({ ...deployment, ...optIns, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO seeds the demo platform.*set ALLOW_DEMO_SEED=true/,
    );
    const config = parseConfig({ ...deployment, ...optIns, SEED_DEMO: 'true', ALLOW_DEMO_SEED: 'true' });
    expect(config.seedDemo).toBe(true);
    expect(config.optIns.some((line) => line.startsWith('ALLOW_DEMO_SEED=true'))).toBe(true);
    expect(parseConfig({ ...deployment, ...optIns }).seedDemo).toBe(false);
  });

  it('gives the embedded database secrets of its own, kept in DATA_DIR with mode 0600, never a published one', () => {
    const dataDir = tempDir();
    const first = parseConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.gameApiSecret).toHaveLength(43);
    expect(first.appSecret).not.toBe(first.gameApiSecret);
    expect(readFileSync(file, 'utf8')).toContain(first.appSecret);
    for (const value of [first.gameApiSecret, first.appSecret]) expect(value).not.toMatch(/dev|secret/i);
    // Kept across restarts; another data folder has other secrets; a configured secret wins.
    expect(parseConfig({ DATA_DIR: dataDir }).appSecret).toBe(first.appSecret);
    expect(parseConfig({ DATA_DIR: tempDir() }).appSecret).not.toBe(first.appSecret);
    expect(parseConfig({ DATA_DIR: dataDir, APP_SECRET: 'c'.repeat(32) }).appSecret).toBe('c'.repeat(32));
  });

  it('seals payout numbers with a key of the embedded database’s own, added to an older secrets file and then kept', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'secrets.json');
    // A data folder from before decision 019: its two secrets stay, a payout key is added beside them.
    writeFileSync(file, JSON.stringify({ gameApiSecret: 'g'.repeat(40), appSecret: 'a'.repeat(40) }));
    const first = parseConfig({ DATA_DIR: dataDir });
    expect(first.appSecret).toBe('a'.repeat(40));
    expect(first.payoutKey).toHaveLength(32);
    expect(parseConfig({ DATA_DIR: dataDir }).payoutKey.equals(first.payoutKey)).toBe(true);
    expect(parseConfig({ DATA_DIR: tempDir() }).payoutKey.equals(first.payoutKey)).toBe(false);
    const hex = '0f'.repeat(32);
    expect(parseConfig({ DATA_DIR: dataDir, PAYOUT_ENCRYPTION_KEY: hex }).payoutKey.toString('hex')).toBe(
      hex,
    );
  });

  it('never replaces a secrets file it cannot read: the start stops and the file stays as it is (decision 034)', () => {
    const kept = JSON.stringify({ gameApiSecret: 'g'.repeat(40), appSecret: 'a'.repeat(40) });
    const cases: [string, string | null, RegExp][] = [
      ['cut short', kept.slice(0, 30), /is not the JSON object this server wrote/],
      ['empty', '', /is empty/],
      [
        'a value that is no secret',
        JSON.stringify({ ...JSON.parse(kept), payoutEncryptionKey: 'short' }),
        /payoutEncryptionKey is not a secret/,
      ],
      ['a folder where the file should be', null, /cannot be read \(EISDIR\)/],
    ];
    for (const [what, content, message] of cases) {
      const dataDir = tempDir();
      const file = path.join(dataDir, 'secrets.json');
      if (content === null) mkdirSync(file);
      else writeFileSync(file, content);
      expect(() => parseConfig({ DATA_DIR: dataDir }), what).toThrow(ConfigError);
      expect(() => parseConfig({ DATA_DIR: dataDir }), what).toThrow(message);
      expect(() => parseConfig({ DATA_DIR: dataDir }), what).toThrow(/seals payout account numbers/);
      if (content !== null) expect(readFileSync(file, 'utf8'), what).toBe(content);
    }
  });

  it('writes its secrets file whole: no copy left beside it', () => {
    const dataDir = tempDir();
    parseConfig({ DATA_DIR: dataDir });
    expect(readdirSync(dataDir)).toEqual(['secrets.json']);
  });

  it('refuses a DATABASE_URL deployment without PAYOUT_ENCRYPTION_KEY, and a key that is not 32 bytes', () => {
    const { PAYOUT_ENCRYPTION_KEY: _given, ...withoutKey } = secrets;
    for (const NODE_ENV of ['production', 'test'])
      expect(() => parseConfig({ DATABASE_URL: 'postgres://u@db/x', NODE_ENV, ...withoutKey })).toThrow(
        /PAYOUT_ENCRYPTION_KEY: required when DATABASE_URL is set/,
      );
    for (const bad of ['short', '0f'.repeat(31), 'k'.repeat(44), '0f'.repeat(33)])
      expect(() => parseConfig({ DATA_DIR: tempDir(), PAYOUT_ENCRYPTION_KEY: bad })).toThrow(
        /PAYOUT_ENCRYPTION_KEY: must be 32 bytes/,
      );
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(
      parseConfig({
        DATABASE_URL: 'postgres://u@db/x',
        NODE_ENV: 'test',
        ...withoutKey,
        PAYOUT_ENCRYPTION_KEY: base64,
      }).payoutKey.equals(Buffer.alloc(32, 7)),
    ).toBe(true);
  });

  it('stops a deployment on the demo providers unless each is named, and lists the opt-ins', () => {
    const message = (() => {
      try {
        parseConfig(deployment);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    })();
    for (const name of ['ALLOW_SANDBOX_PAYMENTS', 'ALLOW_LOG_SMS', 'ALLOW_HOST_HEADER_URLS'])
      expect(message).toContain(name);
    expect(() =>
      parseConfig({ ...deployment, ALLOW_SANDBOX_PAYMENTS: 'true', ALLOW_LOG_SMS: 'true' }),
    ).toThrow(/PUBLIC_URL is not set/);
    const optedIn = parseConfig({
      ...deployment,
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_LOG_SMS: 'true',
      PUBLIC_URL: 'https://promoter.example.com',
    });
    expect(optedIn.optIns).toHaveLength(2);
    expect(optedIn.optIns.join('\n')).toMatch(/ALLOW_SANDBOX_PAYMENTS=true[\s\S]*ALLOW_LOG_SMS=true/);
    expect(parseConfig({ DATA_DIR: tempDir() }).optIns).toEqual([]);
  });

  it('delivers to the game only signed, and stops a deployment without an endpoint unless told the game pulls', () => {
    const withoutGame = {
      ...deployment,
      ...optIns,
      GAME_WEBHOOK_URL: undefined,
      GAME_WEBHOOK_SECRET: undefined,
    };
    expect(() => parseConfig(withoutGame)).toThrow(
      /GAME_WEBHOOK_URL is not set[\s\S]*ALLOW_NO_GAME_DELIVERY/,
    );
    const pulling = parseConfig({ ...withoutGame, ALLOW_NO_GAME_DELIVERY: 'true' });
    expect(pulling.gameWebhook).toBeNull();
    expect(pulling.optIns.join('\n')).toContain('ALLOW_NO_GAME_DELIVERY=true');
    expect(() => parseConfig({ ...deployment, ...optIns, GAME_WEBHOOK_SECRET: undefined })).toThrow(
      /set both/,
    );
    expect(() => parseConfig({ ...deployment, ...optIns, GAME_WEBHOOK_SECRET: 'plain-secret' })).toThrow(
      /GAME_WEBHOOK_SECRET/,
    );
    const other = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;
    expect(
      parseConfig({ ...deployment, ...optIns, GAME_WEBHOOK_SECRET: ` ${other}  ${WHSEC} ` }).gameWebhook,
    ).toEqual({
      url: 'https://game.example.com/webhooks',
      secrets: [other, WHSEC],
      // The key that seals a secret the console rotated (decision 040), derived from the payout key.
      sealKey: expect.any(Buffer),
    });
    // The embedded demo needs none of it: events wait for the feed.
    expect(parseConfig({ DATA_DIR: tempDir() }).gameWebhook).toBeNull();
  });

  it('builds no address from a request Host header in production without PUBLIC_URL unless opted in', async () => {
    const hostOf = async (env: Record<string, string>) => {
      const app = Fastify();
      app.decorate('config', parseConfig(env));
      app.get('/where', async (request) => ({ url: publicUrlOf(request) }));
      const response = await app.inject({ url: '/where', headers: { host: 'evil.example' } });
      await app.close();
      return (response.json() as { url: string }).url;
    };
    expect(await hostOf({ DATA_DIR: tempDir(), PORT: '8123' })).toBe('http://localhost:8123');
    expect(await hostOf({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://p.example.com/' })).toBe(
      'https://p.example.com',
    );
    expect(await hostOf({ DATA_DIR: tempDir(), NODE_ENV: 'development' })).toBe('http://evil.example');
    expect(await hostOf({ DATA_DIR: tempDir(), ALLOW_HOST_HEADER_URLS: 'true' })).toBe('http://evil.example');

    // Listening, the address is the port it listens on, asked of the system once and then kept.
    const app = Fastify();
    app.decorate('config', parseConfig({ DATA_DIR: tempDir(), PORT: '8123' }));
    app.get('/where', async (request) => ({ url: publicUrlOf(request) }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as { port: number };
      for (let i = 0; i < 2; i++) {
        const answer = (await (await fetch(`http://127.0.0.1:${port}/where`)).json()) as { url: string };
        expect(answer.url).toBe(`http://localhost:${port}`);
      }
    } finally {
      await app.close();
    }
  });

  it('sizes the pool to the cores of a database on this machine, 20 for one elsewhere, unless told', () => {
    expect(localPoolSize(1)).toBe(5);
    expect(localPoolSize(2)).toBe(10);
    expect(localPoolSize(16)).toBe(20);
    for (const local of [
      'postgres://u@127.0.0.1/db',
      'postgres://u@127.0.0.2:5433/db',
      'postgres://u@localhost/db',
      'postgres://u@[::1]/db',
      'postgres://u@sockets/db?host=/var/run/postgresql',
    ])
      expect(onThisMachine(local), local).toBe(true);
    for (const remote of ['postgres://u@db/x', 'postgres://u@10.0.0.5/x', 'postgres://u@[2001:db8::1]/x'])
      expect(onThisMachine(remote), remote).toBe(false);
    const here = localPoolSize();
    expect(parseConfig({ DATA_DIR: tempDir() }).pool.max).toBe(here);
    expect(parseConfig({ ...deployment, DATABASE_URL: 'postgres://u@127.0.0.1/x', ...optIns }).pool.max).toBe(
      here,
    );
    expect(parseConfig({ ...deployment, ...optIns }).pool.max).toBe(20);
    expect(parseConfig({ ...deployment, ...optIns, DATABASE_POOL_SIZE: '7' }).pool.max).toBe(7);
  });

  it('names every bad value', () => {
    try {
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_TTL_HOURS: '0',
        SMS_PROVIDER: 'pigeon',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SESSION_TTL_HOURS', 'SMS_PROVIDER'])
        expect(message).toContain(name);
    }
  });

  it('refuses to run on its own database without configured secrets, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['production', 'development', 'test'])
      expect(() => parseConfig({ DATABASE_URL: 'postgres://u@db/x', NODE_ENV })).toThrow(/GAME_API_SECRET/);
    expect(() =>
      parseConfig({
        ...deployment,
        ALLOW_SANDBOX_PAYMENTS: 'true',
        ALLOW_LOG_SMS: 'true',
        PUBLIC_URL: 'https://p.cn',
      }),
    ).not.toThrow();
  });

  it('names what WeChat Pay still needs, the app secret included (the payer’s openid is read through OAuth)', () => {
    const wechatPay = {
      PAYMENT_PROVIDER: 'wechat',
      WECHAT_APP_ID: 'wx-app',
      WECHATPAY_MCH_ID: '1900000109',
      WECHATPAY_SERIAL_NO: 'SERIAL',
      WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----',
      WECHATPAY_PLATFORM_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY-----',
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
    };
    expect(() => parseConfig({ ...wechatPay, DATA_DIR: tempDir() })).toThrow(
      /WECHAT_APP_SECRET: required when PAYMENT_PROVIDER=wechat/,
    );
    expect(
      parseConfig({ ...wechatPay, DATA_DIR: tempDir(), WECHAT_APP_SECRET: 'secret' }).payment,
    ).toMatchObject({
      kind: 'wechat',
      appId: 'wx-app',
    });
  });
});
