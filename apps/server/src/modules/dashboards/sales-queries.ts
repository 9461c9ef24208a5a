import { addDays, BillType, fenToMoney, TOP_PLAYERS_MAX, type TSalesDashboard } from '@promoter/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, players as playersTable } from '../../db/schema';
import { type PeriodInput, dayOf, resolvePeriod, withinPeriod } from './dashboard-period';

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

interface SalesGroupRow extends Record<string, unknown> {
  /** 0: a day's row; 1: a player's row (grouping sets). */
  by_player: number;
  day: string | null;
  player_id: number | null;
  recharged: number;
  transferred: number;
  purchased: number;
  orders: number;
  recharges: number;
  last_at: Date | string | null;
}

/**
 * The ecommerce dashboard: the agent's diamond account's entries of the period, read once and summed both by day
 * (recharged, transferred, purchased) and by the player recharged (grouping sets); a purchase's cost from its order
 * (only the purchases, through the account-type-time index, are joined to `orders`).
 */
export async function salesDashboard(
  db: DbOrTx,
  agentId: number,
  input: PeriodInput,
): Promise<TSalesDashboard> {
  const period = await resolvePeriod(db, input);
  const { diamonds: accountId } = await agentAccountIds(db, agentId);

  const grouped = await db.execute<SalesGroupRow>(sql`
    select grouping(x.day) as by_player, to_char(x.day, 'YYYY-MM-DD') as day, x.player_id,
      coalesce(-sum(x.amount) filter (where x.bill_type = ${BillType.rechargePlayer}), 0)::bigint as recharged,
      coalesce(-sum(x.amount) filter (where x.bill_type = ${BillType.transferOut}), 0)::bigint as transferred,
      coalesce(sum(x.amount) filter (where x.bill_type = ${BillType.buyDiamonds}), 0)::bigint as purchased,
      count(*) filter (where x.bill_type = ${BillType.buyDiamonds})::int as orders,
      count(*) filter (where x.bill_type = ${BillType.rechargePlayer})::int as recharges,
      max(x.created_at) filter (where x.bill_type = ${BillType.rechargePlayer}) as last_at
    from (
      select ${dayOf(sql`e.created_at`, period)} as day, e.bill_type, e.amount, e.created_at,
        case when e.bill_type = ${BillType.rechargePlayer} and e.counterparty_type = 'player'
          then e.counterparty_id end as player_id
      from ledger_entries e
      where e.account_id = ${accountId}
        and e.bill_type in (${BillType.buyDiamonds}, ${BillType.rechargePlayer}, ${BillType.transferOut})
        and ${withinPeriod(sql`e.created_at`, period)}
    ) x
    group by grouping sets ((x.day), (x.player_id))`);
  const spent = await db.execute<{ day: string; spend_fen: number }>(sql`
    select to_char(${dayOf(sql`e.created_at`, period)}, 'YYYY-MM-DD') as day, sum(o.amount_fen)::bigint as spend_fen
    from ledger_entries e join orders o on o.id = e.ref_id
    where e.account_id = ${accountId} and e.bill_type = ${BillType.buyDiamonds} and e.ref_type = 'order'
      and ${withinPeriod(sql`e.created_at`, period)}
    group by 1`);

  const byDay = new Map(grouped.rows.filter((r) => Number(r.by_player) === 0).map((r) => [r.day, r]));
  const spendByDay = new Map(spent.rows.map((r) => [r.day, Number(r.spend_fen)]));
  const series = Array.from({ length: period.days }, (_, i) => {
    const day = addDays(period.from, i);
    const row = byDay.get(day);
    return {
      day,
      recharged: Number(row?.recharged ?? 0),
      transferred: Number(row?.transferred ?? 0),
      purchased: Number(row?.purchased ?? 0),
      orders: row?.orders ?? 0,
      spendFen: spendByDay.get(day) ?? 0,
    };
  });

  // The players, most diamonds first (then the latest recharged, then the id); their names for the first few.
  const players = grouped.rows
    .filter((r) => Number(r.by_player) === 1 && r.player_id !== null)
    .map((r) => ({
      playerId: Number(r.player_id),
      diamonds: Number(r.recharged),
      recharges: r.recharges,
      lastAt: new Date(r.last_at as string | Date),
    }))
    .sort(
      (a, b) => b.diamonds - a.diamonds || b.lastAt.getTime() - a.lastAt.getTime() || a.playerId - b.playerId,
    );
  const top = players.slice(0, TOP_PLAYERS_MAX);
  const names =
    top.length === 0
      ? []
      : await db
          .select({ id: playersTable.id, nickname: playersTable.nickname, avatar: playersTable.avatar })
          .from(playersTable)
          .where(
            inArray(
              playersTable.id,
              top.map((p) => p.playerId),
            ),
          );
  const nameOf = new Map(names.map((n) => [n.id, n]));

  const sum = (pick: (d: (typeof series)[number]) => number) =>
    series.reduce((total, d) => total + pick(d), 0);
  return {
    period,
    totals: {
      recharged: sum((d) => d.recharged),
      transferred: sum((d) => d.transferred),
      purchased: sum((d) => d.purchased),
      orders: sum((d) => d.orders),
      spend: fenToMoney(sum((d) => d.spendFen)),
      recharges: grouped.rows
        .filter((r) => Number(r.by_player) === 0)
        .reduce((total, r) => total + r.recharges, 0),
      players: players.length,
    },
    series: series.map((d) => ({
      day: d.day,
      recharged: d.recharged,
      transferred: d.transferred,
      purchased: d.purchased,
      spend: fenToMoney(d.spendFen),
    })),
    topPlayers: top.map((p) => ({
      playerId: p.playerId,
      nickname: nameOf.get(p.playerId)?.nickname ?? '',
      avatar: nameOf.get(p.playerId)?.avatar ?? '',
      diamonds: p.diamonds,
      recharges: p.recharges,
      lastRechargeAt: p.lastAt.toISOString(),
    })),
  };
}
