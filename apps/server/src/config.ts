import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const postgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL');

/**
 * Every setting the server reads, parsed once at start-up. A bad value stops the process with a message
 * naming the variable (docs/decisions/002-configuration.md).
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The address printed in login links and invite URLs. */
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .string()
    .url()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  GAME_API_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
  /** Secret for the server's own signed tokens (WeChat tickets, OAuth state). */
  APP_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  /** Where the phone is sent to authorize (WeChat's open platform); a stand-in in tests. */
  WECHAT_OPEN_BASE: z.string().url().default('https://open.weixin.qq.com'),
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_KEY: z.string().min(1).optional(),
  SMS_HTTP_TEMPLATE: z.string().min(1).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechat']).default('sandbox'),
  WECHATPAY_API_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_SERIAL_NO: z.string().min(1).optional(),
  /** PEM text, or the path of a PEM file. */
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'must be the 32-character APIv3 key').optional(),
  /** Minutes an unpaid order stays payable. */
  ORDER_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Seed the demo platform when the database has no agent yet. Default: on for the embedded database. */
  SEED_DEMO: bool.optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = ReturnType<typeof parseConfig>;

/** A key given as PEM text, or as the path of a PEM file. */
function pem(value: string, name: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${name}: neither PEM text nor a readable file`);
  }
}

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty value (`DATABASE_URL=` in an env file) means "not set".
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = ZEnv.safeParse(given);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const embedded = e.DATABASE_URL === undefined;
  const isProduction = e.NODE_ENV === 'production';
  if (e.SMS_PROVIDER === 'http' && (!e.SMS_HTTP_URL || !e.SMS_HTTP_KEY || !e.SMS_HTTP_TEMPLATE)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_HTTP_URL, SMS_HTTP_KEY, SMS_HTTP_TEMPLATE: required when SMS_PROVIDER=http',
    );
  }
  // Inside WeChat, WeChat Pay needs the payer's openid, read through WeChat OAuth: the app's secret too.
  const wechatPayMissing = (
    [
      'WECHAT_APP_ID',
      'WECHAT_APP_SECRET',
      'WECHATPAY_MCH_ID',
      'WECHATPAY_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_API_V3_KEY',
    ] as const
  ).filter((name) => e[name] === undefined);
  if (e.PAYMENT_PROVIDER === 'wechat' && wechatPayMissing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${wechatPayMissing.join(', ')}: required when PAYMENT_PROVIDER=wechat`,
    );
  }
  if (!embedded && isProduction && (e.GAME_API_SECRET === undefined || e.APP_SECRET === undefined)) {
    // A real deployment (its own database, production mode) never runs on the development secrets.
    throw new ConfigError(
      'Invalid configuration:\n  GAME_API_SECRET, APP_SECRET: required when DATABASE_URL is set in production',
    );
  }
  const devSecret = 'dev-only-secret-do-not-use-in-production';
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    database: embedded
      ? ({ kind: 'embedded', dataDir: path.resolve(e.DATA_DIR) } as const)
      : ({ kind: 'url', url: e.DATABASE_URL as string } as const),
    redisUrl: e.REDIS_URL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    /** Without a configured secret the game API is open only to the demo's own signer, with a dev secret. */
    gameApiSecret: e.GAME_API_SECRET ?? `${devSecret}-game`,
    appSecret: e.APP_SECRET ?? `${devSecret}-app`,
    secretsConfigured: e.GAME_API_SECRET !== undefined && e.APP_SECRET !== undefined,
    wechat: {
      appId: e.WECHAT_APP_ID,
      appSecret: e.WECHAT_APP_SECRET,
      apiBase: e.WECHAT_API_BASE.replace(/\/$/, ''),
      openBase: e.WECHAT_OPEN_BASE.replace(/\/$/, ''),
    },
    sms:
      e.SMS_PROVIDER === 'http'
        ? ({
            kind: 'http',
            url: e.SMS_HTTP_URL as string,
            key: e.SMS_HTTP_KEY as string,
            template: e.SMS_HTTP_TEMPLATE as string,
          } as const)
        : ({ kind: 'log' } as const),
    payment:
      e.PAYMENT_PROVIDER === 'wechat'
        ? ({
            kind: 'wechat',
            apiBase: e.WECHATPAY_API_BASE.replace(/\/$/, ''),
            appId: e.WECHAT_APP_ID as string,
            mchId: e.WECHATPAY_MCH_ID as string,
            serialNo: e.WECHATPAY_SERIAL_NO as string,
            privateKey: pem(e.WECHATPAY_PRIVATE_KEY as string, 'WECHATPAY_PRIVATE_KEY'),
            platformPublicKey: pem(
              e.WECHATPAY_PLATFORM_PUBLIC_KEY as string,
              'WECHATPAY_PLATFORM_PUBLIC_KEY',
            ),
            apiV3Key: e.WECHATPAY_API_V3_KEY as string,
          } as const)
        : ({ kind: 'sandbox' } as const),
    orderTtlMinutes: e.ORDER_TTL_MINUTES,
    seedDemo: e.SEED_DEMO ?? embedded,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
  };
}
