import { BillType, fenToMoney, TOP_PLAYERS_MAX, type TSalesDashboard } from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import { type PeriodInput, dayOf, periodDaysSeries, resolvePeriod, withinPeriod } from './dashboard-period';

/** The ids of an agent's two accounts (0 for one that does not exist yet: it matches no entry). */
export async function agentAccountIds(
  db: DbOrTx,
  agentId: number,
): Promise<{ balance: number; diamonds: number }> {
  const rows = await db
    .select({ id: accounts.id, currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.ownerType, 'agent'), eq(accounts.ownerId, agentId)));
  return {
    balance: rows.find((r) => r.currency === 'balance')?.id ?? 0,
    diamonds: rows.find((r) => r.currency === 'diamonds')?.id ?? 0,
  };
}

interface SalesDayRow extends Record<string, unknown> {
  day: string;
  recharged: number;
  transferred: number;
  purchased: number;
  orders: number;
  spend_fen: number;
}

interface TopPlayerRow extends Record<string, unknown> {
  player_id: number;
  nickname: string;
  avatar: string;
  diamonds: number;
  recharges: number;
  last_at: Date | string;
}

/**
 * The ecommerce dashboard: the agent's diamond account's entries of the period, by day (recharges, transfers and
 * purchases through the account-type-time index; a purchase's cost from its order), and the players it recharged most.
 */
export async function salesDashboard(
  db: DbOrTx,
  agentId: number,
  input: PeriodInput,
): Promise<TSalesDashboard> {
  const period = await resolvePeriod(db, input);
  const { diamonds: accountId } = await agentAccountIds(db, agentId);

  // The day's sums read the entries alone, in one pass; only the purchases (a few, through the type's index) are joined
  // to their orders for what they cost.
  const days = await db.execute<SalesDayRow>(sql`
    with per_day as (
      select ${dayOf(sql`e.created_at`, period)} as day,
        coalesce(-sum(e.amount) filter (where e.bill_type = ${BillType.rechargePlayer}), 0)::bigint as recharged,
        coalesce(-sum(e.amount) filter (where e.bill_type = ${BillType.transferOut}), 0)::bigint as transferred,
        coalesce(sum(e.amount) filter (where e.bill_type = ${BillType.buyDiamonds}), 0)::bigint as purchased,
        count(*) filter (where e.bill_type = ${BillType.buyDiamonds})::int as orders
      from ledger_entries e
      where e.account_id = ${accountId}
        and e.bill_type in (${BillType.buyDiamonds}, ${BillType.rechargePlayer}, ${BillType.transferOut})
        and ${withinPeriod(sql`e.created_at`, period)}
      group by 1
    ), spend as (
      select ${dayOf(sql`e.created_at`, period)} as day, sum(o.amount_fen)::bigint as spend_fen
      from ledger_entries e join orders o on o.id = e.ref_id
      where e.account_id = ${accountId} and e.bill_type = ${BillType.buyDiamonds} and e.ref_type = 'order'
        and ${withinPeriod(sql`e.created_at`, period)}
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(p.recharged, 0)::bigint as recharged, coalesce(p.transferred, 0)::bigint as transferred,
      coalesce(p.purchased, 0)::bigint as purchased, coalesce(p.orders, 0)::int as orders,
      coalesce(s.spend_fen, 0)::bigint as spend_fen
    from ${periodDaysSeries(period)} d
    left join per_day p on p.day = d.day
    left join spend s on s.day = d.day
    order by d.day`);

  const recharges = await db.execute<{ count: number; players: number }>(sql`
    select count(*)::int as count, count(distinct r.player_id)::int as players
    from recharges r where r.agent_id = ${agentId} and ${withinPeriod(sql`r.created_at`, period)}`);
  const top = await db.execute<TopPlayerRow>(sql`
    select r.player_id, p.nickname, p.avatar, sum(r.diamonds)::bigint as diamonds, count(*)::int as recharges,
      max(r.created_at) as last_at
    from recharges r join players p on p.id = r.player_id
    where r.agent_id = ${agentId} and ${withinPeriod(sql`r.created_at`, period)}
    group by r.player_id, p.nickname, p.avatar
    order by diamonds desc, last_at desc, r.player_id
    limit ${TOP_PLAYERS_MAX}`);

  const series = days.rows.map((r) => ({
    day: r.day,
    recharged: Number(r.recharged),
    transferred: Number(r.transferred),
    purchased: Number(r.purchased),
    spend: fenToMoney(Number(r.spend_fen)),
  }));
  const sum = (pick: (r: SalesDayRow) => number) =>
    days.rows.reduce((total, r) => total + Number(pick(r)), 0);
  const counted = recharges.rows[0] ?? { count: 0, players: 0 };
  return {
    period,
    totals: {
      recharged: sum((r) => r.recharged),
      transferred: sum((r) => r.transferred),
      purchased: sum((r) => r.purchased),
      orders: sum((r) => r.orders),
      spend: fenToMoney(sum((r) => r.spend_fen)),
      recharges: counted.count,
      players: counted.players,
    },
    series,
    topPlayers: top.rows.map((r) => ({
      playerId: r.player_id,
      nickname: r.nickname,
      avatar: r.avatar,
      diamonds: Number(r.diamonds),
      recharges: r.recharges,
      lastRechargeAt: new Date(r.last_at).toISOString(),
    })),
  };
}
