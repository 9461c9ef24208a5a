import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Rate limits are opt-in per route (login, captcha, money calls). With REDIS_URL the counters live in Redis, so
 * every instance behind a load balancer shares them; without it they are per process (a single instance).
 */
export const rateLimitPlugin = fp(async (app, options: { namespace: string }) => {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: options.namespace,
    // Per address, and per session where there is one: a shared NAT does not lock out a whole office.
    keyGenerator: (request) => (request.session ? `s${request.session.sessionId}` : `ip${request.ip}`),
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`rate limited, retry in ${context.after}`) as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });
});
