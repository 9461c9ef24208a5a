import { z } from 'zod';
import { call } from './call-def';
import {
  ZAgentId,
  ZEmpty,
  ZId,
  ZIsoDate,
  ZIsoDateInput,
  ZPage,
  ZPageQuery,
  ZSortOrder,
  ZText,
  ZWithdrawal,
} from './common';
import type { WithdrawalStatus } from './enum-values';
import { ZAgentStatus, ZWithdrawalStatus } from './enums';
import { ZMoney, ZMoneyInput } from './money';
import type { OperatorRight } from './rights';
import { ZOperator, ZOperatorRole } from './operators';

// ---- shapes ------------------------------------------------------------------------------------------------------

export const ZOperatorName = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_.-]{2,31}$/, 'name: 3-32 lower-case letters, digits, _ . -');
export const ZOperatorPassword = z.string().min(10, 'password must have at least 10 characters').max(128);
export const ZTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'code: the 6 digits of the authenticator');
const ZReason = ZText(500, { min: 1 });
const ZIdString = z
  .string()
  .regex(/^\d{1,15}$/, 'id must be digits')
  .refine((value) => Number(value) > 0 && Number(value) <= Number.MAX_SAFE_INTEGER, 'id out of range');

/**
 * Why an item needs a second operator (the two-person rule, decision 037): its amount is above the review threshold,
 * or with it the operator's, or the agent's (the adjusted account's), solo items of the day would pass their limit.
 */
export const ZTwoPersonReason = z.enum(['amount', 'operatorDaily', 'targetDaily']);
export type TwoPersonReason = z.infer<typeof ZTwoPersonReason>;

export const ZWithdrawalApproval = z.object({
  operatorId: z.number().int(),
  operatorName: z.string(),
  at: ZIsoDate,
});

/**
 * A WeChat transfer's state (decision 046): the provider's word (WeChat Pay's transfer states), or 'sending' once it
 * may have been sent and before the provider's first answer.
 */
export const ZWithdrawalTransferStatus = z.enum([
  'sending',
  'accepted',
  'processing',
  'waitUserConfirm',
  'transferring',
  'succeeded',
  'failed',
  'canceling',
  'cancelled',
]);
export type WithdrawalTransferStatus = z.infer<typeof ZWithdrawalTransferStatus>;

/** How an approved withdrawal is paid (decision 043): by hand, through the provider's transfer, or in a payout file. */
export const ZWithdrawalPayout = z.object({
  method: z.enum(['hand', 'transfer', 'file']),
  /** The transfer's state; null when none was made. */
  transferStatus: ZWithdrawalTransferStatus.nullable(),
  /** The provider's reference of the transfer (WeChat Pay's transfer_bill_no), once it has one. */
  transferRef: z.string().nullable(),
  /**
   * The provider's last refusal or silence (`CODE: message`), a failed transfer's fail_reason, or why a WeChat
   * withdrawal is paid by hand (NO_OPENID); for the console only.
   */
  transferError: z.string().nullable(),
  /** The job queue is on the transfer: no operator marks the withdrawal paid or failed meanwhile. */
  transferOpen: z.boolean(),
  /** The payout file it is in, if any. */
  batchId: z.string().nullable(),
});
export type TWithdrawalPayout = z.infer<typeof ZWithdrawalPayout>;

export const ZAdminWithdrawal = ZWithdrawal.extend({
  agentId: z.number().int(),
  agentNickname: z.string(),
  settledAt: ZIsoDate.nullable(),
  /** The transfer reference or voucher note of a paid withdrawal. */
  reference: z.string().nullable(),
  approvals: z.array(ZWithdrawalApproval),
  /**
   * How many operators must approve it: decided at its first approval (the two-person rule) and kept; before that,
   * 2 above the review threshold, else 1 (the daily limits may still ask for a second).
   */
  approvalsNeeded: z.number().int(),
  /** Why a second operator must approve it; null while one is enough. */
  reviewReason: ZTwoPersonReason.nullable(),
  /** The agent's status: a frozen agent's withdrawals are held (approve and pay refused) until it is unfrozen. */
  agentStatus: ZAgentStatus,
  /** How it is paid (decision 046). */
  payout: ZWithdrawalPayout,
});
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;

export const ZAuditEntry = z.object({
  id: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string(),
  at: ZIsoDate,
  address: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/**
 * The operator's side of a withdrawal's life, in one table that the server's review service and the console's buttons
 * both read (decisions 018 and 037): each action, the state it starts from and the one it ends in, the right it
 * needs, the text it takes, whether it gives the amount back, whether an operator who approved the withdrawal may
 * take it (maker/checker: never approve twice, never settle what one approved), and whether a frozen agent holds it.
 * An approval ends in `approved` once the approvals the two-person rule asks for are given.
 */
export const WITHDRAWAL_REVIEW = {
  approve: {
    from: 'pending',
    to: 'approved',
    right: 'withdrawals.review',
    text: 'none',
    refunds: false,
    approverMay: false,
    heldWhenFrozen: true,
  },
  reject: {
    from: 'pending',
    to: 'rejected',
    right: 'withdrawals.review',
    text: 'reason',
    refunds: true,
    approverMay: true,
    heldWhenFrozen: false,
  },
  pay: {
    from: 'approved',
    to: 'paid',
    right: 'withdrawals.pay',
    text: 'reference',
    refunds: false,
    approverMay: false,
    heldWhenFrozen: true,
  },
  fail: {
    from: 'approved',
    to: 'failed',
    right: 'withdrawals.pay',
    text: 'reason',
    refunds: true,
    approverMay: false,
    heldWhenFrozen: false,
  },
} as const satisfies Record<
  string,
  {
    from: WithdrawalStatus;
    to: WithdrawalStatus;
    right: OperatorRight;
    text: 'none' | 'reason' | 'reference';
    refunds: boolean;
    approverMay: boolean;
    heldWhenFrozen: boolean;
  }
>;
export type WithdrawalReviewAction = keyof typeof WITHDRAWAL_REVIEW;

const ZBatchIds = z.array(ZIdString).min(1).max(200);
/** What a batch did to each id: its state changed, its approval was recorded but it waits for another, or skipped. */
const ZBatchResult = z.object({
  changed: z.array(z.string()),
  /** Approvals recorded on withdrawals that still wait for a second operator (the two-person rule). */
  waiting: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});

/** The columns the withdrawal queue can be sorted by on the server. */
export const ZAdminWithdrawalSort = z.enum(['createdAt', 'amount']);
export type AdminWithdrawalSort = z.infer<typeof ZAdminWithdrawalSort>;
/** The columns the audit log can be sorted by on the server. */
export const ZAdminAuditSort = z.enum(['createdAt', 'operator', 'action']);
export type AdminAuditSort = z.infer<typeof ZAdminAuditSort>;

// ---- calls -------------------------------------------------------------------------------------------------------

/** The operator console's calls (decision 018): `auth: 'operator'`, the session in X-Operator-Token, one right each. */
export const adminCalls = {
  adminLogin: call({
    method: 'POST',
    path: 'admin/auth/login',
    auth: 'anyone',
    summary: 'Operator sign-in: name, password and the authenticator’s code',
    input: z.object({ name: ZOperatorName, password: ZText(128, { min: 1, trim: false }), code: ZTotpCode }),
    data: z.object({ token: z.string(), expiresAt: ZIsoDate, operator: ZOperator }),
  }),
  adminLogout: call({
    method: 'POST',
    path: 'admin/auth/logout',
    auth: 'operator',
    right: 'self',
    summary: 'End the operator’s session',
    input: ZEmpty,
    data: ZEmpty,
  }),
  adminMe: call({
    method: 'GET',
    path: 'admin/auth/me',
    auth: 'operator',
    right: 'self',
    summary: 'The signed-in operator and its rights',
    input: ZEmpty,
    data: ZOperator,
  }),
  adminChangePassword: call({
    method: 'POST',
    path: 'admin/auth/changePassword',
    auth: 'operator',
    right: 'self',
    summary: 'Change the operator’s own password; its other sessions end',
    input: z.object({ oldPassword: ZText(128, { min: 1, trim: false }), newPassword: ZOperatorPassword }),
    data: z.object({ revokedSessions: z.number().int() }),
  }),
  adminOperatorList: call({
    method: 'GET',
    path: 'admin/operators/list',
    auth: 'operator',
    right: 'operators.manage',
    summary: 'Every operator',
    input: ZEmpty,
    data: z.object({ list: z.array(ZOperator) }),
  }),
  adminOperatorCreate: call({
    method: 'POST',
    path: 'admin/operators/create',
    auth: 'operator',
    right: 'operators.manage',
    summary: 'Create an operator: answers its one-time password and its authenticator enrolment, shown once',
    input: z.object({ name: ZOperatorName, role: ZOperatorRole }),
    data: z.object({ operator: ZOperator, password: z.string(), otpauthUri: z.string() }),
  }),
  adminOperatorUpdate: call({
    method: 'POST',
    path: 'admin/operators/update',
    auth: 'operator',
    right: 'operators.manage',
    summary:
      'Change another operator’s role, or disable it (its sessions end) or enable it, with a reason; granting or removing owner takes a fresh code of the acting owner’s authenticator',
    input: z.object({
      id: ZId,
      role: ZOperatorRole.optional(),
      disabled: z.boolean().optional(),
      reason: ZReason,
      /** The acting operator's authenticator code: required to grant or remove `owner` (decision 037). */
      code: ZTotpCode.optional(),
    }),
    data: ZOperator,
  }),
  adminOperatorReset: call({
    method: 'POST',
    path: 'admin/operators/reset',
    auth: 'operator',
    right: 'operators.manage',
    summary:
      'Reset another operator’s password (a one-time password, changed at its next sign-in) and/or its authenticator (a new enrolment), with a reason and a fresh code of the acting owner’s authenticator; its sessions end. Shown once',
    input: z
      .object({
        id: ZId,
        password: z.boolean(),
        twoFactor: z.boolean(),
        reason: ZReason,
        code: ZTotpCode,
      })
      .refine((value) => value.password || value.twoFactor, {
        message: 'reset the password, the authenticator, or both',
        path: ['password'],
      }),
    data: z.object({
      operator: ZOperator,
      /** The one-time password, when the password was reset. */
      password: z.string().nullable(),
      /** The new authenticator enrolment (otpauth://), when the authenticator was reset. */
      otpauthUri: z.string().nullable(),
    }),
  }),
  adminOperatorRevokeSessions: call({
    method: 'POST',
    path: 'admin/operators/revokeSessions',
    auth: 'operator',
    right: 'operators.manage',
    summary: 'End every session of an operator',
    input: z.object({ id: ZId }),
    data: z.object({ revokedSessions: z.number().int() }),
  }),
  adminWithdrawalList: call({
    method: 'GET',
    path: 'admin/withdrawals/list',
    auth: 'operator',
    right: 'read',
    summary: 'Withdrawals, filtered by status, amount, agent and date, oldest pending first',
    input: ZPageQuery.extend({
      status: ZWithdrawalStatus.optional(),
      agentId: ZAgentId.optional(),
      minAmount: ZMoneyInput.optional(),
      maxAmount: ZMoneyInput.optional(),
      from: ZIsoDateInput.optional(),
      to: ZIsoDateInput.optional(),
      /** Unless asked: pending ones oldest first (the order they are worked in), others newest first. */
      sort: ZAdminWithdrawalSort.optional(),
      order: ZSortOrder.optional(),
    }),
    data: ZPage(ZAdminWithdrawal),
  }),
  adminWithdrawalDetail: call({
    method: 'GET',
    path: 'admin/withdrawals/detail',
    auth: 'operator',
    right: 'read',
    summary: 'A withdrawal, its agent, the agent’s recent ledger entries and withdrawals',
    input: z.object({ id: ZIdString }),
    data: z.object({
      withdrawal: ZAdminWithdrawal,
      agent: z.object({
        agentId: z.number().int(),
        nickname: z.string(),
        level: z.number().int(),
        status: ZAgentStatus,
        balance: ZMoney,
      }),
      recentEntries: z.array(
        z.object({
          id: z.string(),
          billType: z.number().int(),
          amount: ZMoney,
          after: ZMoney,
          refType: z.string(),
          refId: z.string(),
          createdAt: ZIsoDate,
        }),
      ),
      recentWithdrawals: z.array(ZAdminWithdrawal),
    }),
  }),
  adminWithdrawalApprove: call({
    method: 'POST',
    path: 'admin/withdrawals/approve',
    auth: 'operator',
    right: 'withdrawals.review',
    summary:
      'Approve a pending withdrawal (above the review threshold, the second operator’s approval approves it)',
    input: z.object({ id: ZIdString }),
    data: ZAdminWithdrawal,
  }),
  adminWithdrawalReject: call({
    method: 'POST',
    path: 'admin/withdrawals/reject',
    auth: 'operator',
    right: 'withdrawals.review',
    summary: 'Reject a pending withdrawal with a reason: the amount goes back to the agent (bill type 7)',
    input: z.object({ id: ZIdString, reason: ZReason }),
    data: ZAdminWithdrawal,
  }),
  adminWithdrawalPay: call({
    method: 'POST',
    path: 'admin/withdrawals/pay',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary: 'Mark an approved withdrawal paid, with the transfer reference or a voucher note',
    input: z.object({ id: ZIdString, reference: ZText(200, { min: 1 }) }),
    data: ZAdminWithdrawal,
  }),
  adminWithdrawalFail: call({
    method: 'POST',
    path: 'admin/withdrawals/fail',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary:
      'Mark an approved withdrawal failed with a reason: the amount goes back to the agent (bill type 7)',
    input: z.object({ id: ZIdString, reason: ZReason }),
    data: ZAdminWithdrawal,
  }),
  adminWithdrawalBatchApprove: call({
    method: 'POST',
    path: 'admin/withdrawals/batchApprove',
    auth: 'operator',
    right: 'withdrawals.review',
    summary:
      'Approve many pending withdrawals, each on its own; answers which changed and which were skipped',
    input: z.object({ ids: ZBatchIds }),
    data: ZBatchResult,
  }),
  adminWithdrawalBatchReject: call({
    method: 'POST',
    path: 'admin/withdrawals/batchReject',
    auth: 'operator',
    right: 'withdrawals.review',
    summary: 'Reject many pending withdrawals with one reason, each refunded on its own',
    input: z.object({ ids: ZBatchIds, reason: ZReason }),
    data: ZBatchResult,
  }),
  adminAuditList: call({
    method: 'GET',
    path: 'admin/audit/list',
    auth: 'operator',
    right: 'audit.read',
    summary:
      'The audit log by operator, action, target and date, sorted by time, operator or action (newest first unless asked)',
    input: ZPageQuery.extend({
      operatorId: ZId.optional(),
      action: ZText(64).optional(),
      targetType: ZText(32).optional(),
      targetId: ZText(64).optional(),
      from: ZIsoDateInput.optional(),
      to: ZIsoDateInput.optional(),
      /** Default: newest first; the id breaks ties. */
      sort: ZAdminAuditSort.optional(),
      order: ZSortOrder.optional(),
    }),
    data: ZPage(ZAuditEntry),
  }),
} as const;
