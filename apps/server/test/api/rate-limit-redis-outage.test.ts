import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../src/db/embedded';
import { build, type TestApp } from '../helper';
import { api, cn } from './identity-support';

/**
 * Decision 033: a Redis that goes away costs the rate limits their shared counts, never the logins and money calls
 * they guard. Each instance then counts alone, as without REDIS_URL, and counts in Redis again once it is back.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** An address of its own per test, so counts of other tests or runs never mix in. */
const address = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

async function deployment(redisUrl: string): Promise<{ t: TestApp; log: string[] }> {
  const log: string[] = [];
  const t = await build({ REDIS_URL: redisUrl, LOG_LEVEL: 'info' }, undefined, undefined, {
    logStream: { write: (line) => void log.push(line) },
  });
  closers.push(() => t.close());
  return { t, log };
}

/** A wrong password for an agent that does not exist: 200 with a refusal while the budget lasts, then 429. */
const login = (t: TestApp, ip: string, i: number) =>
  api(t.app, 'loginById', { input: { agentId: 7_300_000 + i, password: 'guess' }, ip });

describe('rate limits when Redis is away', () => {
  it('answers logins and still limits them, in this process, when Redis never answers', async () => {
    const { t, log } = await deployment(`redis://127.0.0.1:${await freeLoopbackPort()}`);
    const ip = address();
    for (let i = 0; i < 20; i++) {
      const answer = await login(t, ip, i);
      expect(answer.status, `call ${i + 1}`).toBe(200);
      expect(answer.msg, `call ${i + 1}`).toBe(cn('wrongCredentials')); // the password refused, not a server error
    }
    expect((await login(t, ip, 20)).status).toBe(429);
    expect(log.filter((line) => line.includes('rate-limit Redis unreachable'))).toHaveLength(1);
  });
});

/**
 * A proxy in front of REDIS_URL on a port of its own, which a test cuts and restores (never the machine's Redis
 * itself); `delayMs` holds each new connection that long before it reaches Redis (a slow network or a busy machine;
 * under the 500 ms command time-out, or its first command, the ready check, never answers in time).
 */
async function redisProxy(delayMs = 0) {
  const target = new URL(process.env.REDIS_URL as string);
  const port = await freeLoopbackPort();
  const sockets = new Set<net.Socket>();
  const listen = () => {
    const proxy = net.createServer((client) => {
      client.pause();
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      setTimeout(() => client.pipe(upstream).pipe(client), delayMs);
    });
    return new Promise<net.Server>((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)));
  };
  const cut = async (proxy: net.Server) => {
    await new Promise((resolve) => {
      proxy.close(resolve);
      for (const socket of sockets) socket.destroy();
    });
  };
  return { url: `redis://127.0.0.1:${port}`, listen, cut };
}

/**
 * Redis going away and coming back, through a proxy in front of REDIS_URL that this test cuts and restores (never
 * the machine's Redis itself). Needs Redis: run with REDIS_URL (skipped without it).
 */
describe.skipIf(!process.env.REDIS_URL)('rate limits when Redis goes away and comes back', () => {
  it('counts in this process while it is away, and in Redis again once it is back', async () => {
    const { url, listen, cut } = await redisProxy();
    let proxy = await listen();
    closers.push(() => cut(proxy));
    const { t, log } = await deployment(url);
    const redis = new Redis(process.env.REDIS_URL as string);
    closers.push(async () => void (await redis.quit()));
    const keysOf = async (ip: string) => (await redis.keys(`*${ip}`)).length;
    /** Logs in from a new address until that address's count shows in Redis (its connection ready). */
    const countedInRedis = async () => {
      const ip = address();
      for (let i = 0; i < 15; i++) {
        expect((await login(t, ip, i)).status).toBe(200);
        if ((await keysOf(ip)) === 1) return true;
        await sleep(200);
      }
      return false;
    };

    expect(await countedInRedis()).toBe(true);

    await cut(proxy);
    const during = address();
    for (let i = 0; i < 20; i++) expect((await login(t, during, i)).status, `call ${i + 1}`).toBe(200);
    expect((await login(t, during, 20)).status).toBe(429); // still limited, in this process
    expect(await keysOf(during)).toBe(0);
    expect(log.filter((line) => line.includes('rate-limit Redis unreachable'))).toHaveLength(1);

    proxy = await listen();
    // ioredis tries again within two seconds.
    expect(await countedInRedis()).toBe(true);
    expect(log.some((line) => line.includes('rate-limit Redis is back'))).toBe(true);
  });
});

describe.skipIf(!process.env.REDIS_URL)('rate limits on a Redis slow to connect', () => {
  it('counts the first calls of a start in Redis, not in this process', async () => {
    const { url, listen, cut } = await redisProxy(400);
    const proxy = await listen();
    closers.push(() => cut(proxy));
    const { t } = await deployment(url);
    const redis = new Redis(process.env.REDIS_URL as string);
    closers.push(async () => void (await redis.quit()));
    const ip = address();
    for (let i = 0; i < 20; i++) expect((await login(t, ip, i)).status, `call ${i + 1}`).toBe(200);
    expect((await login(t, ip, 20)).status).toBe(429);
    // Every call, the first included, counted in the shared budget.
    const keys = await redis.keys(`*${ip}`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0] as string))).toBe(21);
  });
});
