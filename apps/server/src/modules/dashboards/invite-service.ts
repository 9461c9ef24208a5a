import type { TInviteDashboard } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { agents, inviteOpens } from '../../db/schema';
import { AppError } from '../../errors';
import { type PeriodInput, dayOf, periodDaysSeries, resolvePeriod, withinPeriod } from './dashboard-period';

/** The visitor as stored: the SHA-256 of the id its browser made, never the id itself. */
export const visitorHash = (visitorId: string) => createHash('sha256').update(visitorId).digest('hex');

/**
 * One opening of an agent's invite link, by a browser that keeps a random visitor id. Only an active agent's link
 * counts; an unknown, frozen or pending agent is refused alike.
 */
export async function recordInviteOpen(
  db: DbOrTx,
  input: { agentId: number; visitorId: string },
): Promise<Record<string, never>> {
  const [agent] = await db.select({ status: agents.status }).from(agents).where(eq(agents.id, input.agentId));
  if (!agent || agent.status !== 'active') throw new AppError('agentNotFound');
  await db.insert(inviteOpens).values({ agentId: input.agentId, visitorHash: visitorHash(input.visitorId) });
  return {};
}

interface InviteDayRow extends Record<string, unknown> {
  day: string;
  opens: number;
  visitors: number;
  sign_ups: number;
  binds: number;
}

/**
 * The web-analytics dashboard: the invite link's opens and distinct visitors per day (invite_opens by agent and
 * time), the agent's new direct sub-agents (its sign-ups) and the players who bound to it (by bound agent and time).
 */
export async function inviteDashboard(
  db: DbOrTx,
  agentId: number,
  input: PeriodInput,
): Promise<TInviteDashboard> {
  const period = await resolvePeriod(db, input);
  const result = await db.execute<InviteDayRow>(sql`
    with opens as (
      select ${dayOf(sql`o.created_at`, period)} as day, count(*)::int as opens,
        count(distinct o.visitor_hash)::int as visitors
      from invite_opens o
      where o.agent_id = ${agentId} and ${withinPeriod(sql`o.created_at`, period)}
      group by 1
    ), sign_ups as (
      select ${dayOf(sql`a.created_at`, period)} as day, count(*)::int as sign_ups
      from agents a
      where a.parent_id = ${agentId} and ${withinPeriod(sql`a.created_at`, period)}
      group by 1
    ), binds as (
      select ${dayOf(sql`p.bound_at`, period)} as day, count(*)::int as binds
      from players p
      where p.bound_agent_id = ${agentId} and ${withinPeriod(sql`p.bound_at`, period)}
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(o.opens, 0) as opens, coalesce(o.visitors, 0) as visitors,
      coalesce(s.sign_ups, 0) as sign_ups, coalesce(b.binds, 0) as binds
    from ${periodDaysSeries(period)} d
    left join opens o on o.day = d.day
    left join sign_ups s on s.day = d.day
    left join binds b on b.day = d.day
    order by d.day`);
  const distinct = await db.execute<{ visitors: number }>(sql`
    select count(distinct o.visitor_hash)::int as visitors from invite_opens o
    where o.agent_id = ${agentId} and ${withinPeriod(sql`o.created_at`, period)}`);

  const series = result.rows.map((r) => ({
    day: r.day,
    opens: r.opens,
    visitors: r.visitors,
    signUps: r.sign_ups,
    binds: r.binds,
  }));
  const total = (pick: (d: (typeof series)[number]) => number) => series.reduce((sum, d) => sum + pick(d), 0);
  const visitors = distinct.rows[0]?.visitors ?? 0;
  const signUps = total((d) => d.signUps);
  return {
    period,
    totals: {
      opens: total((d) => d.opens),
      visitors,
      signUps,
      binds: total((d) => d.binds),
      conversion: visitors === 0 ? null : signUps / visitors,
    },
    series,
  };
}
