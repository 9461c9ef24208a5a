import { z } from 'zod';
import { adminCalls } from './admin';
import { adminAgentCalls } from './admin-agents';
import { adminCatalogCalls } from './admin-catalog';
import { ZReconciliationExportFilter } from './admin-reconciliation';
import { call } from './call-def';
import {
  DATE_INPUT_MAX_YEAR,
  DATE_INPUT_MIN_YEAR,
  ZAgentId,
  ZInt,
  ZIsoDate,
  ZIsoDateInput,
  ZPlayerId,
} from './common';
import { ZBillType } from './enums';
import { ZMoney } from './money';
import type { OperatorRight } from './rights';

// ---- the dashboard's period ----------------------------------------------------------------------------------------

/** The longest period the dashboard sums (a leap year). */
export const REPORT_MAX_DAYS = 366;
/** The period when none is asked: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day `YYYY-MM-DD` as a UTC midnight in milliseconds; NaN when it is no real day. */
export function reportDayToUtc(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return Number.NaN;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date
    ? time
    : Number.NaN;
}

/** How many calendar days from `from` to `to`, both included (0 or less when `to` comes first). */
export function reportDaysBetween(from: string, to: string): number {
  return Math.round((reportDayToUtc(to) - reportDayToUtc(from)) / DAY_MS) + 1;
}

/** A calendar day of the platform's time zone: `YYYY-MM-DD`, a real date within the years a date input may take. */
export const ZReportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'day: YYYY-MM-DD')
  .refine((day) => !Number.isNaN(reportDayToUtc(day)), 'day: not a calendar date')
  .refine((day) => {
    const year = Number(day.slice(0, 4));
    return year >= DATE_INPUT_MIN_YEAR && year <= DATE_INPUT_MAX_YEAR;
  }, `day must be between ${DATE_INPUT_MIN_YEAR} and ${DATE_INPUT_MAX_YEAR}`);

/**
 * The dashboard's period: `from` and `to` (calendar days of the platform's time zone, both included, at most
 * REPORT_MAX_DAYS), or the last `days` days ending today; neither: the last REPORT_DEFAULT_DAYS days.
 */
export const ZReportPeriod = z
  .object({
    from: ZReportDay.optional(),
    to: ZReportDay.optional(),
    days: ZInt(1, REPORT_MAX_DAYS).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'from and to go together' });
    if (value.days !== undefined && value.from !== undefined)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'days or from/to, not both' });
    if (value.from !== undefined && value.to !== undefined) {
      const span = reportDaysBetween(value.from, value.to);
      if (span < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to comes before from' });
      else if (span > REPORT_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${REPORT_MAX_DAYS} days` });
    }
  });
export type TReportPeriod = z.infer<typeof ZReportPeriod>;

/** What one day (or the whole period) adds up to. Definitions: decision 018 (reports). */
export const ZReportFigures = z.object({
  /** Shop orders paid (status paid; a held one is not a sale), by the time they were paid. */
  orders: z.number().int(),
  /** What those orders were paid, yuan. */
  sales: ZMoney,
  /** Diamonds agents took from the platform: bought in the shop (bill type 1) or for their balance (type 8). */
  diamondsToAgents: z.number().int(),
  /** Diamonds players received: recharged by their agents (type 2) or bought in the shop (type 1). */
  diamondsToPlayers: z.number().int(),
  newAgents: z.number().int(),
  newPlayers: z.number().int(),
  /** Profit and commission credited to agents (type 5). */
  profitPaid: ZMoney,
  /** Withdrawals applied for (type 6: the amount left the balance then), whatever became of them. */
  withdrawalsRequested: ZMoney,
  /** Withdrawals marked paid, by the time they were marked. */
  withdrawalsPaid: ZMoney,
});
export type TReportFigures = z.infer<typeof ZReportFigures>;

export const ZReportDayFigures = ZReportFigures.extend({ day: z.string() });
export type TReportDayFigures = z.infer<typeof ZReportDayFigures>;

export const ZTopAgent = z.object({
  agentId: z.number().int(),
  nickname: z.string(),
  level: z.number().int(),
  /** Diamonds it recharged to players and passed to its downline in the period (types 2 and 3). */
  diamondsSold: z.number().int(),
  /** Its profit of the period (type 5). */
  profit: ZMoney,
});
export type TTopAgent = z.infer<typeof ZTopAgent>;

const ZCountAmount = z.object({ count: z.number().int(), amount: ZMoney });

export const ZReportSummary = z.object({
  from: z.string(),
  to: z.string(),
  /** The platform's time zone, in which the days are cut. */
  timeZone: z.string(),
  days: z.array(ZReportDayFigures),
  totals: ZReportFigures,
  top: z.object({ byDiamonds: z.array(ZTopAgent), byProfit: z.array(ZTopAgent) }),
  /** The figures as they stand when asked, whatever the period. */
  now: z.object({
    at: ZIsoDate,
    /** What the platform owes its agents: the sum of their balances. */
    balancesOwed: ZMoney,
    /** Diamonds in the agents' stock. */
    agentDiamonds: z.number().int(),
    /** Diamonds in the players' game accounts. */
    playerDiamonds: z.number().int(),
    /** Waiting for review; approved ones wait to be paid. Both are out of the balances already. */
    withdrawalsPending: ZCountAmount,
    withdrawalsApproved: ZCountAmount,
  }),
});
export type TReportSummary = z.infer<typeof ZReportSummary>;

/** How many agents each ranking of the dashboard lists. */
export const REPORT_TOP_AGENTS = 10;

// ---- CSV exports -----------------------------------------------------------------------------------------------------

/**
 * The lists an operator can export as CSV (streamed: `GET /api/admin/export/<kind>`, right `reports`, the audit log's
 * `audit.read`).
 */
export const EXPORT_KINDS = [
  'withdrawals',
  'ledger',
  'orders',
  'agents',
  'players',
  'adjustments',
  'audit',
  'gameReconciliation',
  'reconciliation',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const ZExportKind = z.enum(EXPORT_KINDS);

/** The right an export needs unless its definition names another (the audit log: whoever may read it). */
export const EXPORT_RIGHT: OperatorRight = 'reports';

/**
 * The ledger as the operator exports it: everyone's, or one agent's or player's; by currency (as the console's agent
 * ledger names it), bill type and time (`to` exclusive).
 */
const ZLedgerExportFilter = z
  .object({
    agentId: ZAgentId.optional(),
    playerId: ZPlayerId.optional(),
    currency: z.enum(['balance', 'diamonds']).optional(),
    billType: ZBillType.optional(),
    from: ZIsoDateInput.optional(),
    to: ZIsoDateInput.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.agentId !== undefined && value.playerId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['playerId'], message: 'an agent or a player, not both' });
    if (value.playerId !== undefined && value.currency === 'balance')
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'a player holds diamonds only' });
  });

/**
 * Each export's filters. All but the ledger take their list call's filters (what the operator filtered is what it
 * exports); not the page nor the sort: an export runs newest first.
 */
export const exportFilters = {
  withdrawals: adminCalls.adminWithdrawalList.input.pick({
    status: true,
    agentId: true,
    minAmount: true,
    maxAmount: true,
    from: true,
    to: true,
  }),
  ledger: ZLedgerExportFilter,
  orders: adminCatalogCalls.adminOrderList.input.pick({
    orderId: true,
    playerId: true,
    agentId: true,
    buyer: true,
    status: true,
    from: true,
    to: true,
  }),
  agents: adminAgentCalls.adminAgentList.input.pick({
    agentId: true,
    nickname: true,
    mobile: true,
    level: true,
    status: true,
    parentId: true,
  }),
  players: adminAgentCalls.adminPlayerList.input.pick({
    playerId: true,
    nickname: true,
    mobile: true,
    boundAgentId: true,
  }),
  adjustments: adminAgentCalls.adminAdjustmentList.input.pick({
    status: true,
    ownerType: true,
    ownerId: true,
  }),
  audit: adminCalls.adminAuditList.input.pick({
    operatorId: true,
    action: true,
    targetType: true,
    targetId: true,
    from: true,
    to: true,
  }),
  /** The game's daily reconciliation (decision 040): its period, as the console's table asks it. */
  gameReconciliation: ZReportPeriod,
  /** The provider's daily reconciliation (decision 045): one run's items or every run's, filtered as its page is. */
  reconciliation: ZReconciliationExportFilter,
} as const satisfies Record<ExportKind, z.ZodType>;

/** The filters of an export as the console sends them. */
export type ExportFilter<K extends ExportKind> = z.input<(typeof exportFilters)[K]>;
/** The filters of an export as the server reads them (parsed). */
export type ExportFilterParsed<K extends ExportKind> = z.output<(typeof exportFilters)[K]>;

export interface ExportDef<K extends ExportKind = ExportKind> {
  kind: K;
  method: 'GET';
  /** Under /api/; the query string carries the filters. */
  path: `admin/export/${K}`;
  auth: 'operator';
  right: OperatorRight;
  summary: string;
  input: (typeof exportFilters)[K];
}

function exportDef<K extends ExportKind>(
  kind: K,
  summary: string,
  right: OperatorRight = EXPORT_RIGHT,
): ExportDef<K> {
  return {
    kind,
    method: 'GET',
    path: `admin/export/${kind}`,
    auth: 'operator',
    right,
    summary,
    input: exportFilters[kind],
  };
}

/**
 * The CSV exports: not calls of the envelope (they answer `text/csv`, UTF-8 with a BOM, streamed), but refused in the
 * envelope as every operator call is (10101 without a session, 10103 without the right, 400 naming a bad filter).
 */
export const exportDefs: { [K in ExportKind]: ExportDef<K> } = {
  withdrawals: exportDef('withdrawals', 'Withdrawals as CSV, filtered as the queue is'),
  ledger: exportDef(
    'ledger',
    'Ledger entries as CSV: all, or one agent’s or player’s, by currency, bill type, time',
  ),
  orders: exportDef('orders', 'Shop orders as CSV, by status, buyer and time'),
  agents: exportDef('agents', 'Agents as CSV, filtered as the agents list is'),
  players: exportDef('players', 'Players as CSV, filtered as the players list is'),
  adjustments: exportDef('adjustments', 'Manual adjustments as CSV, by status and owner'),
  audit: exportDef(
    'audit',
    'The audit log as CSV, filtered as its screen is (right audit.read: whoever may read the log)',
    'audit.read',
  ),
  gameReconciliation: exportDef(
    'gameReconciliation',
    'The game’s daily reconciliation as CSV: credited and debited diamonds against those the game acknowledged',
  ),
  reconciliation: exportDef(
    'reconciliation',
    'The reconciliation with the provider’s bill as CSV: a run’s items (or every run’s) by outcome, resolved or not, kind',
  ),
};

// ---- calls -------------------------------------------------------------------------------------------------------

/** The console's reports (decision 018): the dashboard's figures. */
export const adminReportCalls = {
  adminReportSummary: call({
    method: 'GET',
    path: 'admin/reports/summary',
    auth: 'operator',
    right: 'reports',
    summary:
      'The dashboard: per-day sales, diamonds, new agents and players, profit, withdrawals of a period (platform time zone), its totals and top agents, and what is owed now',
    input: ZReportPeriod,
    data: ZReportSummary,
  }),
} as const;
