import { z } from 'zod';
import { call } from './call-def';
import {
  DATE_INPUT_MAX_YEAR,
  DATE_INPUT_MIN_YEAR,
  ZAgentId,
  ZEmpty,
  ZIsoDate,
  ZPage,
  ZPageQuery,
} from './common';
import { ZAgentLevel, ZAgentStatus } from './enums';
import { ZMoney } from './money';

/**
 * The six dashboards of the agent's layouts (decision 020): one call each, computed on the server from the
 * ledger, the orders and the downline of the signed-in agent, over a period of whole days in the platform's time zone.
 */

// ---- the period ---------------------------------------------------------------------------------------------------

/** The longest period a dashboard computes: a year, leap day included. */
export const DASHBOARD_PERIOD_MAX_DAYS = 366;

/** The period switch: today, the last 7 or 30 days (today included), or two days chosen. */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const ZDashboardPeriod = z.enum(DASHBOARD_PERIODS);

/** How many days each preset spans, today included. */
export const DASHBOARD_PRESET_DAYS: Readonly<Record<Exclude<DashboardPeriod, 'custom'>, number>> = {
  today: 1,
  '7d': 7,
  '30d': 30,
};

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar day `YYYY-MM-DD`, or null when it is no real day. */
export function dayNumber(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date)
    return null;
  return time / 86_400_000;
}

/** The calendar day `offset` days after `day` (both `YYYY-MM-DD`). */
export function addDays(day: string, offset: number): string {
  const number = dayNumber(day);
  if (number === null) throw new Error(`not a day: ${day}`);
  return new Date((number + offset) * 86_400_000).toISOString().slice(0, 10);
}

/** How many days a period spans, both ends included (`from` after `to`: 0 or less). */
export function periodDays(from: string, to: string): number {
  const [a, b] = [dayNumber(from), dayNumber(to)];
  if (a === null || b === null) throw new Error(`not a period: ${from}..${to}`);
  return b - a + 1;
}

/** A calendar day as `YYYY-MM-DD`, a real one, within the years a date input may have. */
export const ZDay = z
  .string()
  .regex(DAY_PATTERN, 'day must be YYYY-MM-DD')
  .refine((value) => dayNumber(value) !== null, { message: 'day must be a real calendar day' })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= DATE_INPUT_MIN_YEAR && year <= DATE_INPUT_MAX_YEAR;
    },
    { message: `day must be between ${DATE_INPUT_MIN_YEAR} and ${DATE_INPUT_MAX_YEAR}` },
  );

const periodShape = {
  /** A preset counted back from today, or `custom` with `from` and `to`. Default: the last 7 days. */
  period: ZDashboardPeriod.default('7d'),
  /** First and last day of a custom period (both included), days of the platform's time zone. */
  from: ZDay.optional(),
  to: ZDay.optional(),
};

/** A custom period names both days, in order, at most DASHBOARD_PERIOD_MAX_DAYS apart; a preset names neither. */
function periodIsValid(value: { period: DashboardPeriod; from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (value.period !== 'custom') {
    if (value.from !== undefined || value.to !== undefined)
      ctx.addIssue({ code: 'custom', message: 'from and to go with period custom only', path: ['from'] });
    return;
  }
  if (value.from === undefined || value.to === undefined) {
    ctx.addIssue({ code: 'custom', message: 'a custom period needs from and to', path: ['from'] });
    return;
  }
  // A day that is no real day is its own field's issue.
  if (dayNumber(value.from) === null || dayNumber(value.to) === null) return;
  const days = periodDays(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['to'] });
  else if (days > DASHBOARD_PERIOD_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      message: `a period spans at most ${DASHBOARD_PERIOD_MAX_DAYS} days`,
      path: ['to'],
    });
}

export const ZDashboardPeriodInput = z.object(periodShape).superRefine(periodIsValid);
export type TDashboardPeriodInput = z.input<typeof ZDashboardPeriodInput>;

/** The period a dashboard was computed for, as the server resolved it. */
export const ZResolvedPeriod = z.object({
  period: ZDashboardPeriod,
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  /** The platform's time zone (IANA), whose days these are. */
  timeZone: z.string(),
});
export type TResolvedPeriod = z.infer<typeof ZResolvedPeriod>;

// ---- ecommerce: what the agent sold and bought -------------------------------------------------------------------

export const ZSalesDay = z.object({
  day: z.string(),
  /** Diamonds recharged to players (bill type 2). */
  recharged: z.number().int(),
  /** Diamonds transferred to the downline (bill type 3). */
  transferred: z.number().int(),
  /** Diamonds bought in the shop (bill type 1). */
  purchased: z.number().int(),
  /** What those purchases cost (the paid orders' amounts). */
  spend: ZMoney,
});
export type TSalesDay = z.infer<typeof ZSalesDay>;

/** How many players the ecommerce dashboard ranks. */
export const TOP_PLAYERS_MAX = 10;

export const ZTopPlayer = z.object({
  playerId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  diamonds: z.number().int(),
  recharges: z.number().int(),
  lastRechargeAt: ZIsoDate,
});

export const ZSalesDashboard = z.object({
  period: ZResolvedPeriod,
  totals: z.object({
    recharged: z.number().int(),
    transferred: z.number().int(),
    purchased: z.number().int(),
    /** Purchases delivered in the period. */
    orders: z.number().int(),
    spend: ZMoney,
    /** Recharge operations, and the players they went to. */
    recharges: z.number().int(),
    players: z.number().int(),
  }),
  series: z.array(ZSalesDay),
  topPlayers: z.array(ZTopPlayer),
});
export type TSalesDashboard = z.infer<typeof ZSalesDashboard>;

// ---- web-analytics: the invite link ------------------------------------------------------------------------------

export const ZInviteDay = z.object({
  day: z.string(),
  /** Times the invite link was opened. */
  opens: z.number().int(),
  /** Distinct browsers that opened it that day. */
  visitors: z.number().int(),
  /** New direct sub-agents (the invite link's sign-ups). */
  signUps: z.number().int(),
  /** Players who bound to the agent. */
  binds: z.number().int(),
});
export type TInviteDay = z.infer<typeof ZInviteDay>;

export const ZInviteDashboard = z.object({
  period: ZResolvedPeriod,
  totals: z.object({
    opens: z.number().int(),
    /** Distinct browsers over the whole period (not the sum of the days'). */
    visitors: z.number().int(),
    signUps: z.number().int(),
    binds: z.number().int(),
    /** Sign-ups per distinct visitor (0.25 = 25 %); null without any visitor. */
    conversion: z.number().min(0).nullable(),
  }),
  series: z.array(ZInviteDay),
});
export type TInviteDashboard = z.infer<typeof ZInviteDashboard>;

/** A random id a browser keeps for itself (local storage); the server stores only its SHA-256. */
export const ZVisitorId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'visitorId must be 16-64 letters, digits, - or _');

// ---- agency: the downline ----------------------------------------------------------------------------------------

export const ZTeamDay = z.object({
  day: z.string(),
  /** Agents who joined the downline that day (any depth). */
  newAgents: z.number().int(),
  /** The downline's size at the end of that day. */
  teamSize: z.number().int(),
});
export type TTeamDay = z.infer<typeof ZTeamDay>;

export const ZTeamRanking = z.enum(['profit', 'diamonds']);
export type TeamRanking = z.infer<typeof ZTeamRanking>;
/** How many children the agency dashboard ranks. */
export const RANKED_CHILDREN_MAX = 20;

export const ZRankedChild = z.object({
  agentId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  level: ZAgentLevel,
  status: ZAgentStatus,
  teamSize: z.number().int(),
  /** Diamonds the child bought in the shop in the period. */
  diamondsBought: z.number().int(),
  /** Profit credited to the agent in the period from the child's branch (its purchases, its team's, their players'). */
  profit: ZMoney,
});
export type TRankedChild = z.infer<typeof ZRankedChild>;

export const ZTeamDashboard = z.object({
  period: ZResolvedPeriod,
  rankBy: ZTeamRanking,
  totals: z.object({
    newAgents: z.number().int(),
    /** The downline's size at the end of the period, and before it began. */
    teamSize: z.number().int(),
    teamSizeBefore: z.number().int(),
    directChildren: z.number().int(),
    /** Diamonds the direct children bought, and the profit their branches brought, in the period. */
    diamondsBought: z.number().int(),
    profit: ZMoney,
  }),
  series: z.array(ZTeamDay),
  children: z.array(ZRankedChild),
});
export type TTeamDashboard = z.infer<typeof ZTeamDashboard>;

// ---- saas: the agent's level and the upgrade plan ----------------------------------------------------------------

export const ZLevelRow = z.object({
  level: ZAgentLevel,
  price: ZMoney,
  /** Commission on the bound players' purchases, percent. */
  commissionRate: z.string(),
});

export const ZPlanDashboard = z.object({
  period: ZResolvedPeriod,
  level: ZAgentLevel,
  /** The agent's own price per diamond: set by its parent, or its level's. */
  price: ZMoney,
  priceSetByParent: z.boolean(),
  /** The level above and its price; null for the top level. */
  levelAbove: z.object({ level: ZAgentLevel, price: ZMoney }).nullable(),
  retail: ZMoney,
  levels: z.array(ZLevelRow),
  sales: z.object({
    /** Diamonds recharged to players, valued at the retail price. */
    recharged: z.number().int(),
    /** Diamonds transferred to the downline, valued at each receiver's price. */
    transferred: z.number().int(),
    transferValue: ZMoney,
    /** Diamonds the downline bought in the shop that paid the agent a price difference. */
    teamBought: z.number().int(),
  }),
  profit: z.object({
    /** Profit credited in the period (bill type 5). */
    credited: ZMoney,
    /** Sales margin at the agent's price plus the profit credited. */
    atCurrent: ZMoney,
    /** The same at the level above's price; null for the top level. */
    atAbove: ZMoney.nullable(),
    gain: ZMoney.nullable(),
  }),
});
export type TPlanDashboard = z.infer<typeof ZPlanDashboard>;

// ---- magazine and news: what the operator writes -----------------------------------------------------------------

export const ZDashboardArticle = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: ZIsoDate,
  /** The language this version is in (`cn` when the reader's has none). */
  locale: z.string(),
});
export type TDashboardArticle = z.infer<typeof ZDashboardArticle>;

export const ZDashboardAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** Null: to every agent; else to the agents of this level. */
  level: ZAgentLevel.nullable(),
  createdAt: ZIsoDate,
  locale: z.string(),
});
export type TDashboardAnnouncement = z.infer<typeof ZDashboardAnnouncement>;

// ---- calls -------------------------------------------------------------------------------------------------------

export const dashboardCalls = {
  dashboardEcommerce: call({
    method: 'GET',
    path: 'agent/dashboard/ecommerce',
    auth: 'agent',
    summary:
      'Diamonds the agent sold per day (recharged, transferred), bought and spent, and its top players, over a period',
    input: ZDashboardPeriodInput,
    data: ZSalesDashboard,
  }),
  dashboardWebAnalytics: call({
    method: 'GET',
    path: 'agent/dashboard/webAnalytics',
    auth: 'agent',
    summary: 'Opens of the agent’s invite link, distinct visitors, sign-ups, binds and conversion, per day',
    input: ZDashboardPeriodInput,
    data: ZInviteDashboard,
  }),
  dashboardAgency: call({
    method: 'GET',
    path: 'agent/dashboard/agency',
    auth: 'agent',
    summary:
      'The downline: new sub-agents and team size per day, the direct children ranked by profit brought or diamonds bought',
    input: z.object({ ...periodShape, rankBy: ZTeamRanking.default('profit') }).superRefine(periodIsValid),
    data: ZTeamDashboard,
  }),
  dashboardSaas: call({
    method: 'GET',
    path: 'agent/dashboard/saas',
    auth: 'agent',
    summary:
      'The agent’s level and price, the level above, the profit of the period at both prices, the level table',
    input: ZDashboardPeriodInput,
    data: ZPlanDashboard,
  }),
  dashboardMagazine: call({
    method: 'GET',
    path: 'agent/dashboard/magazine',
    auth: 'agent',
    summary: 'The platform’s articles in the reader’s language (Chinese otherwise), newest first',
    input: ZPageQuery,
    data: ZPage(ZDashboardArticle),
  }),
  dashboardNews: call({
    method: 'GET',
    path: 'agent/dashboard/news',
    auth: 'agent',
    summary:
      'The announcements to every agent or to the reader’s level, not withdrawn, in the reader’s language, newest first',
    input: ZPageQuery,
    data: ZPage(ZDashboardAnnouncement),
  }),
  inviteOpen: call({
    method: 'POST',
    path: 'agent/public/inviteOpen',
    auth: 'anyone',
    summary:
      'Count one opening of an agent’s invite link by a browser (its random visitor id, stored hashed); rate-limited per address',
    input: z.object({ agentId: ZAgentId, visitorId: ZVisitorId }),
    data: ZEmpty,
  }),
} as const;
