import { z } from 'zod';
import { ZAdminWithdrawal } from './admin';
import type { CallDef } from './calls';
import { ZAgentId, ZId, ZInt, ZIsoDate, ZPage, ZPageQuery, ZRequestId, ZText } from './common';
import { ZAgentStatus } from './enums';
import { moneyToFen, ZMoney, ZMoneyInput } from './money';

function adminCall<M extends 'GET' | 'POST', I extends z.ZodType, O extends z.ZodType>(
  def: CallDef<M, I, O>,
): CallDef<M, I, O> {
  return def;
}

// ---- shapes ------------------------------------------------------------------------------------------------------

const ZReason = ZText(500, { min: 1 });
const ZIdString = z
  .string()
  .regex(/^\d{1,15}$/, 'id must be digits')
  .refine((value) => Number(value) > 0 && Number(value) <= Number.MAX_SAFE_INTEGER, 'id out of range');

/** An agent as the console lists it: profile, status, money, team. The operator reads the full mobile. */
export const ZAdminAgent = z.object({
  agentId: z.number().int(),
  playerId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  mobile: z.string().nullable(),
  level: z.number().int(),
  status: ZAgentStatus,
  parentId: z.number().int().nullable(),
  balance: ZMoney,
  diamonds: z.number().int(),
  childrenCount: z.number().int(),
  createdAt: ZIsoDate,
});
export type TAdminAgent = z.infer<typeof ZAdminAgent>;

export const ZAdminLedgerEntry = z.object({
  id: z.string(),
  billType: z.number().int(),
  /** Fen as money for the balance, whole diamonds as digits for diamonds; signed. */
  amount: z.string(),
  after: z.string(),
  memo: z.string(),
  refType: z.string(),
  refId: z.string(),
  createdAt: ZIsoDate,
});

export const ZAdjustmentOwnerType = z.enum(['agent', 'player']);
export const ZAdjustmentCurrency = z.enum(['balance', 'diamonds']);
export const ZAdjustmentDirection = z.enum(['credit', 'debit']);
export const ZAdjustmentStatus = z.enum(['pending', 'applied', 'rejected']);
export type AdjustmentStatus = z.infer<typeof ZAdjustmentStatus>;

const ZOperatorRef = z.object({ id: z.number().int(), name: z.string() });

/** A manual adjustment (bill type 9): applied at once, or pending a second operator above the review threshold. */
export const ZAdjustment = z.object({
  id: z.string(),
  ownerType: ZAdjustmentOwnerType,
  ownerId: z.number().int(),
  currency: ZAdjustmentCurrency,
  direction: ZAdjustmentDirection,
  /** Unsigned: money ("12.50") for the balance, whole diamonds ("12") for diamonds. */
  amount: z.string(),
  reason: z.string(),
  status: ZAdjustmentStatus,
  /** 2 above adjust.reviewThreshold (two-person rule), else 1. */
  approvalsNeeded: z.number().int(),
  createdBy: ZOperatorRef,
  decidedBy: ZOperatorRef.nullable(),
  /** The reason of a rejected one. */
  rejectReason: z.string().nullable(),
  /** The account's value before and after it was applied (same units as amount); null until applied. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  createdAt: ZIsoDate,
  decidedAt: ZIsoDate.nullable(),
});
export type TAdjustment = z.infer<typeof ZAdjustment>;

/** Whole diamonds: digits only, at most 10,000,000. */
const DIAMONDS_PATTERN = /^\d{1,8}$/;

// ---- calls -------------------------------------------------------------------------------------------------------

/** The console's agents, players' diamonds and manual adjustments (issue 11, decision 018). */
export const adminAgentCalls = {
  adminAgentList: adminCall({
    method: 'GET',
    path: 'admin/agents/list',
    auth: 'operator',
    right: 'read',
    summary: 'Agents by id, nickname, mobile, level, status and parent, newest first',
    input: ZPageQuery.extend({
      agentId: ZAgentId.optional(),
      nickname: ZText(64).optional(),
      mobile: z
        .string()
        .trim()
        .regex(/^\d{1,11}$/, 'mobile: up to 11 digits')
        .optional(),
      level: ZInt(1, 3).optional(),
      status: ZAgentStatus.optional(),
      parentId: ZAgentId.optional(),
    }),
    data: ZPage(ZAdminAgent),
  }),
  adminAgentDetail: adminCall({
    method: 'GET',
    path: 'admin/agents/detail',
    auth: 'operator',
    right: 'read',
    summary:
      'An agent: profile, balance and diamonds, today’s figures, parent, children, recent ledger of both currencies, orders, withdrawals, active sessions',
    input: z.object({ agentId: ZAgentId }),
    data: z.object({
      agent: ZAdminAgent,
      /** The reason of the last freeze or unfreeze, as the operator wrote it. */
      statusReason: z.string().nullable(),
      today: z.object({ profit: ZMoney, diamondsSold: z.number().int() }),
      parent: z
        .object({ agentId: z.number().int(), nickname: z.string(), level: z.number().int() })
        .nullable(),
      recentBalanceEntries: z.array(ZAdminLedgerEntry),
      recentDiamondEntries: z.array(ZAdminLedgerEntry),
      recentOrders: z.array(
        z.object({
          id: z.string(),
          goodsName: z.string(),
          diamonds: z.number().int(),
          amount: ZMoney,
          status: z.string(),
          createdAt: ZIsoDate,
          paidAt: ZIsoDate.nullable(),
        }),
      ),
      recentWithdrawals: z.array(ZAdminWithdrawal),
      activeSessions: z.number().int(),
    }),
  }),
  adminAgentFreeze: adminCall({
    method: 'POST',
    path: 'admin/agents/freeze',
    auth: 'operator',
    right: 'agents.manage',
    summary: 'Freeze an active agent with a reason: its sessions answer 1002 from its very next call',
    input: z.object({ agentId: ZAgentId, reason: ZReason }),
    data: ZAdminAgent,
  }),
  adminAgentUnfreeze: adminCall({
    method: 'POST',
    path: 'admin/agents/unfreeze',
    auth: 'operator',
    right: 'agents.manage',
    summary: 'Unfreeze a frozen agent with a reason',
    input: z.object({ agentId: ZAgentId, reason: ZReason }),
    data: ZAdminAgent,
  }),
  adminAgentResetPassword: adminCall({
    method: 'POST',
    path: 'admin/agents/resetPassword',
    auth: 'operator',
    right: 'agents.manage',
    summary:
      'Give an agent a one-time password (answered once, never stored in clear); every session of the agent ends',
    input: z.object({ agentId: ZAgentId }),
    data: z.object({ agentId: z.number().int(), password: z.string(), revokedSessions: z.number().int() }),
  }),
  adminAdjustmentCreate: adminCall({
    method: 'POST',
    path: 'admin/adjustments/create',
    auth: 'operator',
    right: 'adjustments',
    summary:
      'Adjust an agent’s balance or diamonds, or a player’s diamonds (bill type 9), with a reason; above adjust.reviewThreshold it waits for a second operator',
    input: z
      .object({
        ownerType: ZAdjustmentOwnerType,
        ownerId: ZId,
        currency: ZAdjustmentCurrency,
        direction: ZAdjustmentDirection,
        /** Money ("12.50") for the balance, whole diamonds ("12") for diamonds. */
        amount: ZMoneyInput,
        reason: ZReason,
        requestId: ZRequestId,
      })
      .superRefine((value, ctx) => {
        if (value.ownerType === 'player' && value.currency !== 'diamonds')
          ctx.addIssue({ code: 'custom', path: ['currency'], message: 'a player holds diamonds only' });
        if (value.currency === 'diamonds' && !DIAMONDS_PATTERN.test(value.amount))
          ctx.addIssue({ code: 'custom', path: ['amount'], message: 'diamonds: a whole number' });
        if (
          value.currency === 'diamonds' &&
          DIAMONDS_PATTERN.test(value.amount) &&
          Number(value.amount) === 0
        )
          ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount must be positive' });
        if (
          value.currency === 'balance' &&
          /^\d+(\.\d{1,2})?$/.test(value.amount) &&
          moneyToFen(value.amount) === 0
        )
          ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount must be positive' });
      }),
    data: ZAdjustment,
  }),
  adminAdjustmentApprove: adminCall({
    method: 'POST',
    path: 'admin/adjustments/approve',
    auth: 'operator',
    right: 'adjustments',
    summary: 'Approve and apply a pending adjustment: another operator than the one who created it',
    input: z.object({ id: ZIdString }),
    data: ZAdjustment,
  }),
  adminAdjustmentReject: adminCall({
    method: 'POST',
    path: 'admin/adjustments/reject',
    auth: 'operator',
    right: 'adjustments',
    summary: 'Refuse a pending adjustment with a reason: nothing is applied',
    input: z.object({ id: ZIdString, reason: ZReason }),
    data: ZAdjustment,
  }),
  adminAdjustmentList: adminCall({
    method: 'GET',
    path: 'admin/adjustments/list',
    auth: 'operator',
    right: 'read',
    summary: 'Manual adjustments, newest first (pending ones oldest first), by status and owner',
    input: ZPageQuery.extend({
      status: ZAdjustmentStatus.optional(),
      ownerType: ZAdjustmentOwnerType.optional(),
      ownerId: ZId.optional(),
    }),
    data: ZPage(ZAdjustment),
  }),
} as const;
