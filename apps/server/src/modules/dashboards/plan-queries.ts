import { AGENT_LEVELS, type AgentLevel, BillType, fenToMoney, type TPlanDashboard } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { AppError } from '../../errors';
import { levelPricesFen, retailPriceFen } from '../agents/pricing';
import { getOption } from '../options/options-service';
import { type PeriodInput, resolvePeriod, withinPeriod } from './dashboard-period';
import { agentAccountIds } from './sales-queries';

const COMMISSION_KEYS = {
  1: 'commission.level1',
  2: 'commission.level2',
  3: 'commission.level3',
} as const satisfies Record<AgentLevel, string>;

interface SalesRow extends Record<string, unknown> {
  recharged: number;
  transferred: number;
  transfer_value_fen: number;
  credited_fen: number;
  team_bought: number;
}

/**
 * The saas dashboard: the agent's level and price beside the level above and the platform's level table, and what
 * the period would have earned at the level above's price ("upgrade plan"). The estimate is one rule: a diamond sold
 * earns what it was sold at minus the agent's price. Recharged diamonds are sold at the players' retail price,
 * transferred ones at the receiving agent's price, and the downline's shop purchases already paid the difference down
 * to the agent's price (the profit credited). At a lower price each of those diamonds earns the difference more;
 * the player commissions do not depend on the price.
 */
export async function planDashboard(
  db: DbOrTx,
  agentId: number,
  input: PeriodInput,
): Promise<TPlanDashboard> {
  const period = await resolvePeriod(db, input);
  const [me] = await db
    .select({ level: agents.level, priceFen: agents.priceFen })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!me) throw new AppError('agentNotFound');
  const level = me.level as AgentLevel;
  const prices: Record<AgentLevel, number> = await levelPricesFen(db);
  const retailFen = await retailPriceFen(db);
  const priceFen = me.priceFen ?? prices[level];
  const above = level > 1 ? ((level - 1) as AgentLevel) : null;
  const { balance, diamonds } = await agentAccountIds(db, agentId);

  const result = await db.execute<SalesRow>(sql`
    with sold as (
      select e.bill_type, e.amount, e.counterparty_id
      from ledger_entries e
      where e.account_id = ${diamonds}
        and e.bill_type in (${BillType.rechargePlayer}, ${BillType.transferOut})
        and ${withinPeriod(sql`e.created_at`, period)}
    ), credited as (
      select e.amount, e.counterparty_type, o.diamonds
      from ledger_entries e
      left join orders o on e.ref_type = 'order' and o.id = e.ref_id
      where e.account_id = ${balance} and e.bill_type = ${BillType.profit}
        and ${withinPeriod(sql`e.created_at`, period)}
    )
    select
      (select coalesce(-sum(amount), 0) from sold where bill_type = ${BillType.rechargePlayer})::bigint as recharged,
      (select coalesce(-sum(amount), 0) from sold where bill_type = ${BillType.transferOut})::bigint as transferred,
      (select coalesce(sum(-s.amount * coalesce(a.price_fen,
          case a.level when 1 then ${prices[1]}::int when 2 then ${prices[2]}::int else ${prices[3]}::int end)), 0)
        from sold s join agents a on a.id = s.counterparty_id
        where s.bill_type = ${BillType.transferOut})::bigint as transfer_value_fen,
      (select coalesce(sum(amount), 0) from credited)::bigint as credited_fen,
      (select coalesce(sum(diamonds), 0) from credited where counterparty_type = 'agent')::bigint as team_bought`);
  const row = result.rows[0] as SalesRow;
  const recharged = Number(row.recharged);
  const transferred = Number(row.transferred);
  const teamBought = Number(row.team_bought);
  const creditedFen = Number(row.credited_fen);
  const atCurrentFen =
    recharged * (retailFen - priceFen) +
    (Number(row.transfer_value_fen) - transferred * priceFen) +
    creditedFen;
  const gainFen = above === null ? null : (recharged + transferred + teamBought) * (priceFen - prices[above]);

  return {
    period,
    level,
    price: fenToMoney(priceFen),
    priceSetByParent: me.priceFen !== null,
    levelAbove: above === null ? null : { level: above, price: fenToMoney(prices[above]) },
    retail: fenToMoney(retailFen),
    levels: await Promise.all(
      AGENT_LEVELS.map(async (l) => ({
        level: l,
        price: fenToMoney(prices[l]),
        commissionRate: await getOption(db, COMMISSION_KEYS[l]),
      })),
    ),
    sales: { recharged, transferred, transferValue: fenToMoney(Number(row.transfer_value_fen)), teamBought },
    profit: {
      credited: fenToMoney(creditedFen),
      atCurrent: fenToMoney(atCurrentFen),
      atAbove: gainFen === null ? null : fenToMoney(atCurrentFen + gainFen),
      gain: gainFen === null ? null : fenToMoney(gainFen),
    },
  };
}
