// `npm run bench:reports`: the console's reports on a year of history, on a real PostgreSQL (embedded, or
// BENCH_DATABASE_URL). Seeds 2,000 agents, 20,000 players, REPORT_ENTRIES ledger entries (default 300,000) of every
// bill type spread over the last 365 days, 30,000 orders and 5,000 withdrawals; then times admin/reports/summary over
// a year, 30 days and a day (median of RUNS), and a CSV export of the whole ledger over HTTP (rows per second, the
// server's heap and RSS before and at most during it). Writes artifacts/bench-reports.json. A measure, not a test.
// BENCH_KEEP=1 keeps the database (with BENCH_DATABASE_URL) to look at its query plans.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { connect, runMigrations } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { operators } from '../apps/server/src/db/schema';
import { createOperatorSession } from '../apps/server/src/modules/operators/operator-session-service';

const ENTRIES = Number(process.env.REPORT_ENTRIES ?? 300_000);
const RUNS = Number(process.env.REPORT_RUNS ?? 5);

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-bench-reports-'));
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir });
  const serverUrl = process.env.BENCH_DATABASE_URL ?? (embedded as { url: string }).url;
  const dbName = `promoter_bench_reports_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const database = connect(url.toString(), 10);
  await runMigrations(database.db);
  const db = database.db;

  console.log(`seeding a year: ${ENTRIES.toLocaleString()} ledger entries, orders, agents, players...`);
  const seeded = Date.now();
  await db.execute(sql`
    insert into players (id, nickname, created_at)
    select 100000 + g, 'player ' || g, now() - make_interval(secs => (g * 1571) % (365 * 86400))
    from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into agents (id, player_id, level, created_at)
    overriding system value
    select 10000 + g, 100000 + g, 1 + (g % 3), now() - make_interval(secs => (g * 7919) % (365 * 86400))
    from generate_series(1, 2000) g`);
  await db.execute(sql`
    insert into accounts (owner_type, owner_id, currency, value)
    select 'agent', 10000 + g, c, 0 from generate_series(1, 2000) g, unnest(array['balance', 'diamonds']) c
    union all
    select 'player', 100000 + g, 'diamonds', 0 from generate_series(2001, 20000) g`);
  // Entries of types 1-9 on agents' and players' accounts, at random times of the year; the values follow.
  await db.execute(sql`
    insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, memo, created_at)
    select a.id, x.amount, 0, t.bill_type, 'bench', g::text, '', now() - make_interval(secs => (g::bigint * 104729) % (365 * 86400))
    from generate_series(1, ${ENTRIES}::int) g
    cross join lateral (select
      case g % 9 when 0 then 1 when 1 then 2 when 2 then 2 when 3 then 3 when 4 then 5 when 5 then 6
        when 6 then 8 when 7 then 1 else 4 end as bill_type) t
    cross join lateral (select case
      when t.bill_type in (1, 4) then 10 + g % 500
      when t.bill_type in (2, 3) then -(1 + g % 50)
      when t.bill_type = 5 then 100 + g % 5000
      when t.bill_type = 6 then -(10000 + g % 10000)
      else 5 end as amount) x
    join accounts a on a.id = case
      when t.bill_type = 1 and g % 2 = 0 then 4001 + g % 18000
      when t.bill_type in (5, 6) then 1 + 2 * (g % 2000)
      else 2 + 2 * (g % 2000) end`);
  await db.execute(sql`
    update accounts set value = s.total + 1000000, entry_count = s.entries
    from (select account_id, sum(amount) as total, count(*) as entries from ledger_entries group by account_id) s
    where s.account_id = accounts.id`);
  await db.execute(sql`
    insert into goods_categories (id, name) values (1, 'bench');
    insert into goods (id, category_id, name, diamonds) values (1, 1, '1000 钻石', 1000)`);
  await db.execute(sql`
    insert into orders (id, player_id, agent_id, request_id, goods_id, goods_name, quantity, diamonds, unit_price_fen,
      amount_fen, status, provider, created_at, expires_at, paid_at)
    select 'B' || g, 100000 + 1 + g % 2000, case when g % 3 = 0 then null else 10000 + 1 + g % 2000 end, 'r' || g, 1,
      '1000 钻石', 1, 1000, 60, 60000, case when g % 10 = 0 then 'expired' else 'paid' end, 'sandbox',
      now() - make_interval(secs => (g * 7727) % (365 * 86400)), now(),
      case when g % 10 = 0 then null else now() - make_interval(secs => (g * 7727) % (365 * 86400)) end
    from generate_series(1, 30000) g`);
  await db.execute(sql`
    insert into withdrawals (agent_id, amount_fen, fee_fen, status, account_type, account_name, created_at, settled_at)
    select 10000 + 1 + g % 2000, 10000 + g, 0, (array['pending', 'approved', 'paid', 'paid', 'rejected'])[1 + g % 5],
      'alipay', 'n', now() - make_interval(secs => (g * 6151) % (365 * 86400)),
      case when g % 5 in (2, 3) then now() - make_interval(secs => (g * 6151) % (365 * 86400)) end
    from generate_series(1, 5000) g`);
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    GAME_API_SECRET: 'bench-game-secret-0123456789',
    APP_SECRET: 'bench-app-secret-0123456789',
    PAYOUT_ENCRYPTION_KEY: '0'.repeat(64),
  });
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const [operator] = await db
    .insert(operators)
    .values({ name: 'bench', passwordHash: 'x', role: 'owner', totpSecret: 'x', mustChangePassword: false })
    .returning({ id: operators.id });
  const { token } = await createOperatorSession(db, (operator as { id: number }).id, '127.0.0.1');
  const headers = { 'x-operator-token': token };

  async function summary(query: string) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/admin/reports/summary?${query}`, { headers });
      const body = (await response.json()) as { code: number; msg: string };
      if (body.code !== 1) throw new Error(`summary ${query}: ${body.msg}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { query, medianMs: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(1)) };
  }
  const summaries = [await summary('days=366'), await summary('days=30'), await summary('days=1')];
  console.table(summaries);

  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 20);
  const t0 = performance.now();
  const response = await fetch(`${base}/admin/export/ledger`, { headers });
  let bytes = 0;
  let lines = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const exported = {
    rows: lines - 1,
    megabytes: Number((bytes / 1e6).toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    rowsPerSecond: Math.round((lines - 1) / seconds),
    heapGrowthMb: Number(((peakHeap - before.heapUsed) / 1e6).toFixed(1)),
    rssGrowthMb: Number(((peakRss - before.rss) / 1e6).toFixed(1)),
  };
  console.table([exported]);
  await fs.mkdir('artifacts', { recursive: true });
  await fs.writeFile(
    'artifacts/bench-reports.json',
    JSON.stringify({ entries: ENTRIES, runs: RUNS, summaries, export: exported }, null, 2),
  );

  await app.close();
  await database.close();
  if (process.env.BENCH_KEEP && !embedded) {
    console.log(`kept the database ${dbName}`);
  } else if (embedded) {
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
