import { z } from 'zod';
import { ZAdminWithdrawal, ZTwoPersonReason } from './admin';
import { call } from './call-def';
import {
  ZAgentId,
  ZId,
  ZInt,
  ZIsoDate,
  ZIsoDateInput,
  ZPage,
  ZPageQuery,
  ZPlayerId,
  ZRequestId,
  ZSortOrder,
  ZText,
} from './common';
import { ZAgentLevel, ZAgentStatus, ZBillType, ZOrderStatus } from './enums';
import { moneyToFen } from './money-format';
import { ZMoney, ZMoneyInput } from './money';

// ---- shapes ------------------------------------------------------------------------------------------------------

const ZReason = ZText(500, { min: 1 });
/**
 * What an operator chooses to tell the agent of a change to it (its inbox, in the agent's language around it): the
 * reason of the change stays internal (the audit log), this is what the agent reads.
 */
const ZNotice = ZText(200, { min: 1 });
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

/** The columns the agents list can be sorted by on the server. */
export const ZAdminAgentSort = z.enum(['createdAt', 'agentId', 'level', 'balance', 'diamonds']);
export type AdminAgentSort = z.infer<typeof ZAdminAgentSort>;
/** The columns the players list can be sorted by on the server. */
export const ZAdminPlayerSort = z.enum(['createdAt', 'playerId', 'diamonds']);
export type AdminPlayerSort = z.infer<typeof ZAdminPlayerSort>;
/** The columns the adjustments list can be sorted by on the server. */
export const ZAdminAdjustmentSort = z.enum(['createdAt', 'decidedAt']);
export type AdminAdjustmentSort = z.infer<typeof ZAdminAdjustmentSort>;

/** An order as the console lists it beside an agent or a player. */
export const ZAdminOrderSummary = z.object({
  id: z.string(),
  goodsName: z.string(),
  diamonds: z.number().int(),
  amount: ZMoney,
  status: ZOrderStatus,
  createdAt: ZIsoDate,
  paidAt: ZIsoDate.nullable(),
});

/** An agent in a short form: a parent, a member of a subtree. */
export const ZAgentRef = z.object({
  agentId: z.number().int(),
  nickname: z.string(),
  level: z.number().int(),
  status: ZAgentStatus,
});

/** A live session of an agent: when it started and was last used, when it ends. Never its token. */
export const ZAdminAgentSession = z.object({
  id: z.string(),
  createdAt: ZIsoDate,
  lastSeenAt: ZIsoDate,
  expiresAt: ZIsoDate,
  /** The device it was opened on ("WeChat · Android"); empty when unknown. */
  device: z.string(),
  /** The address it was opened from. */
  address: z.string(),
});

/**
 * Why a move is refused: `unchanged` (already under that parent), `self` (its own parent), `cycle` (the new parent
 * stands in the agent's own downline), `level` (the new parent's level is not lower than the agent's: the tree keeps
 * a child's level greater than its parent's, so it stays at most three deep), `parentNotFound`.
 */
export const ZMoveRefusal = z.enum(['unchanged', 'self', 'cycle', 'level', 'parentNotFound']);
export type MoveRefusal = z.infer<typeof ZMoveRefusal>;

/** The size of the first page of a move's subtree that the preview lists. */
export const MOVE_PREVIEW_LIST_MAX = 50;

/** A player as the console lists it: its diamonds, its bound agent, whether it is an agent itself. */
export const ZAdminPlayer = z.object({
  playerId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  mobile: z.string().nullable(),
  diamonds: z.number().int(),
  boundAgent: z.object({ agentId: z.number().int(), nickname: z.string() }).nullable(),
  /** The player's own agent account, if it is an agent. */
  agentId: z.number().int().nullable(),
  createdAt: ZIsoDate,
});
export type TAdminPlayer = z.infer<typeof ZAdminPlayer>;

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
  /** 2 when the two-person rule asks for a second operator (reviewReason says why), else 1. */
  approvalsNeeded: z.number().int(),
  reviewReason: ZTwoPersonReason.nullable(),
  /** What the agent was told with it (its inbox); the reason stays internal. */
  notice: z.string().nullable(),
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

/** The console's agents, players and manual adjustments (decision 018). */
export const adminAgentCalls = {
  adminAgentList: call({
    method: 'GET',
    path: 'admin/agents/list',
    auth: 'operator',
    right: 'read',
    summary:
      'Agents by id, nickname, mobile, level, status and parent (an agent’s children), sorted and paged on the server',
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
      /** Default: newest first. */
      sort: ZAdminAgentSort.default('createdAt'),
      order: ZSortOrder.default('desc'),
    }),
    data: ZPage(ZAdminAgent),
  }),
  adminAgentDetail: call({
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
      recentOrders: z.array(ZAdminOrderSummary),
      recentWithdrawals: z.array(ZAdminWithdrawal),
      activeSessions: z.number().int(),
    }),
  }),
  adminAgentFreeze: call({
    method: 'POST',
    path: 'admin/agents/freeze',
    auth: 'operator',
    right: 'agents.manage',
    summary:
      'Freeze an active agent with a reason: its sessions answer 1002 from its very next call; its withdrawals are held',
    input: z.object({ agentId: ZAgentId, reason: ZReason, notice: ZNotice.optional() }),
    data: ZAdminAgent,
  }),
  adminAgentUnfreeze: call({
    method: 'POST',
    path: 'admin/agents/unfreeze',
    auth: 'operator',
    right: 'agents.manage',
    summary: 'Unfreeze a frozen agent with a reason',
    input: z.object({ agentId: ZAgentId, reason: ZReason, notice: ZNotice.optional() }),
    data: ZAdminAgent,
  }),
  adminAgentReviewRegistration: call({
    method: 'POST',
    path: 'admin/agents/reviewRegistration',
    auth: 'operator',
    right: 'agents.manage',
    summary:
      'Approve (pending -> active, its inviter notified) or refuse (pending -> refused) a registration that waits for review (option register.review), with a reason',
    input: z.object({ agentId: ZAgentId, approve: z.boolean(), reason: ZReason }),
    data: ZAdminAgent,
  }),
  adminAgentResetPassword: call({
    method: 'POST',
    path: 'admin/agents/resetPassword',
    auth: 'operator',
    right: 'agents.manage',
    summary:
      'Remove an agent’s password with a reason (no operator ever sees one): every session ends, the agent is told and signs in from the game or sets a new one with its mobile’s code',
    input: z.object({ agentId: ZAgentId, reason: ZReason, notice: ZNotice.optional() }),
    data: z.object({ agentId: z.number().int(), revokedSessions: z.number().int() }),
  }),
  adminAgentLedger: call({
    method: 'GET',
    path: 'admin/agents/ledger',
    auth: 'operator',
    right: 'read',
    summary: 'An agent’s ledger of one currency, newest first, by bill type and dates, paged on the server',
    input: ZPageQuery.extend({
      agentId: ZAgentId,
      currency: z.enum(['balance', 'diamonds']),
      billType: ZBillType.optional(),
      from: ZIsoDateInput.optional(),
      /** Exclusive. */
      to: ZIsoDateInput.optional(),
    }),
    /** `total` is exact up to the bill count cap; beyond it `totalIsLowerBound` is true. */
    data: ZPage(ZAdminLedgerEntry).extend({ totalIsLowerBound: z.boolean() }),
  }),
  adminAgentSessions: call({
    method: 'GET',
    path: 'admin/agents/sessions',
    auth: 'operator',
    right: 'read',
    summary: 'An agent’s live sessions (not revoked, not expired), last used first; never a token',
    input: ZPageQuery.extend({ agentId: ZAgentId }),
    data: ZPage(ZAdminAgentSession),
  }),
  adminAgentRevokeSessions: call({
    method: 'POST',
    path: 'admin/agents/revokeSessions',
    auth: 'operator',
    right: 'agents.manage',
    summary: 'End every session of an agent, with a reason: its next call asks it to sign in again',
    input: z.object({ agentId: ZAgentId, reason: ZReason }),
    data: z.object({ agentId: z.number().int(), revokedSessions: z.number().int() }),
  }),
  adminAgentChangeLevel: call({
    method: 'POST',
    path: 'admin/agents/changeLevel',
    auth: 'operator',
    right: 'agents.manage',
    summary:
      'Change an agent’s level (a compare-and-set on the level the operator saw): it stays greater than its parent’s and lower than its children’s',
    input: z.object({
      agentId: ZAgentId,
      level: ZAgentLevel,
      expectedLevel: ZAgentLevel,
      reason: ZReason,
      notice: ZNotice.optional(),
    }),
    data: z.object({
      agent: ZAdminAgent,
      /** The agents whose parent-set price was removed (they pay their level’s price now): itself, children. */
      pricesCleared: z.array(z.number().int()),
    }),
  }),
  adminAgentMovePreview: call({
    method: 'GET',
    path: 'admin/agents/movePreview',
    auth: 'operator',
    right: 'read',
    summary:
      'What moving an agent under another parent (none: the top of its own tree) would do: who moves with it, whether it is allowed and why not',
    input: z.object({ agentId: ZAgentId, newParentId: ZAgentId.optional() }),
    data: z.object({
      agent: ZAgentRef.extend({ parentId: z.number().int().nullable() }),
      newParent: ZAgentRef.nullable(),
      allowed: z.boolean(),
      refusal: ZMoveRefusal.nullable(),
      /** The refusal in the operator’s language. */
      message: z.string().nullable(),
      /** The agent and everything below it: how many, and the first ones (by depth, then id). */
      subtree: z.object({
        total: z.number().int(),
        list: z.array(ZAgentRef.extend({ parentId: z.number().int().nullable(), depth: z.number().int() })),
      }),
      /** How deep the moved agent would stand (1 = the top) and the deepest level of its subtree after the move. */
      depthAfter: z.object({ agent: z.number().int(), deepest: z.number().int() }),
      /** Whose parent-set price the move would remove. */
      pricesCleared: z.array(z.number().int()),
    }),
  }),
  adminAgentMove: call({
    method: 'POST',
    path: 'admin/agents/move',
    auth: 'operator',
    right: 'agents.manage',
    summary:
      'Move an agent and its downline under another parent (or to the top), a compare-and-set on the parent the operator saw; orders already placed keep the upline they were priced with',
    input: z.object({
      agentId: ZAgentId,
      newParentId: ZAgentId.nullable(),
      expectedParentId: ZAgentId.nullable(),
      reason: ZReason,
    }),
    data: z.object({
      agent: ZAdminAgent,
      /** The agent and its downline. */
      moved: z.number().int(),
      pricesCleared: z.array(z.number().int()),
    }),
  }),
  adminPlayerList: call({
    method: 'GET',
    path: 'admin/players/list',
    auth: 'operator',
    right: 'read',
    summary:
      'Players by id, nickname, mobile and bound agent, sorted by time, id or diamonds (newest first unless asked), paged on the server',
    input: ZPageQuery.extend({
      playerId: ZPlayerId.optional(),
      nickname: ZText(64).optional(),
      mobile: z
        .string()
        .trim()
        .regex(/^\d{1,11}$/, 'mobile: up to 11 digits')
        .optional(),
      boundAgentId: ZAgentId.optional(),
      /** Default: newest first; the id breaks ties. */
      sort: ZAdminPlayerSort.optional(),
      order: ZSortOrder.optional(),
    }),
    data: ZPage(ZAdminPlayer),
  }),
  adminPlayerDetail: call({
    method: 'GET',
    path: 'admin/players/detail',
    auth: 'operator',
    right: 'read',
    summary: 'A player: its diamonds, its bound agent, its last orders, the reason of its last unbinding',
    input: z.object({ playerId: ZPlayerId }),
    data: z.object({
      player: ZAdminPlayer,
      recentOrders: z.array(ZAdminOrderSummary),
      /** What the operator wrote when it last unbound the player from an agent. */
      lastUnbindReason: z.string().nullable(),
    }),
  }),
  adminPlayerRecharges: call({
    method: 'GET',
    path: 'admin/players/recharges',
    auth: 'operator',
    right: 'read',
    summary: 'The diamonds agents recharged to a player, newest first, paged on the server',
    input: ZPageQuery.extend({ playerId: ZPlayerId }),
    data: ZPage(
      z.object({
        id: z.string(),
        agentId: z.number().int(),
        agentNickname: z.string(),
        diamonds: z.number().int(),
        createdAt: ZIsoDate,
      }),
    ),
  }),
  adminPlayerUnbind: call({
    method: 'POST',
    path: 'admin/players/unbind',
    auth: 'operator',
    right: 'agents.manage',
    summary:
      'Unbind a player from its agent with a reason (a compare-and-set on the agent the operator saw); allowed whatever bind.unbindAllowed says',
    input: z.object({ playerId: ZPlayerId, expectedAgentId: ZAgentId, reason: ZReason }),
    data: ZAdminPlayer,
  }),
  adminAdjustmentCreate: call({
    method: 'POST',
    path: 'admin/adjustments/create',
    auth: 'operator',
    right: 'adjustments',
    summary:
      'Adjust an agent’s balance or diamonds, or a player’s diamonds (bill type 9), with a reason; when the two-person rule asks (threshold, daily limits) it waits for a second operator',
    input: z
      .object({
        ownerType: ZAdjustmentOwnerType,
        ownerId: ZId,
        currency: ZAdjustmentCurrency,
        direction: ZAdjustmentDirection,
        /** Money ("12.50") for the balance, whole diamonds ("12") for diamonds. */
        amount: ZMoneyInput,
        /** Internal: kept with the adjustment and in the audit log, never shown to the agent. */
        reason: ZReason,
        /** Shown to the agent in its inbox with the adjustment of its own account (optional). */
        notice: ZNotice.optional(),
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
  adminAdjustmentApprove: call({
    method: 'POST',
    path: 'admin/adjustments/approve',
    auth: 'operator',
    right: 'adjustments',
    summary: 'Approve and apply a pending adjustment: another operator than the one who created it',
    input: z.object({ id: ZIdString }),
    data: ZAdjustment,
  }),
  adminAdjustmentReject: call({
    method: 'POST',
    path: 'admin/adjustments/reject',
    auth: 'operator',
    right: 'adjustments',
    summary: 'Refuse a pending adjustment with a reason: nothing is applied',
    input: z.object({ id: ZIdString, reason: ZReason }),
    data: ZAdjustment,
  }),
  adminAdjustmentList: call({
    method: 'GET',
    path: 'admin/adjustments/list',
    auth: 'operator',
    right: 'read',
    summary:
      'Manual adjustments by status and owner, sorted by creation or decision time (newest first, pending ones oldest first, unless asked)',
    input: ZPageQuery.extend({
      status: ZAdjustmentStatus.optional(),
      ownerType: ZAdjustmentOwnerType.optional(),
      ownerId: ZId.optional(),
      /** Default: newest first, pending ones oldest first (the order they are worked in); the id breaks ties. */
      sort: ZAdminAdjustmentSort.optional(),
      order: ZSortOrder.optional(),
    }),
    data: ZPage(ZAdjustment),
  }),
} as const;
