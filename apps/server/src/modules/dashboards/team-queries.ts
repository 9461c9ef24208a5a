import {
  type AgentLevel,
  type AgentStatus,
  BillType,
  fenToMoney,
  RANKED_CHILDREN_MAX,
  type TeamRanking,
  type TTeamDashboard,
} from '@promoter/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  type PeriodInput,
  dayOf,
  periodDaysSeries,
  periodStart,
  resolvePeriod,
  withinPeriod,
} from './dashboard-period';
import { agentAccountIds } from './sales-queries';

/**
 * Everything below an agent (the tree is at most three deep), each with `branch`: the direct child it hangs from.
 */
/** The agent's team at any depth with when each joined and its branch: the tree's one walk (decision 039). */
const downline = (agentId: number) => sql`
  down as (
    select team.id, a.created_at, team.branch from agent_team(${agentId}) team join agents a on a.id = team.id
  )`;

interface TeamDayRow extends Record<string, unknown> {
  day: string;
  new_agents: number;
  team_size: number;
  before: number;
}

interface ChildRow extends Record<string, unknown> {
  id: number;
  level: number;
  status: AgentStatus;
  nickname: string;
  avatar: string;
  team_size: number;
  diamonds: number;
  profit_fen: number;
  children: number;
  all_diamonds: number;
  all_profit_fen: number;
}

/**
 * The agency dashboard, from the downline as it stands: agents joined per day and the team's size at each day's end;
 * the direct children with the diamonds they bought in the shop and the profit their branch brought the agent. A
 * profit entry belongs to the branch of the agent that started its order: the order's frozen chain names it (the
 * buying agent, or the agent of the buying player); older entries without a chain, their counterparty.
 */
export async function teamDashboard(
  db: DbOrTx,
  agentId: number,
  input: PeriodInput & { rankBy: TeamRanking },
): Promise<TTeamDashboard> {
  const period = await resolvePeriod(db, input);
  const { balance: balanceAccount } = await agentAccountIds(db, agentId);

  const days = await db.execute<TeamDayRow>(sql`
    with ${downline(agentId)},
    per_day as (
      select ${dayOf(sql`down.created_at`, period)} as day, count(*)::int as n
      from down where ${withinPeriod(sql`down.created_at`, period)} group by 1
    ),
    before as (select count(*)::int as n from down where down.created_at < ${periodStart(period)})
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(p.n, 0)::int as new_agents,
      (before.n + sum(coalesce(p.n, 0)) over (order by d.day))::int as team_size, before.n as before
    from ${periodDaysSeries(period)} d cross join before left join per_day p on p.day = d.day
    order by d.day`);

  const order =
    input.rankBy === 'diamonds'
      ? sql`diamonds desc, profit_fen desc, c.id`
      : sql`profit_fen desc, diamonds desc, c.id`;
  const ranked = await db.execute<ChildRow>(sql`
    with ${downline(agentId)},
    children as (
      select a.id, a.level, a.status, p.nickname, p.avatar
      from agents a join players p on p.id = a.player_id where a.parent_id = ${agentId}
    ),
    team as (select down.branch, (count(*) - 1)::int as team_size from down group by down.branch),
    bought as (
      select acc.owner_id as agent_id, sum(e.amount)::bigint as diamonds
      from accounts acc join ledger_entries e on e.account_id = acc.id
      where acc.owner_type = 'agent' and acc.currency = 'diamonds' and acc.owner_id in (select id from children)
        and e.bill_type = ${BillType.buyDiamonds} and ${withinPeriod(sql`e.created_at`, period)}
      group by acc.owner_id
    ),
    profit as (
      select down.branch, sum(e.amount)::bigint as fen
      from ledger_entries e
      left join orders o on e.ref_type = 'order' and o.id = e.ref_id
      left join players pl on e.counterparty_type = 'player' and pl.id = e.counterparty_id
      join down on down.id = coalesce(
        (o.pricing -> 'chain' -> 0 ->> 'agentId')::int,
        case when e.counterparty_type = 'agent' then e.counterparty_id end,
        pl.bound_agent_id)
      where e.account_id = ${balanceAccount} and e.bill_type = ${BillType.profit}
        and ${withinPeriod(sql`e.created_at`, period)}
      group by down.branch
    )
    select c.id, c.level, c.status, c.nickname, c.avatar, coalesce(t.team_size, 0)::int as team_size,
      coalesce(b.diamonds, 0)::bigint as diamonds, coalesce(pr.fen, 0)::bigint as profit_fen,
      count(*) over ()::int as children,
      (sum(coalesce(b.diamonds, 0)) over ())::bigint as all_diamonds,
      (sum(coalesce(pr.fen, 0)) over ())::bigint as all_profit_fen
    from children c
    left join team t on t.branch = c.id
    left join bought b on b.agent_id = c.id
    left join profit pr on pr.branch = c.id
    order by ${order}
    limit ${RANKED_CHILDREN_MAX}`);

  const series = days.rows.map((r) => ({ day: r.day, newAgents: r.new_agents, teamSize: r.team_size }));
  const first = ranked.rows[0];
  return {
    period,
    rankBy: input.rankBy,
    totals: {
      newAgents: series.reduce((sum, d) => sum + d.newAgents, 0),
      teamSize: series.at(-1)?.teamSize ?? 0,
      teamSizeBefore: days.rows[0]?.before ?? 0,
      directChildren: first?.children ?? 0,
      diamondsBought: Number(first?.all_diamonds ?? 0),
      profit: fenToMoney(Number(first?.all_profit_fen ?? 0)),
    },
    series,
    children: ranked.rows.map((r) => ({
      agentId: r.id,
      nickname: r.nickname,
      avatar: r.avatar,
      level: r.level as AgentLevel,
      status: r.status,
      teamSize: r.team_size,
      diamondsBought: Number(r.diamonds),
      profit: fenToMoney(Number(r.profit_fen)),
    })),
  };
}
