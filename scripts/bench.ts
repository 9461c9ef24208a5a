// `npm run bench`: the server on a real PostgreSQL (embedded, or BENCH_DATABASE_URL), one agent with a million
// ledger entries, then latency and throughput of the hot calls over HTTP on loopback. Bounded: a fixed number of
// requests per scenario. Writes artifacts/bench.json.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { connect, runMigrations } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { accounts, agents, players } from '../apps/server/src/db/schema';
import { createSession } from '../apps/server/src/modules/auth/session-service';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-bench-'));
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir });
  const serverUrl = process.env.BENCH_DATABASE_URL ?? (embedded as { url: string }).url;
  const dbName = `promoter_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const database = connect(url.toString(), 20);
  await runMigrations(database.db);
  const db = database.db;

  console.log(`seeding one agent with ${ENTRIES.toLocaleString()} ledger entries...`);
  const started = Date.now();
  await db.insert(players).values([
    { id: 1, nickname: 'bench agent' },
    { id: 2, nickname: 'bench player' },
  ]);
  const [agent] = await db.insert(agents).values({ playerId: 1, level: 1 }).returning({ id: agents.id });
  const agentId = (agent as { id: number }).id;
  const [diamondAccount] = await db
    .insert(accounts)
    .values({ ownerType: 'agent', ownerId: agentId, currency: 'diamonds' })
    .returning({ id: accounts.id });
  const accountId = (diamondAccount as { id: number }).id;
  // A year of history: credits (type 4) and recharges (type 2), the running total kept in `after`; every memo
  // a key with parameters, translated for each reader as live entries are.
  await db.execute(sql`
    insert into ledger_entries
      (account_id, amount, after, bill_type, ref_type, ref_id, memo, memo_key, memo_params, created_at)
    select ${accountId}, case when g % 3 = 0 then -1 else 2 end,
           sum(case when g % 3 = 0 then -1 else 2 end) over (order by g),
           case when g % 3 = 0 then 2 else 4 end, 'bench', g::text, '',
           case when g % 3 = 0 then 'memoRechargePlayer' else 'memoTransferFromParent' end,
           case when g % 3 = 0 then jsonb_build_object('nickname', 'bench player', 'playerId', 2)
                else jsonb_build_object('agentId', 10001) end,
           now() - make_interval(secs => (${ENTRIES} - g) * 30)
    from generate_series(1, ${ENTRIES}) g`);
  await db.execute(
    sql`update accounts set value = (select coalesce(sum(amount), 0) from ledger_entries where account_id = ${accountId}) where id = ${accountId}`,
  );
  // What autovacuum does on a live system: statistics and the visibility map for index-only scans.
  await db.execute(sql`vacuum analyze ledger_entries`);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const token = await createSession(db, { playerId: 1, agentId }, 24);
  const headers = { 'content-type': 'application/json', 'xx-token': token, 'x-lang': 'en' };
  // Money calls are limited per session (120 a minute, like a person); the write scenario spreads its requests
  // over enough sessions to measure the server, not the limiter.
  const writers = await Promise.all(
    Array.from({ length: Math.ceil(REQUESTS / 100) }, () => createSession(db, { playerId: 1, agentId }, 24)),
  );

  async function scenario(name: string, request: (i: number) => Promise<Response>) {
    const latencies: number[] = [];
    let failures = 0;
    let next = 0;
    const begin = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const i = next++;
          const t0 = performance.now();
          const response = await request(i);
          const body = (await response.json()) as { code: number };
          latencies.push(performance.now() - t0);
          if (body.code !== 1) failures++;
        }
      }),
    );
    const seconds = (performance.now() - begin) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      Number(
        (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(2),
      );
    return {
      name,
      requests: latencies.length,
      failures,
      rps: Math.round(latencies.length / seconds),
      p50: pct(50),
      p95: pct(95),
      p99: pct(99),
    };
  }

  const get = (p: string) => fetch(`${base}/${p}`, { headers });
  const results = [
    await scenario('getUser (today figures over 1M entries)', () => get('agent/user/getUser')),
    await scenario('bill page 1 (newest 20 of 1M)', () =>
      get('agent/user/bill?currency=2&page=1&pageSize=20'),
    ),
    await scenario('bill page 500, type filter', () =>
      get('agent/user/bill?currency=2&billType=2&page=500&pageSize=20'),
    ),
    await scenario('bill one month range', () =>
      get(
        `agent/user/bill?currency=2&from=${encodeURIComponent(new Date(Date.now() - 30 * 86400_000).toISOString())}&page=1&pageSize=20`,
      ),
    ),
    await scenario('recentBill', () => get('agent/user/recentBill?limit=10')),
    await scenario('recharge (idempotent, ledger write)', (i) =>
      fetch(`${base}/agent/index/recharge`, {
        method: 'POST',
        headers: { ...headers, 'xx-token': writers[i % writers.length] as string },
        body: JSON.stringify({ playerId: 2, diamonds: 1, requestId: randomUUID() }),
      }),
    ),
  ];
  console.table(results);
  await fs.mkdir('artifacts', { recursive: true });
  await fs.writeFile(
    'artifacts/bench.json',
    JSON.stringify({ entries: ENTRIES, concurrency: CONCURRENCY, results }, null, 2),
  );

  await app.close();
  await database.close();
  if (embedded) {
    await embedded.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  } else {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database ${dbName} with (force)`);
    await cleanup.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
