import { z } from 'zod';
import { ZTwoPersonReason } from './admin';
import { call } from './call-def';
import { ZIsoDate, ZIsoDateInput, ZPage, ZPageQuery, ZRequestId, ZText } from './common';
import { ZMoney, ZMoneyInput } from './money';

/**
 * Refunds of the shop's orders (decision 043). An operator with the right `refunds` gives back a paid (or held)
 * order's money, whole or in part, with a reason; under the two-person rule of decision 037 (the refund options'
 * threshold and daily solo limits) a second, different operator approves it. The job queue sends it to the provider
 * and asks until it is final; when it succeeds, the same transaction takes back what the order gave (the buyer's
 * diamonds as far as they are still there, each upline's profit share, the part a balance cannot cover owed and paid
 * first from the agent's next profit).
 */

export const REFUND_STATUSES = [
  'requested',
  'approved',
  'processing',
  'succeeded',
  'closed',
  'abnormal',
  'rejected',
  'failed',
] as const;
export const ZRefundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof ZRefundStatus>;

/** A refund's id: WeChat Pay's out_refund_no, as the server makes it. */
export const ZRefundId = z.string().regex(/^rf_[0-9a-z]{10,40}$/, 'not a refund id');

/** What one of the order's ledger entries gave back: taken from the account, and the part left owed. */
export const ZRefundClawback = z.object({
  ownerType: z.enum(['agent', 'player']),
  ownerId: z.number().int(),
  currency: z.enum(['balance', 'diamonds']),
  /** Money ("12.50") for a balance, whole diamonds for diamonds. */
  taken: z.string(),
  /** Money left owed (a profit share its balance could not cover); "0.00" for diamonds, which are never owed. */
  owed: z.string(),
  /** Diamonds that were no longer there (spent, recharged on): not taken, not owed. */
  short: z.number().int(),
});

export const ZAdminRefund = z.object({
  id: ZRefundId,
  orderId: z.string(),
  amount: ZMoney,
  reason: z.string(),
  status: ZRefundStatus,
  createdBy: z.object({ operatorId: z.number().int(), operatorName: z.string() }),
  approvals: z.array(z.object({ operatorId: z.number().int(), operatorName: z.string(), at: ZIsoDate })),
  approvalsNeeded: z.number().int(),
  reviewReason: ZTwoPersonReason.nullable(),
  /** The provider's refund id, once it has one. */
  providerRef: z.string().nullable(),
  /** The provider's last refusal or silence, while the queue keeps trying. */
  lastError: z.string().nullable(),
  /** A rejection's reason, or the provider's final word. */
  remark: z.string().nullable(),
  createdAt: ZIsoDate,
  approvedAt: ZIsoDate.nullable(),
  settledAt: ZIsoDate.nullable(),
  /** Once succeeded: what was taken back, per entry of the order. */
  clawbacks: z.array(ZRefundClawback),
});
export type TAdminRefund = z.infer<typeof ZAdminRefund>;

/** An order's refunds as its detail shows them, with what may still be refunded. */
export const ZOrderRefunds = z.object({
  /** Given back by succeeded refunds. */
  refunded: ZMoney,
  /** The amount minus every refund not rejected, closed or failed: what a new refund may still ask for. */
  refundable: ZMoney,
  list: z.array(ZAdminRefund),
});
export type TOrderRefunds = z.infer<typeof ZOrderRefunds>;

const ZReason = ZText(80, { min: 1 });

export const adminRefundCalls = {
  adminRefundCreate: call({
    method: 'POST',
    path: 'admin/refunds/create',
    auth: 'operator',
    right: 'refunds',
    summary:
      'Refund a paid or held order, whole or in part, with the reason its buyer reads (at most 80 characters, as WeChat Pay takes): approved at once, or waiting for a second operator past the refund limits; the same requestId is one refund',
    input: z.object({
      orderId: ZText(64, { min: 1 }),
      amount: ZMoneyInput,
      reason: ZReason,
      requestId: ZRequestId,
    }),
    data: ZAdminRefund,
  }),
  adminRefundApprove: call({
    method: 'POST',
    path: 'admin/refunds/approve',
    auth: 'operator',
    right: 'refunds',
    summary:
      'Approve a refund that waits for a second operator (never its maker): it is sent to the provider',
    input: z.object({ id: ZRefundId }),
    data: ZAdminRefund,
  }),
  adminRefundReject: call({
    method: 'POST',
    path: 'admin/refunds/reject',
    auth: 'operator',
    right: 'refunds',
    summary: 'Reject a refund that waits for a second operator, with a reason: nothing is given back',
    input: z.object({ id: ZRefundId, reason: ZText(500, { min: 1 }) }),
    data: ZAdminRefund,
  }),
  adminRefundList: call({
    method: 'GET',
    path: 'admin/refunds/list',
    auth: 'operator',
    right: 'read',
    summary: 'Refunds by status, order and date of creation, newest first, paged on the server',
    input: ZPageQuery.extend({
      status: ZRefundStatus.optional(),
      orderId: ZText(64).optional(),
      from: ZIsoDateInput.optional(),
      to: ZIsoDateInput.optional(),
    }),
    data: ZPage(ZAdminRefund),
  }),
} as const;
