import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config';

describe('configuration', () => {
  it('runs on the embedded database with safe defaults', () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: 'embedded', dataDir: path.resolve('./data') });
    expect(config.port).toBe(8080);
    expect(config.sessionTtlHours).toBe(168);
    expect(config.seedDemo).toBe(true);
    expect(config.sms).toEqual({ kind: 'log' });
    expect(config.payment).toEqual({ kind: 'sandbox' });
  });

  it('uses DATABASE_URL and does not seed it unless asked', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db', NODE_ENV: 'development' });
    expect(config.database).toEqual({ kind: 'url', url: 'postgres://u@127.0.0.1/db' });
    expect(config.seedDemo).toBe(false);
    expect(
      parseConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db', NODE_ENV: 'development', SEED_DEMO: 'true' })
        .seedDemo,
    ).toBe(true);
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

  it('refuses the development secrets for a production deployment on its own database', () => {
    expect(() => parseConfig({ DATABASE_URL: 'postgres://u@db/x', NODE_ENV: 'production' })).toThrow(
      /GAME_API_SECRET/,
    );
    expect(() =>
      parseConfig({
        DATABASE_URL: 'postgres://u@db/x',
        NODE_ENV: 'production',
        GAME_API_SECRET: 'a'.repeat(32),
        APP_SECRET: 'b'.repeat(32),
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
    expect(() => parseConfig(wechatPay)).toThrow(/WECHAT_APP_SECRET: required when PAYMENT_PROVIDER=wechat/);
    expect(parseConfig({ ...wechatPay, WECHAT_APP_SECRET: 'secret' }).payment).toMatchObject({
      kind: 'wechat',
      appId: 'wx-app',
    });
  });
});
