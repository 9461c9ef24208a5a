import {
  fenToMoney,
  REPORT_DEFAULT_DAYS,
  REPORT_TOP_AGENTS,
  type TReportFigures,
  type TReportPeriod,
  type TReportSummary,
  type TTopAgent,
} from '@promoter/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { getPlatformTimeZone } from '../options/options-service';

/**
 * The console's dashboard (decision 018): what a period of the platform adds up to,
 * day by day in the platform's time zone, its top agents, and what is owed now. Everything is summed in PostgreSQL
 * (the indexes of migration 0011: ledger by type and time, orders by paid time, agents and players by creation time),
 * inside one read-only snapshot so the figures agree with each other.
 *
 * What each figure counts (the ledger is the source of every diamond and every fen):
 * - orders, sales: shop orders paid in the period (status paid; a held one is kept for a refund, not sold);
 * - diamondsToAgents: diamonds credited to agents' stock by a shop purchase (bill type 1) or an exchange of their
 *   balance (type 8); transfers between agents (3/4) move stock inside the network and are not sales;
 * - diamondsToPlayers: diamonds credited to players' game accounts by their agents' recharges (type 2) or their own
 *   shop purchases (type 1);
 * - newAgents, newPlayers: rows created in the period (an agent is a player too: it counts in both);
 * - profitPaid: type 5 credits (the differential profit and the players' commission);
 * - withdrawalsRequested: type 6 debits (the amount leaves the balance when applied for);
 * - withdrawalsPaid: withdrawals marked paid in the period, their amount as applied for (the fee included).
 * Manual adjustments (type 9) and refunds (type 7) are corrections: no figure counts them.
 */

type DayRow = {
  day: string;
  orders: number;
  sales: number;
  to_agents: number;
  to_players: number;
  new_agents: number;
  new_players: number;
  profit: number;
  requested: number;
  paid: number;
};

function figuresOf(row: Omit<DayRow, 'day'>): TReportFigures {
  return {
    orders: Number(row.orders),
    sales: fenToMoney(Number(row.sales)),
    diamondsToAgents: Number(row.to_agents),
    diamondsToPlayers: Number(row.to_players),
    newAgents: Number(row.new_agents),
    newPlayers: Number(row.new_players),
    profitPaid: fenToMoney(Number(row.profit)),
    withdrawalsRequested: fenToMoney(Number(row.requested)),
    withdrawalsPaid: fenToMoney(Number(row.paid)),
  };
}

/**
 * The period asked, as calendar days of the platform's time zone: `from`/`to`, or the last `days` days to today (the
 * dashboard's and the game's reconciliation's).
 */
export async function resolvePeriod(db: DbOrTx, timeZone: string, period: TReportPeriod) {
  if (period.from !== undefined && period.to !== undefined) return { from: period.from, to: period.to };
  const days = period.days ?? REPORT_DEFAULT_DAYS;
  const result = await db.execute<{ from: string; to: string }>(sql`
    select to_char((now() at time zone ${timeZone})::date - ${days - 1}::int, 'YYYY-MM-DD') as "from",
           to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as "to"`);
  const row = result.rows[0] as { from: string; to: string };
  return { from: row.from, to: row.to };
}

/** One row per day of the period, zeros where nothing happened (generate_series). */
async function dayFigures(db: DbOrTx, timeZone: string, from: string, to: string): Promise<DayRow[]> {
  const start = sql`(${from}::date::timestamp at time zone ${timeZone})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
  const dayOf = (column: ReturnType<typeof sql.raw>) => sql`(${column} at time zone ${timeZone})::date`;
  const result = await db.execute<DayRow>(sql`
    with days as (
      select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
    ),
    sales as (
      select ${dayOf(sql.raw('o.paid_at'))} as day, count(*)::int as orders, sum(o.amount_fen)::bigint as sales
      from orders o
      where o.paid_at >= ${start} and o.paid_at < ${end} and o.status = 'paid'
      group by 1
    ),
    moves as (
      select ${dayOf(sql.raw('e.created_at'))} as day,
        sum(e.amount) filter (
          where e.bill_type in (1, 8) and a.owner_type = 'agent' and a.currency = 'diamonds'
        )::bigint as to_agents,
        sum(e.amount) filter (where e.bill_type in (1, 2) and a.owner_type = 'player')::bigint as to_players,
        sum(e.amount) filter (where e.bill_type = 5)::bigint as profit,
        (-sum(e.amount) filter (where e.bill_type = 6))::bigint as requested
      from ledger_entries e
      join accounts a on a.id = e.account_id
      where e.bill_type in (1, 2, 5, 6, 8) and e.created_at >= ${start} and e.created_at < ${end}
      group by 1
    ),
    paid as (
      select ${dayOf(sql.raw('w.settled_at'))} as day, sum(w.amount_fen)::bigint as paid
      from withdrawals w
      where w.status = 'paid' and w.settled_at >= ${start} and w.settled_at < ${end}
      group by 1
    ),
    new_agents as (
      select ${dayOf(sql.raw('created_at'))} as day, count(*)::int as n
      from agents where created_at >= ${start} and created_at < ${end} group by 1
    ),
    new_players as (
      select ${dayOf(sql.raw('created_at'))} as day, count(*)::int as n
      from players where created_at >= ${start} and created_at < ${end} group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(sales.orders, 0) as orders, coalesce(sales.sales, 0) as sales,
      coalesce(moves.to_agents, 0) as to_agents, coalesce(moves.to_players, 0) as to_players,
      coalesce(new_agents.n, 0) as new_agents, coalesce(new_players.n, 0) as new_players,
      coalesce(moves.profit, 0) as profit, coalesce(moves.requested, 0) as requested,
      coalesce(paid.paid, 0) as paid
    from days
    left join sales using (day)
    left join moves using (day)
    left join paid using (day)
    left join new_agents using (day)
    left join new_players using (day)
    order by days.day`);
  return result.rows;
}

/** The agents who sold the most diamonds (types 2 and 3) and earned the most (type 5) in the period. */
async function topAgents(db: DbOrTx, timeZone: string, from: string, to: string) {
  const result = await db.execute<{
    agent_id: number;
    nickname: string;
    level: number;
    sold: number;
    profit: number;
    by_sold: number;
    by_profit: number;
  }>(sql`
    with per_agent as (
      select a.owner_id as agent_id,
        coalesce(-sum(e.amount) filter (where e.bill_type in (2, 3) and e.amount < 0), 0)::bigint as sold,
        coalesce(sum(e.amount) filter (where e.bill_type = 5), 0)::bigint as profit
      from ledger_entries e
      join accounts a on a.id = e.account_id
      where e.bill_type in (2, 3, 5) and a.owner_type = 'agent'
        and e.created_at >= (${from}::date::timestamp at time zone ${timeZone})
        and e.created_at < ((${to}::date + 1)::timestamp at time zone ${timeZone})
      group by a.owner_id
    ),
    ranked as (
      select per_agent.*,
        row_number() over (order by sold desc, agent_id) as by_sold,
        row_number() over (order by profit desc, agent_id) as by_profit
      from per_agent
    )
    select r.agent_id, coalesce(p.nickname, '') as nickname, ag.level, r.sold, r.profit,
      r.by_sold::int as by_sold, r.by_profit::int as by_profit
    from ranked r
    join agents ag on ag.id = r.agent_id
    left join players p on p.id = ag.player_id
    where (r.by_sold <= ${REPORT_TOP_AGENTS} and r.sold > 0)
       or (r.by_profit <= ${REPORT_TOP_AGENTS} and r.profit > 0)`);
  const toTop = (row: (typeof result.rows)[number]): TTopAgent => ({
    agentId: Number(row.agent_id),
    nickname: row.nickname,
    level: Number(row.level),
    diamondsSold: Number(row.sold),
    profit: fenToMoney(Number(row.profit)),
  });
  const ranking = (rank: 'by_sold' | 'by_profit', value: 'sold' | 'profit') =>
    result.rows
      .filter((row) => Number(row[rank]) <= REPORT_TOP_AGENTS && Number(row[value]) > 0)
      .sort((a, b) => Number(a[rank]) - Number(b[rank]))
      .map(toTop);
  return { byDiamonds: ranking('by_sold', 'sold'), byProfit: ranking('by_profit', 'profit') };
}

/** What is owed and held now: the agents' balances and stock, the players' diamonds, withdrawals not yet paid. */
async function figuresNow(db: DbOrTx): Promise<TReportSummary['now']> {
  // One after the other: the snapshot's transaction is one connection.
  const held = await db.execute<{ owed: number; agent_diamonds: number; player_diamonds: number }>(sql`
      select
        coalesce(sum(value) filter (where owner_type = 'agent' and currency = 'balance'), 0)::bigint as owed,
        coalesce(sum(value) filter (where owner_type = 'agent' and currency = 'diamonds'), 0)::bigint
          as agent_diamonds,
        coalesce(sum(value) filter (where owner_type = 'player'), 0)::bigint as player_diamonds
      from accounts`);
  const waiting = await db.execute<{ status: string; n: number; amount: number }>(sql`
      select status, count(*)::int as n, sum(amount_fen)::bigint as amount
      from withdrawals where status in ('pending', 'approved') group by status`);
  // Drizzle reads times of a raw query as PostgreSQL writes them: ask for ISO 8601.
  const at = await db.execute<{ at: string }>(sql`select to_json(now())#>>'{}' as at`);
  const holding = held.rows[0] as { owed: number; agent_diamonds: number; player_diamonds: number };
  const of = (status: 'pending' | 'approved') => {
    const row = waiting.rows.find((r) => r.status === status);
    return { count: Number(row?.n ?? 0), amount: fenToMoney(Number(row?.amount ?? 0)) };
  };
  return {
    at: new Date((at.rows[0] as { at: string }).at).toISOString(),
    balancesOwed: fenToMoney(Number(holding.owed)),
    agentDiamonds: Number(holding.agent_diamonds),
    playerDiamonds: Number(holding.player_diamonds),
    withdrawalsPending: of('pending'),
    withdrawalsApproved: of('approved'),
  };
}

/** The dashboard of a period: its days, totals and top agents, and the figures now, from one snapshot. */
export async function reportSummary(db: Db, period: TReportPeriod): Promise<TReportSummary> {
  return db.transaction(
    async (tx) => {
      const timeZone = await getPlatformTimeZone(tx);
      const { from, to } = await resolvePeriod(tx, timeZone, period);
      const rows = await dayFigures(tx, timeZone, from, to);
      const top = await topAgents(tx, timeZone, from, to);
      const now = await figuresNow(tx);
      const sum = (key: keyof Omit<DayRow, 'day'>) =>
        rows.reduce((total, row) => total + Number(row[key]), 0);
      return {
        from,
        to,
        timeZone,
        days: rows.map((row) => ({ day: row.day, ...figuresOf(row) })),
        totals: figuresOf({
          orders: sum('orders'),
          sales: sum('sales'),
          to_agents: sum('to_agents'),
          to_players: sum('to_players'),
          new_agents: sum('new_agents'),
          new_players: sum('new_players'),
          profit: sum('profit'),
          requested: sum('requested'),
          paid: sum('paid'),
        }),
        top,
        now,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
