import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { type Config, databaseAddress } from '../config';

/**
 * What a limit counts (docs/decisions/014-rate-limits-and-lockout.md):
 * - `address`: the caller's address. Calls anyone may make (logins, captcha, ticket login) count here whatever
 *   token rides along, so a pile of valid session tokens buys no extra attempts.
 * - `account`: the signed-in account (its player id; every agent is one player), so every session of one account
 *   shares one budget. A request without a valid session falls back to its address (it is refused anyway).
 */
export type RateLimitKey = 'address' | 'account';

const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;
const byAccount = (request: FastifyRequest) =>
  request.session ? `acct:${request.session.playerId}` : byAddress(request);

export const rateLimitKeyGenerator = (key: RateLimitKey) => (key === 'account' ? byAccount : byAddress);

/**
 * The prefix of this deployment's counters in Redis: RATE_LIMIT_PREFIX, or else one derived from the database the
 * deployment runs on (server, port and database name of DATABASE_URL, not its credentials; or this host and the
 * embedded data folder). Every instance of one deployment shares it; two deployments sharing a Redis never do.
 */
export function rateLimitPrefix(config: Pick<Config, 'database'> & { rateLimitPrefix?: string }): string {
  if (config.rateLimitPrefix) return `${config.rateLimitPrefix}:`;
  let identity: string;
  if (config.database.kind === 'url') {
    // A socket's folder (`?host=/run/postgresql`) names the server as a host name does.
    identity = `pg:${databaseAddress(config.database.url)}`;
  } else {
    identity = `embedded:${hostname()}:${config.database.dataDir}`;
  }
  return `promoter-rl:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}:`;
}

type Counted = { current: number; ttl: number };
type Counting = (error: Error | null, result?: Counted) => void;
type RouteOf = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * The counters in Redis while it answers, this process's own while it does not (decision 033): a Redis that goes
 * away costs the deployment its shared counts (each instance then counts alone, as without REDIS_URL), never its
 * logins and money calls. Redis's own store is asked only when its connection is ready; a command that fails then
 * counts here too.
 */
class SharedOrOwnStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: FastifyRateLimitStore,
    private readonly own: FastifyRateLimitStore,
    private readonly onFailure: (error: Error) => void,
  ) {}

  incr(key: string, counted: Counting, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') return this.own.incr(key, counted, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return counted(null, result);
        this.onFailure(error);
        this.own.incr(key, counted, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(route: RouteOf): FastifyRateLimitStore {
    return new SharedOrOwnStore(this.redis, this.shared.child(route), this.own.child(route), this.onFailure);
  }
}

/** The rate limits' Redis connection, and what reports a command of it that failed. */
interface SharedCounters {
  redis: Redis;
  commandFailed: (error: Error) => void;
  /** Settles once the first connection is ready, has failed, or took longer than its time-out. */
  firstAttempt: Promise<void>;
}

/** How long a connection to Redis may take before it counts as failed. */
const CONNECT_TIMEOUT_MS = 2000;

/**
 * Connects the rate limits' Redis: commands fail at once while it is down (no queue that would hold a login until
 * Redis is back) or after half a second without an answer. Its outage is logged once and its return once; commands
 * failing on a connection that stays up, at most once a minute.
 */
function connectSharedCounters(url: string, log: FastifyBaseLogger): SharedCounters {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { reason: error.message },
      'rate-limit Redis unreachable: counting in this process until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('rate-limit Redis is back: counting there again');
  });
  let lastReport = 0;
  const commandFailed = (error: Error) => {
    if (Date.now() - lastReport < 60_000) return;
    lastReport = Date.now();
    log.warn({ reason: error.message }, 'rate-limit Redis command failed: counted in this process');
  };
  const firstAttempt = new Promise<void>((resolve) => {
    const timer = setTimeout(settle, CONNECT_TIMEOUT_MS + 500);
    function settle() {
      clearTimeout(timer);
      redis.off('ready', settle).off('error', settle);
      resolve();
    }
    redis.once('ready', settle).once('error', settle);
  });
  return { redis, commandFailed, firstAttempt };
}

/** The store @fastify/rate-limit makes with its options: Redis's under `namespace` (the keys as its own), else ours. */
function sharedOrOwnStore(
  { redis, commandFailed }: SharedCounters,
  namespace: string,
): FastifyRateLimitStoreCtor {
  return class extends SharedOrOwnStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin's settings, as it hands them to a store it makes itself (both false here).
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, namespace),
        new LocalStore(continueExceeding, exponentialBackoff),
        commandFailed,
      );
    }
  };
}

/**
 * Rate limits are opt-in per route (login, captcha, money calls). With REDIS_URL the counters live in Redis, so
 * every instance behind a load balancer shares them (each counting alone while Redis is away: SharedOrOwnStore);
 * without it they are per process (a single instance). In Redis every key starts with the deployment's prefix
 * (RATE_LIMIT_PREFIX, by default derived from its database), so two deployments sharing one Redis never count each
 * other's calls.
 */
export const rateLimitPlugin = fp(async function rateLimitPlugin(app, options: { namespace: string }) {
  const shared = app.config.redisUrl ? connectSharedCounters(app.config.redisUrl, app.log) : undefined;
  // The first calls count in Redis too: a start waits for its connection (or its failure) before it serves, or the
  // calls made while it connects would count in this process only and never reach the shared budget.
  await shared?.firstAttempt;
  // quit() needs the connection; while Redis is away it is dropped instead (no reconnecting after the close).
  if (shared)
    app.addHook(
      'onClose',
      async () => void (await shared.redis.quit().catch(() => shared.redis.disconnect())),
    );
  await app.register(rateLimit, {
    global: false,
    // Without REDIS_URL, the library's own store in this process.
    ...(shared ? { store: sharedOrOwnStore(shared, options.namespace) } : {}),
    // Routes say what they count (http/route.ts); anything else counts per address.
    keyGenerator: byAddress,
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`rate limited, retry in ${context.after}`) as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });
});
