import { type BoundPlayerSort, INT4_MAX, type TBoundPlayer } from '@promoter/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { getPlatformTimeZone } from '../options/options-service';

export interface BoundPlayersQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  /** The last `days` calendar days of the platform's time zone, today included. */
  days: number;
  sort: BoundPlayerSort;
}

type BoundPlayerRow = {
  id: number;
  nickname: string;
  avatar: string;
  mobile: string | null;
  bound_at: Date | string | null;
  last_recharge_at: Date | string | null;
  period_diamonds: number;
  total_diamonds: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** LIKE's wildcards typed by the agent match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Who a keyword finds among the agent's players: a player id exactly, a mobile by any 4 or more of its digits (the
 * numbers are the agent's own players'), a nickname by any part of it.
 */
function keywordFilter(keyword: string | undefined): SQL {
  const text = keyword?.trim();
  if (!text) return sql`true`;
  const digits = /^\d+$/.test(text);
  const asId = digits && text.length <= 10 && Number(text) <= INT4_MAX ? Number(text) : null;
  return sql`(p.nickname ilike ${containing(text)}${
    asId !== null ? sql` or p.id = ${asId}` : sql``
  }${digits && text.length >= 4 ? sql` or p.mobile like ${containing(text)}` : sql``})`;
}

const ORDER: Record<BoundPlayerSort, SQL> = {
  lastRecharge: sql`f.last_recharge_at desc nulls last, p.bound_at desc nulls last, p.id desc`,
  periodDiamonds: sql`coalesce(f.period_diamonds, 0) desc, f.last_recharge_at desc nulls last, p.id desc`,
  boundAt: sql`p.bound_at desc nulls last, p.id desc`,
};

/**
 * The players bound to an agent, each with what this agent recharged to it: its last recharge ever, the diamonds of
 * the period and of all time, searched, sorted and paged in the database. The figures come from the agent's own
 * recharges (the index on agent and time), grouped once per player and kept to its bound players; the players
 * from their index on the bound agent. Also answers where the period starts and what the players found got in it.
 */
export async function listBoundPlayers(
  db: DbOrTx,
  agentId: number,
  query: BoundPlayersQuery,
): Promise<{
  list: TBoundPlayer[];
  total: number;
  page: number;
  pageSize: number;
  since: string;
  periodDiamonds: number;
}> {
  const tz = await getPlatformTimeZone(db);
  const started = await db.execute<{ since: Date | string }>(
    sql`select (date_trunc('day', now() at time zone ${tz}) - make_interval(days => ${query.days - 1})) at time zone ${tz} as since`,
  );
  const since = new Date(started.rows[0]?.since ?? Date.now());
  const figures = sql`figures as (
    select r.player_id,
           max(r.created_at) as last_recharge_at,
           coalesce(sum(r.diamonds) filter (where r.created_at >= ${since}), 0)::bigint as period_diamonds,
           sum(r.diamonds)::bigint as total_diamonds
    from recharges r
    where r.agent_id = ${agentId}
      and r.player_id in (select b.id from players b where b.bound_agent_id = ${agentId})
    group by r.player_id
  )`;
  const found = sql`players p left join figures f on f.player_id = p.id
    where p.bound_agent_id = ${agentId} and ${keywordFilter(query.keyword)}`;

  // The page carries the count and the period's sum of everything found (window functions over the one grouping);
  // only a page past the end asks for them apart.
  const page = await db.execute<BoundPlayerRow & { found: number; found_period: number }>(sql`with ${figures}
    select p.id, p.nickname, p.avatar, p.mobile, p.bound_at, f.last_recharge_at,
           coalesce(f.period_diamonds, 0) as period_diamonds, coalesce(f.total_diamonds, 0) as total_diamonds,
           count(*) over ()::int as found, sum(coalesce(f.period_diamonds, 0)) over ()::bigint as found_period
    from ${found}
    order by ${ORDER[query.sort]}
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const first = page.rows[0];
  const summary =
    first !== undefined
      ? { n: first.found, period: first.found_period }
      : query.page === 1
        ? { n: 0, period: 0 }
        : (
            await db.execute<{ n: number; period: number }>(sql`with ${figures}
              select count(*)::int as n, coalesce(sum(f.period_diamonds), 0)::bigint as period from ${found}`)
          ).rows[0];
  return {
    list: page.rows.map((row) => ({
      playerId: row.id,
      nickname: row.nickname,
      avatar: row.avatar,
      mobile: row.mobile,
      boundAt: row.bound_at === null ? null : iso(row.bound_at),
      lastRechargeAt: row.last_recharge_at === null ? null : iso(row.last_recharge_at),
      periodDiamonds: Number(row.period_diamonds),
      totalDiamonds: Number(row.total_diamonds),
    })),
    total: Number(summary?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    since: since.toISOString(),
    periodDiamonds: Number(summary?.period ?? 0),
  };
}
