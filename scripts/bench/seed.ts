// The bench's data, written straight in SQL (generate_series) so a million rows take seconds:
// - the sellers: AGENTS agents of level 1, each with PLAYERS bound players (each with a diamond account), funded
//   with diamonds by a purchase entry and with a profit entry today (getUser's figures), one session each;
// - the reader: one agent whose diamond account has ENTRIES ledger entries over the past (the bill list);
// - the team: one agent of level 1 with DOWNLINE agents below it (children of level 2, each with grandchildren of
//   level 3: the tree is at most three deep), for the tree and the children list.
// Every account's entries sum to its value and each entry's `after` is the running total: the ledger's invariants
// hold before the load, so a break after it is the load's.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

export interface SeedSize {
  agents: number;
  playersPerAgent: number;
  entries: number;
  downline: number;
  /** Direct children of the team's root; the rest of the downline is spread below them. */
  children: number;
}

/** Ids the load and pgbench derive their requests from. */
export interface Seeded {
  /** Session tokens are `${tokenPrefix}${agentId}`: pgbench rebuilds them in SQL. */
  tokenPrefix: string;
  firstAgent: number;
  firstPlayer: number;
  agents: { agentId: number; token: string; players: number[] }[];
  billAgent: { agentId: number; token: string };
  teamRoot: { agentId: number; token: string };
  fundedDiamonds: number;
  seconds: number;
}

const FIRST_AGENT = 10_001;
const FIRST_BOUND_PLAYER = 1_000_001;
const BILL_AGENT = 90_001;
const BILL_PLAYER = 900_001;
const TEAM_ROOT = 200_001;
const TEAM_PLAYER_BASE = 3_000_000;
const FUNDED_DIAMONDS = 100_000_000;
const TODAY_PROFIT_FEN = 12_345;

export async function seed(db: Db, size: SeedSize, log: (line: string) => void): Promise<Seeded> {
  const started = performance.now();
  // A random part per run: a token of one run opens nothing in another.
  const tokenPrefix = `bench${randomBytes(16).toString('hex')}-`;
  const { agents: A, playersPerAgent: P } = size;

  log(`seeding ${A} agents x ${P} players, their accounts and sessions...`);
  await db.execute(sql`
    insert into players (id, nickname, avatar)
    select g, 'agent ' || g, '' from generate_series(1, ${A}::int) g`);
  await db.execute(sql`
    insert into agents (id, player_id, level, status, created_at)
    select ${FIRST_AGENT - 1}::int + g, g, 1, 'active', now() - interval '300 days'
    from generate_series(1, ${A}::int) g`);
  await db.execute(sql`
    insert into players (id, nickname, avatar, bound_agent_id, bound_at)
    select ${FIRST_BOUND_PLAYER - 1}::int + g, 'player ' || g, '',
           ${FIRST_AGENT}::int + (g - 1) / ${P}::int, now() - interval '30 days'
    from generate_series(1, ${A * P}::int) g`);
  // Accounts: each agent's balance and diamonds (one entry each, counted), each player's diamonds (open already, as
  // after a first recharge).
  await db.execute(sql`
    insert into accounts (owner_type, owner_id, currency, value, entry_count)
    select 'agent', ${FIRST_AGENT - 1}::int + g, c.currency, c.value, 1
    from generate_series(1, ${A}::int) g,
         (values ('balance', ${TODAY_PROFIT_FEN}::bigint), ('diamonds', ${FUNDED_DIAMONDS}::bigint)) c(currency, value)`);
  await db.execute(sql`
    insert into accounts (owner_type, owner_id, currency, value)
    select 'player', ${FIRST_BOUND_PLAYER - 1}::int + g, 'diamonds', 0 from generate_series(1, ${A * P}::int) g`);
  await db.execute(sql`
    insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, memo, memo_key, memo_params)
    select a.id, a.value, a.value, case a.currency when 'diamonds' then 1 else 5 end, 'bench', a.owner_id::text, '',
           case a.currency when 'diamonds' then 'memoPurchase' else 'memoChildPurchaseProfit' end,
           case a.currency when 'diamonds' then jsonb_build_object('goods', '钻石', 'quantity', a.value)
                else jsonb_build_object('agentId', a.owner_id) end
    from accounts a where a.owner_type = 'agent' and a.owner_id between ${FIRST_AGENT}::int and ${FIRST_AGENT + A - 1}::int
    order by a.id`);

  log(`seeding one agent's ${size.entries.toLocaleString('en')} ledger entries...`);
  await db.execute(sql`insert into players (id, nickname) values (${BILL_PLAYER}, 'bench reader')`);
  await db.execute(
    sql`insert into agents (id, player_id, level, created_at) values (${BILL_AGENT}, ${BILL_PLAYER}, 1, now() - interval '400 days')`,
  );
  const account = await db.execute<{ id: number }>(sql`
    insert into accounts (owner_type, owner_id, currency) values ('agent', ${BILL_AGENT}, 'diamonds') returning id`);
  const accountId = account.rows[0]?.id as number;
  // A year of history, one entry every 30 s: credits (transfers in) and recharges, `after` the running total; every
  // memo a key with parameters, translated for each reader as live entries are.
  await db.execute(sql`
    insert into ledger_entries
      (account_id, amount, after, bill_type, ref_type, ref_id, memo, memo_key, memo_params, created_at)
    select ${accountId}::int, case when g % 3 = 0 then -1 else 2 end,
           sum(case when g % 3 = 0 then -1 else 2 end) over (order by g),
           case when g % 3 = 0 then 2 else 4 end, 'bench', g::text as ref_id, '',
           case when g % 3 = 0 then 'memoRechargePlayer' else 'memoTransferFromParent' end,
           case when g % 3 = 0 then jsonb_build_object('nickname', 'bench player', 'playerId', 2)
                else jsonb_build_object('agentId', 10001) end,
           now() - make_interval(secs => (${size.entries}::int - g) * 30)
    from generate_series(1, ${size.entries}::int) g
    order by g -- the series: no output column is named g (g::text is named ref_id)
  `);
  await db.execute(sql`
    update accounts set (value, entry_count) =
      (select coalesce(sum(amount), 0), count(*) from ledger_entries where account_id = ${accountId}::int)
    where id = ${accountId}::int`);

  const children = Math.max(1, Math.min(size.children, size.downline));
  const perChild = Math.floor((size.downline - children) / children);
  log(
    `seeding a downline of ${size.downline.toLocaleString('en')} agents (${children} children, ~${perChild} below each)...`,
  );
  // Root: k = 0; children: k = 1..children; grandchildren: k = children + 1..downline, spread over the children.
  await db.execute(sql`
    insert into players (id, nickname, avatar)
    select ${TEAM_PLAYER_BASE}::int + k, 'team ' || k, '' from generate_series(0, ${size.downline}::int) k`);
  await db.execute(sql`
    insert into agents (id, player_id, level, parent_id, status, created_at)
    select ${TEAM_ROOT}::int + k, ${TEAM_PLAYER_BASE}::int + k,
           case when k = 0 then 1 when k <= ${children}::int then 2 else 3 end,
           case when k = 0 then null
                when k <= ${children}::int then ${TEAM_ROOT}::int
                else ${TEAM_ROOT}::int + 1 + (k - ${children}::int - 1) % ${children}::int end,
           'active', now() - make_interval(secs => (${size.downline}::int - k) * 60)
    from generate_series(0, ${size.downline}::int) k`);

  // Sessions: one per seller, the reader's, the team root's. Tokens hashed as the server does (SHA-256 hex).
  await db.execute(sql`
    insert into sessions (token_hash, player_id, agent_id, expires_at)
    select encode(sha256(convert_to(${tokenPrefix}::text || a.id, 'UTF8')), 'hex'), a.player_id, a.id,
           now() + interval '7 days'
    from agents a
    where a.id between ${FIRST_AGENT}::int and ${FIRST_AGENT + A - 1}::int or a.id in (${BILL_AGENT}::int, ${TEAM_ROOT}::int)`);
  log('vacuum analyze...');
  // What autovacuum does on a live system: statistics, and the visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);

  const agents = Array.from({ length: A }, (_, i) => {
    const agentId = FIRST_AGENT + i;
    return {
      agentId,
      token: `${tokenPrefix}${agentId}`,
      players: Array.from({ length: P }, (_, j) => FIRST_BOUND_PLAYER + i * P + j),
    };
  });
  return {
    tokenPrefix,
    firstAgent: FIRST_AGENT,
    firstPlayer: FIRST_BOUND_PLAYER,
    agents,
    billAgent: { agentId: BILL_AGENT, token: `${tokenPrefix}${BILL_AGENT}` },
    teamRoot: { agentId: TEAM_ROOT, token: `${tokenPrefix}${TEAM_ROOT}` },
    fundedDiamonds: FUNDED_DIAMONDS,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Counts that prove the recharges happened as answered: rows and entries written since `before`. */
export async function rechargeCounts(db: Db): Promise<{ recharges: number; entries: number; keys: number }> {
  const result = await db.execute<{ recharges: number; entries: number; keys: number }>(sql`
    select (select count(*) from recharges)::int as recharges,
           (select count(*) from ledger_entries where ref_type = 'recharge')::int as entries,
           (select count(*) from idempotency_keys where operation = 'recharge')::int as keys`);
  return result.rows[0] as { recharges: number; entries: number; keys: number };
}

/**
 * After the money runs: what autovacuum would do soon after so many writes (statistics, the visibility map), done
 * now, so the next measure is not run while an automatic ANALYZE of the ledger changes its plans midway.
 */
export async function vacuumAfterWrites(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze ledger_entries, accounts, recharges, idempotency_keys, sessions`);
}

/**
 * The cursor the client holds when it asks for `page` of an agent's diamonds by scrolling: the id of the last entry
 * of the page before (newest first, as the bill list orders them).
 */
export async function billCursor(db: Db, agentId: number, page: number, pageSize: number): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    select e.id::text as id from ledger_entries e
     where e.account_id = (select id from accounts where owner_type = 'agent' and owner_id = ${agentId} and currency = 'diamonds')
     order by e.created_at desc, e.id desc offset ${(page - 1) * pageSize - 1} limit 1`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no entry before page ${page} of agent ${agentId}`);
  return id;
}
