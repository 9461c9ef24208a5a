import { z } from 'zod';

/** Agent levels: 1 diamond (钻石), 2 gold (黄金), 3 silver (白银). A child's level is always greater. */
export const AgentLevel = { diamond: 1, gold: 2, silver: 3 } as const;
export const ZAgentLevel = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type AgentLevel = z.infer<typeof ZAgentLevel>;
export const AGENT_LEVELS: readonly AgentLevel[] = [1, 2, 3];

/** Bill types of DESIGN section 4. */
export const BillType = {
  buyDiamonds: 1,
  rechargePlayer: 2,
  transferOut: 3,
  transferIn: 4,
  profit: 5,
  withdrawal: 6,
  withdrawalRefund: 7,
  exchange: 8,
  adjustment: 9,
  /** A refunded order taken back (decision 043): the buyer's diamonds, an upline's profit, or the part it now owes. */
  refundClawback: 10,
  /** What an agent owed from a refund, paid from its profit as it came in (decision 043). */
  owedRepayment: 11,
} as const;
export type BillType = (typeof BillType)[keyof typeof BillType];
/** The highest bill type: the requests' filters and the answers' entries are bounded by it, from the table above. */
export const BILL_TYPE_MAX = Math.max(...Object.values(BillType));
export const ZBillType = z.coerce.number().int().min(1).max(BILL_TYPE_MAX);

/** Currency of a ledger query: 1 the cash balance (fen), 2 the diamond stock. */
export const Currency = { balance: 1, diamonds: 2 } as const;
export type Currency = (typeof Currency)[keyof typeof Currency];
export const ZCurrency = z.coerce
  .number()
  .int()
  .refine((v) => v === 1 || v === 2, 'currency must be 1 (balance) or 2 (diamonds)');

/**
 * pending -> approved -> paid, or failed (refunded); pending -> rejected (refunded). The operator console moves them
 * (decision 018); a rejected or failed one carries its reason in `remark`.
 */
export const ZWithdrawalStatus = z.enum(['pending', 'approved', 'rejected', 'paid', 'failed']);
export type WithdrawalStatus = z.infer<typeof ZWithdrawalStatus>;

export const ZWithdrawalAccountType = z.enum(['wechat', 'alipay', 'bank']);
export type WithdrawalAccountType = z.infer<typeof ZWithdrawalAccountType>;

/** 'held': paid while the buying agent was frozen: not delivered, the operator refunds it. */
/** 'refunded': all of its amount went back to the buyer (decision 043); a part refunded leaves it paid or held. */
export const ZOrderStatus = z.enum(['pending', 'paid', 'cancelled', 'expired', 'held', 'refunded']);
export type OrderStatus = z.infer<typeof ZOrderStatus>;

/**
 * 'pending': registered while the platform reviews registrations (option register.review), waiting for an operator;
 * 'refused': an operator refused that registration. Both answer 1002 like 'frozen'.
 */
export const ZAgentStatus = z.enum(['active', 'frozen', 'pending', 'refused']);
export type AgentStatus = z.infer<typeof ZAgentStatus>;

export const ZCaptchaPurpose = z.enum(['register', 'bind-mobile', 'reset-password', 'login']);
export type CaptchaPurpose = z.infer<typeof ZCaptchaPurpose>;
