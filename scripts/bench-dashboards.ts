// `npx tsx scripts/bench-dashboards.ts`: the agent dashboards (decision 020) on a year of history. One agent
// with BENCH_ENTRIES (default 200,000) ledger entries over the last 365 days (recharges with their records,
// transfers to its children, purchases and profits with their orders), 550 agents below it, 2,000 bound players and
// 50,000 invite opens, beside another agent with as much history (which the indexes must skip). Each dashboard is
// asked for today, 7 days, 30 days and a whole year through the app (inject: no network), a few times each; the
// plans of the year-long queries are printed (auto_explain, ANALYZE and BUFFERS). On a real PostgreSQL: the embedded
// one, or BENCH_DATABASE_URL. Measures, asserts nothing: a machine's load changes the numbers, not the plans.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { connect, runMigrations, type Db } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { createSession } from '../apps/server/src/modules/auth/session-service';
import { salesDashboard } from '../apps/server/src/modules/dashboards/sales-queries';
import { inviteDashboard } from '../apps/server/src/modules/dashboards/invite-service';
import { teamDashboard } from '../apps/server/src/modules/dashboards/team-queries';
import { planDashboard } from '../apps/server/src/modules/dashboards/plan-queries';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** One agent's year: its id, its player's, and (for the noise) how its tables are filled. */
async function seedAgentYear(db: Db, first: boolean): Promise<{ agentId: number; playerId: number }> {
  const base = first ? 1_000_000 : 2_000_000;
  const playerId = base;
  await db.execute(sql`insert into players (id, nickname) values (${playerId}, 'bench agent')`);
  const agent = await db.execute<{ id: number }>(
    sql`insert into agents (player_id, level, created_at) values (${playerId}, 1, now() - interval '400 days') returning id`,
  );
  const agentId = (agent.rows[0] as { id: number }).id;
  // 2,000 players bound over the year; 50 children (each with 10 of its own) joined over the year.
  await db.execute(sql`
    insert into players (id, nickname, bound_agent_id, bound_at)
    select ${base} + g, 'player ' || g, ${agentId}, now() - make_interval(secs => g * 15768)
    from generate_series(1, 2000) g`);
  await db.execute(sql`
    insert into players (id, nickname) select ${base} + 10000 + g, 'sub-agent ' || g from generate_series(1, 550) g`);
  await db.execute(sql`
    insert into agents (player_id, level, parent_id, created_at)
    select ${base} + 10000 + g, 2, ${agentId}, now() - make_interval(days => g * 7) from generate_series(1, 50) g`);
  await db.execute(sql`
    insert into agents (player_id, level, parent_id, created_at)
    select ${base} + 10050 + g, 3, c.id, now() - make_interval(hours => g * 15)
    from generate_series(1, 500) g
    join lateral (select id from agents where parent_id = ${agentId} order by id offset (g % 50) limit 1) c on true`);
  const accounts = await db.execute<{ id: number; currency: string }>(sql`
    insert into accounts (owner_type, owner_id, currency)
    values ('agent', ${agentId}, 'balance'), ('agent', ${agentId}, 'diamonds') returning id, currency`);
  const balance = accounts.rows.find((r) => r.currency === 'balance')?.id as number;
  const diamonds = accounts.rows.find((r) => r.currency === 'diamonds')?.id as number;

  // The shop's goods, then the orders: the agent's own purchases and its children's (whose profit it earned).
  await db.execute(sql`
    insert into goods_categories (name) select 'bench' where not exists (select 1 from goods_categories)`);
  await db.execute(sql`
    insert into goods (category_id, name, diamonds)
    select (select min(id) from goods_categories), '1000', 1000 where not exists (select 1 from goods)`);
  const purchases = Math.round(ENTRIES * 0.025);
  const profits = Math.round(ENTRIES * 0.125);
  const transfers = Math.round(ENTRIES * 0.1);
  const recharges = ENTRIES - purchases - transfers;
  const secondsPerYear = 365 * 86_400;
  await db.execute(sql`
    insert into orders (id, player_id, agent_id, request_id, goods_id, goods_name, quantity, diamonds,
      unit_price_fen, amount_fen, status, pricing, provider, created_at, expires_at, paid_at)
    select 'B' || ${agentId} || '-' || g, ${playerId}, ${agentId}, gen_random_uuid()::text, (select min(id) from goods),
      '1000', 1, 1000, 50, 50000, 'paid',
      jsonb_build_object('buyer', 'agent', 'chain', jsonb_build_array(jsonb_build_object('agentId', ${agentId}::int, 'priceFen', 50))),
      'sandbox', t, t + interval '15 minutes', t
    from generate_series(1, ${purchases}) g, lateral (select now() - make_interval(secs => g * ${secondsPerYear / purchases}::float8)) s(t)`);
  await db.execute(sql`
    insert into orders (id, player_id, agent_id, request_id, goods_id, goods_name, quantity, diamonds,
      unit_price_fen, amount_fen, status, pricing, provider, created_at, expires_at, paid_at)
    select 'C' || ${agentId} || '-' || g, c.player_id, c.id, gen_random_uuid()::text, (select min(id) from goods),
      '1000', 1, 1000, 60, 60000, 'paid',
      jsonb_build_object('buyer', 'agent', 'chain', jsonb_build_array(
        jsonb_build_object('agentId', c.id, 'priceFen', 60), jsonb_build_object('agentId', ${agentId}::int, 'priceFen', 50))),
      'sandbox', t, t + interval '15 minutes', t
    from generate_series(1, ${profits}) g
    join lateral (select id, player_id from agents where parent_id = ${agentId} order by id offset (g % 50) limit 1) c on true,
    lateral (select now() - make_interval(secs => g * ${secondsPerYear / profits}::float8)) s(t)`);
  await db.execute(sql`
    insert into recharges (agent_id, player_id, diamonds, created_at)
    select ${agentId}, ${base} + 1 + (g % 2000), 10 + g % 90, now() - make_interval(secs => g * ${secondsPerYear / recharges}::float8)
    from generate_series(1, ${recharges}) g`);

  // The ledger: a stock credited first, then every movement; `after` is the running total.
  await db.execute(sql`
    insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, counterparty_type, counterparty_id, created_at)
    select ${diamonds}, amount, sum(amount) over (order by created_at, k), bill_type, ref_type, ref_id, cp_type, cp_id, created_at
    from (
      select 0 as k, 100000000::bigint as amount, 9 as bill_type, 'adjustment' as ref_type, 'stock' as ref_id,
        null::text as cp_type, null::int as cp_id, now() - interval '366 days' as created_at
      union all
      select 1, -r.diamonds, 2, 'recharge', r.id::text, 'player', r.player_id, r.created_at
      from recharges r where r.agent_id = ${agentId}
      union all
      select 2, -(100 + g % 400), 3, 'transfer', 'bench-' || g, 'agent', c.id,
        now() - make_interval(secs => g * ${secondsPerYear / transfers}::float8)
      from generate_series(1, ${transfers}) g
      join lateral (select id from agents where parent_id = ${agentId} order by id offset (g % 50) limit 1) c on true
      union all
      select 3, o.diamonds, 1, 'order', o.id, null, null, o.paid_at from orders o where o.id like ${`B${agentId}-%`}
    ) x`);
  await db.execute(sql`
    insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, counterparty_type, counterparty_id, created_at)
    select ${balance}, 10000, sum(10000) over (order by o.paid_at, o.id), 5, 'order', o.id, 'agent', o.agent_id, o.paid_at
    from orders o where o.id like ${`C${agentId}-%`}`);
  await db.execute(sql`
    update accounts a set (value, entry_count) = (select coalesce(sum(amount), 0), count(*) from ledger_entries where account_id = a.id)
    where a.id in (${balance}, ${diamonds})`);
  await db.execute(sql`
    insert into invite_opens (agent_id, visitor_hash, created_at)
    select ${agentId}, md5((g % 20000)::text), now() - make_interval(secs => g * ${secondsPerYear / 50_000}::float8)
    from generate_series(1, 50000) g`);
  return { agentId, playerId };
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-bench-dash-'));
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir });
  const serverUrl = process.env.BENCH_DATABASE_URL ?? (embedded as { url: string }).url;
  const dbName = `promoter_bench_dash_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const database = connect(url.toString(), 10);
  const db = database.db;
  try {
    await runMigrations(db);
    const started = Date.now();
    console.log(`seeding two agents with ${ENTRIES.toLocaleString()} ledger entries each over a year...`);
    const agent = await seedAgentYear(db, true);
    await seedAgentYear(db, false);
    await db.execute(sql`vacuum analyze`);
    const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries`);
    console.log(
      `seeded ${counted.rows[0]?.n.toLocaleString()} entries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const config = parseConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://127.0.0.1',
      GAME_API_SECRET: 'bench-game-secret-0123456789',
      APP_SECRET: 'bench-app-secret-0123456789',
      PAYOUT_ENCRYPTION_KEY: '5a'.repeat(32),
    });
    const app = await buildApp({ config, db, logger: false, rateLimitNamespace: `bench-${Date.now()}:` });
    await app.ready();
    const token = await createSession(db, { playerId: agent.playerId, agentId: agent.agentId }, 24);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const periods: [string, string][] = [
      ['today', 'period=today'],
      ['7 days', 'period=7d'],
      ['30 days', 'period=30d'],
      ['366 days', `period=custom&from=${addDays(today, -365)}&to=${today}`],
    ];
    const rows: Record<string, string | number>[] = [];
    for (const name of ['ecommerce', 'webAnalytics', 'agency', 'saas']) {
      const row: Record<string, string | number> = { dashboard: name };
      for (const [label, query] of periods) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t0 = performance.now();
          const response = await app.inject({
            method: 'GET',
            url: `/api/agent/dashboard/${name}?${query}`,
            headers: { 'xx-token': token },
          });
          times.push(performance.now() - t0);
          const body = response.json() as { code: number; msg: string };
          if (body.code !== 1) throw new Error(`${name} ${label}: ${body.msg}`);
        }
        times.sort((a, b) => a - b);
        row[`${label} (median ms)`] = Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(1));
      }
      rows.push(row);
    }
    console.table(rows);
    await app.close();

    // The plans of a year, as PostgreSQL ran them: auto_explain on one connection, its output sent as notices.
    const explained = connect(url.toString(), 1);
    const notices: string[] = [];
    explained.pool.on('connect', (client) => {
      client.on('notice', (notice) => notices.push(notice.message ?? ''));
    });
    await explained.db.execute(sql`load 'auto_explain'`);
    for (const setting of [
      sql`set auto_explain.log_min_duration = 0`,
      sql`set auto_explain.log_analyze = on`,
      sql`set auto_explain.log_buffers = on`,
      sql`set auto_explain.log_timing = on`,
      sql`set auto_explain.log_level = notice`,
      sql`set client_min_messages = notice`,
    ])
      await explained.db.execute(setting);
    const year = { period: 'custom' as const, from: addDays(today, -365), to: today };
    await salesDashboard(explained.db, agent.agentId, year);
    await inviteDashboard(explained.db, agent.agentId, year);
    await teamDashboard(explained.db, agent.agentId, { ...year, rankBy: 'profit' });
    await planDashboard(explained.db, agent.agentId, year);
    for (const notice of notices.filter((n) => /ledger_entries|invite_opens|recursive/.test(n)))
      console.log(`\n${notice}`);
    await explained.close();
  } finally {
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
