// The stores @fastify/rate-limit ships (CommonJS constructors, no types of their own): the shared-or-own store in
// rate-limit.ts wraps them.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean) => FastifyRateLimitStore;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key: string,
  ) => FastifyRateLimitStore;
  export default RedisStore;
}
