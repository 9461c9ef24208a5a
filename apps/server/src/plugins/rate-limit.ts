import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config';

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
    const url = new URL(config.database.url);
    // A socket's folder (`?host=/run/postgresql`) names the server as a host name does.
    identity = `pg:${url.searchParams.get('host') ?? url.hostname}:${url.port || '5432'}${url.pathname}`;
  } else {
    identity = `embedded:${hostname()}:${config.database.dataDir}`;
  }
  return `promoter-rl:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}:`;
}

/**
 * Rate limits are opt-in per route (login, captcha, money calls). With REDIS_URL the counters live in Redis, so
 * every instance behind a load balancer shares them; without it they are per process (a single instance). In Redis
 * every key starts with the deployment's prefix (RATE_LIMIT_PREFIX, by default derived from its database), so two
 * deployments sharing one Redis never count each other's calls.
 */
export const rateLimitPlugin = fp(async function rateLimitPlugin(app, options: { namespace: string }) {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: options.namespace,
    // Routes say what they count (http/route.ts); anything else counts per address.
    keyGenerator: byAddress,
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`rate limited, retry in ${context.after}`) as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });
});
