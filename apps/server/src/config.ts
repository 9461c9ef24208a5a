import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { decodeKey, deriveKey } from './crypto/seal';

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
  /** Prefix of this deployment's rate-limit keys in Redis; default: derived from its database. */
  RATE_LIMIT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1-64 letters, digits or . _ : -')
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
  /** The key that seals payout account numbers at rest (AES-256-GCM): 32 bytes as 64 hex digits or base64. */
  PAYOUT_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => decodeKey(v) !== null,
      'must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)',
    )
    .optional(),
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
  /**
   * The Wechatpay-Serial of WECHATPAY_PLATFORM_PUBLIC_KEY (its public key ID, PUB_KEY_ID_..., or the platform
   * certificate's serial). Needed only to pay out from 2,000 yuan, where the payee's name is sent encrypted under
   * that key (decision 042); without it such a transfer is refused before it is sent.
   */
  WECHATPAY_PLATFORM_SERIAL: z.string().min(1).optional(),
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
  /** Connections of this instance's database pool (default: localPoolSize() on this machine's database, else 20). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  /** How long a start waits for a DATABASE_URL server that does not answer yet (seconds; 0 = not at all). */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** A statement running longer is cancelled (milliseconds; 0 = no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** A transaction left idle longer is ended and its locks released (milliseconds; 0 = no limit). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Opt-ins a real deployment (DATABASE_URL) must name to run on the demo's providers. */
  ALLOW_SANDBOX_PAYMENTS: bool.default(false),
  ALLOW_LOG_SMS: bool.default(false),
  /** SEED_DEMO on a deployment: demo agents and a demo owner in a real database (decision 037). */
  ALLOW_DEMO_SEED: bool.default(false),
  /** Without PUBLIC_URL, build notify, return and invite addresses from the request's Host header. */
  ALLOW_HOST_HEADER_URLS: bool.optional(),
  /** Where the game receives its diamonds (Standard Webhooks deliveries, decision 040). */
  GAME_WEBHOOK_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http:// or https:// URL')
    .optional(),
  /** The deliveries' signing secrets, `whsec_` + base64; during a rotation two, space-separated, the new one first. */
  GAME_WEBHOOK_SECRET: z
    .string()
    .refine(
      (v) =>
        v.trim().split(/\s+/).length <= 2 &&
        v
          .trim()
          .split(/\s+/)
          .every((one) => WHSEC.test(one)),
      'must be one or two whsec_<base64 of 24-64 bytes> secrets, separated by a space',
    )
    .optional(),
  /** A deployment without GAME_WEBHOOK_URL: credits wait for the game's pull feed, nothing is pushed. */
  ALLOW_NO_GAME_DELIVERY: bool.default(false),
  /** How many jobs (deliveries, the periodic work) this process runs at once; 0: none, another process runs them. */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(4),
  /** Opens /metrics to `Authorization: Bearer <METRICS_TOKEN>`; unset: only callers on this machine (loopback). */
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
});

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 to 64 random bytes. */
const WHSEC = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

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

/** The pool's size on a database server elsewhere, whose cores this machine cannot see. */
const REMOTE_POOL_SIZE = 20;

/**
 * The pool's size on a database that shares this machine's cores, the embedded one or a DATABASE_URL on a loopback
 * address or a Unix socket (decision 030): five connections a core, at most 20. More only queue PostgreSQL's
 * backends for the same cores (reads slow down); fewer leave commits waiting on the WAL's flush without others to
 * flush with (writes slow down).
 */
export const localPoolSize = (cores = os.availableParallelism()) => Math.min(REMOTE_POOL_SIZE, 5 * cores);

/**
 * Whether a PostgreSQL URL (a valid URL: the configuration checked it) names this machine: a loopback address, or a
 * Unix socket (`?host=/path`).
 */
/**
 * A database address without its credentials: host (or a Unix socket's folder, `?host=/run/postgresql`), port and
 * database, as `host:port/name`.
 */
export function databaseAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.searchParams.get('host') ?? parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

export function onThisMachine(url: string): boolean {
  const parsed = new URL(url);
  const host = (parsed.searchParams.get('host') ?? parsed.hostname).replace(/^\[|\]$/g, '');
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '::1' || /^127\./.test(host);
}

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
  // A real deployment: its own database, outside the test suite. It never runs on a published secret, and on
  // the demo's providers only when the operator names them.
  const deployment = !embedded && e.NODE_ENV !== 'test';
  const missingSecrets = (['GAME_API_SECRET', 'APP_SECRET', 'PAYOUT_ENCRYPTION_KEY'] as const).filter(
    (name) => e[name] === undefined,
  );
  if (!embedded && missingSecrets.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missingSecrets.join(', ')}: required when DATABASE_URL is set (the embedded ` +
        'database generates its own in DATA_DIR)',
    );
  }
  if ((e.GAME_WEBHOOK_URL === undefined) !== (e.GAME_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  GAME_WEBHOOK_URL, GAME_WEBHOOK_SECRET: set both (deliveries are always signed) or neither',
    );
  }
  const optIns: string[] = [];
  if (deployment) {
    const refusals: string[] = [];
    const needOptIn = (active: boolean, allowed: boolean, name: string, what: string) => {
      if (!active) return;
      if (allowed) optIns.push(`${name}=true: ${what}`);
      else refusals.push(`  ${what}: set ${name}=true to run a real deployment this way`);
    };
    needOptIn(
      e.PAYMENT_PROVIDER === 'sandbox',
      e.ALLOW_SANDBOX_PAYMENTS,
      'ALLOW_SANDBOX_PAYMENTS',
      'PAYMENT_PROVIDER is the sandbox (anyone can pay an order by pressing Pay)',
    );
    needOptIn(
      e.SMS_PROVIDER === 'log',
      e.ALLOW_LOG_SMS,
      'ALLOW_LOG_SMS',
      'SMS_PROVIDER is the log (codes are written to the server log, no SMS is sent)',
    );
    needOptIn(
      e.SEED_DEMO === true,
      e.ALLOW_DEMO_SEED,
      'ALLOW_DEMO_SEED',
      'SEED_DEMO seeds the demo platform (demo agents with a published password, an operator named owner)',
    );
    needOptIn(
      e.GAME_WEBHOOK_URL === undefined,
      e.ALLOW_NO_GAME_DELIVERY,
      'ALLOW_NO_GAME_DELIVERY',
      'GAME_WEBHOOK_URL is not set (credits wait for the game to read the pull feed; nothing is pushed to it)',
    );
    needOptIn(
      e.PUBLIC_URL === undefined,
      e.ALLOW_HOST_HEADER_URLS === true,
      'ALLOW_HOST_HEADER_URLS',
      "PUBLIC_URL is not set (addresses are built from each request's Host header)",
    );
    if (refusals.length > 0)
      throw new ConfigError(
        `Invalid configuration for a deployment on DATABASE_URL:\n${refusals.join('\n')}`,
      );
  }
  const secrets = embedded
    ? embeddedSecrets(path.resolve(e.DATA_DIR), e.GAME_API_SECRET, e.APP_SECRET, e.PAYOUT_ENCRYPTION_KEY)
    : {
        game: e.GAME_API_SECRET as string,
        app: e.APP_SECRET as string,
        payoutKey: e.PAYOUT_ENCRYPTION_KEY as string,
      };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    /**
     * Without PUBLIC_URL: may an address be built from the request's Host header? Only outside production or
     * when the operator opts in; otherwise it is this machine's own address (the embedded demo).
     */
    hostHeaderUrls: e.ALLOW_HOST_HEADER_URLS ?? !isProduction,
    /** One line each, printed as a warning at start: what the operator opted in to. */
    optIns,
    database: embedded
      ? ({ kind: 'embedded', dataDir: path.resolve(e.DATA_DIR) } as const)
      : ({ kind: 'url', url: e.DATABASE_URL as string } as const),
    redisUrl: e.REDIS_URL,
    rateLimitPrefix: e.RATE_LIMIT_PREFIX,
    pool: {
      max:
        e.DATABASE_POOL_SIZE ??
        (embedded || onThisMachine(e.DATABASE_URL as string) ? localPoolSize() : REMOTE_POOL_SIZE),
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    /** How long a start waits for a database that does not answer yet (decision 035). */
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    gameApiSecret: secrets.game,
    appSecret: secrets.app,
    /** Seals payout account numbers (crypto/seal.ts); 32 bytes. */
    payoutKey: decodeKey(secrets.payoutKey) as Buffer,
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
            platformSerial: e.WECHATPAY_PLATFORM_SERIAL,
            apiV3Key: e.WECHATPAY_API_V3_KEY as string,
          } as const)
        : ({ kind: 'sandbox' } as const),
    /**
     * The game's webhook endpoint and its secrets (the first signs alone, both during a rotation); null: none. A
     * secret the console rotated is kept sealed in the database with `sealKey`, derived from the payout key (the key
     * of data at rest, never replaced: decisions 019, 034, 040).
     */
    gameWebhook:
      e.GAME_WEBHOOK_URL === undefined
        ? null
        : {
            url: e.GAME_WEBHOOK_URL,
            secrets: (e.GAME_WEBHOOK_SECRET as string).trim().split(/\s+/) as readonly string[],
            sealKey: deriveKey(
              (decodeKey(secrets.payoutKey) as Buffer).toString('hex'),
              'game-webhook-secret',
            ),
          },
    jobConcurrency: e.JOB_CONCURRENCY,
    orderTtlMinutes: e.ORDER_TTL_MINUTES,
    seedDemo: e.SEED_DEMO ?? embedded,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    /** The bearer token of /metrics (plugins/metrics.ts); undefined: loopback callers only. */
    metricsToken: e.METRICS_TOKEN,
  };
}

/** What DATA_DIR/secrets.json holds (each field optional: an older file may lack one). */
interface StoredSecrets {
  gameApiSecret?: unknown;
  appSecret?: unknown;
  payoutEncryptionKey?: unknown;
}

/**
 * Reads DATA_DIR/secrets.json: nothing when there is none yet. A file that is there but cannot be read or is not a
 * JSON object stops the start (decision 034): replacing it would replace the payout key, and every account number
 * sealed with the old one would be lost.
 */
function readSecretsFile(file: string): StoredSecrets {
  const refuse = (why: string) =>
    new ConfigError(
      `Invalid configuration:\n  ${file}: ${why}. It holds this server's secrets, among them the key that seals ` +
        'payout account numbers: restore it from a backup, or fix its owner and mode (0600). To start a demo ' +
        'over, delete the whole DATA_DIR.',
    );
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw refuse(`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw refuse(text.trim() === '' ? 'is empty' : 'is not the JSON object this server wrote');
  return parsed as StoredSecrets;
}

/** Writes a file whole or not at all: a copy beside it, flushed to disk, then renamed over it (mode 0600). */
function writeFileWhole(file: string, content: string): void {
  const copy = `${file}.${process.pid}.tmp`;
  const descriptor = openSync(copy, 'w', 0o600);
  try {
    writeSync(descriptor, content);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  chmodSync(copy, 0o600);
  renameSync(copy, file);
}

/**
 * The embedded database's own secrets: those given in the environment, otherwise random ones generated on the
 * first start and kept in DATA_DIR/secrets.json (mode 0600), so a demo never runs on a secret printed in the
 * source, and its tickets, tokens and sealed account numbers survive a restart. A secret missing from an older
 * file is added; one already there is never replaced (the sealed numbers depend on the payout key): a file that
 * cannot be read, or holds a value that is no secret, stops the start instead (decision 034).
 */
function embeddedSecrets(
  dataDir: string,
  game?: string,
  app?: string,
  payoutKey?: string,
): { game: string; app: string; payoutKey: string } {
  const file = path.join(dataDir, 'secrets.json');
  const stored = readSecretsFile(file);
  const valid = (v: unknown): v is string => typeof v === 'string' && v.length >= 32;
  const validKey = (v: unknown): v is string => typeof v === 'string' && decodeKey(v) !== null;
  const damaged = (
    [
      ['gameApiSecret', valid],
      ['appSecret', valid],
      ['payoutEncryptionKey', validKey],
    ] as const
  )
    .filter(([field, check]) => stored[field] !== undefined && !check(stored[field]))
    .map(([field]) => field);
  if (damaged.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n  ${file}: ${damaged.join(', ')} ${damaged.length === 1 ? 'is' : 'are'} not a ` +
        'secret this server wrote. Restore the file from a backup (it holds the key that seals payout account ' +
        'numbers); to start a demo over, delete the whole DATA_DIR.',
    );
  if (!valid(stored.gameApiSecret) || !valid(stored.appSecret) || !validKey(stored.payoutEncryptionKey)) {
    const completed = {
      gameApiSecret: valid(stored.gameApiSecret)
        ? stored.gameApiSecret
        : randomBytes(32).toString('base64url'),
      appSecret: valid(stored.appSecret) ? stored.appSecret : randomBytes(32).toString('base64url'),
      payoutEncryptionKey: validKey(stored.payoutEncryptionKey)
        ? stored.payoutEncryptionKey
        : randomBytes(32).toString('base64'),
    };
    mkdirSync(dataDir, { recursive: true });
    writeFileWhole(file, `${JSON.stringify({ ...stored, ...completed }, null, 2)}\n`);
    Object.assign(stored, completed);
  }
  return {
    game: game ?? (stored.gameApiSecret as string),
    app: app ?? (stored.appSecret as string),
    payoutKey: payoutKey ?? (stored.payoutEncryptionKey as string),
  };
}
