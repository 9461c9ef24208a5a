/**
 * The values of the contract's enumerations as plain constants, without zod: the web's first screens read them
 * without building a schema (issue 29). The schemas built from them (ZAgentLevel, ZWithdrawalStatus, ...) are in
 * `enums.ts`.
 */

/** Agent levels: 1 diamond (钻石), 2 gold (黄金), 3 silver (白银). A child's level is always greater. */
export const AgentLevel = { diamond: 1, gold: 2, silver: 3 } as const;
export type AgentLevel = (typeof AgentLevel)[keyof typeof AgentLevel];
export const AGENT_LEVELS: readonly AgentLevel[] = [AgentLevel.diamond, AgentLevel.gold, AgentLevel.silver];

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

/** Currency of a ledger query: 1 the cash balance (fen), 2 the diamond stock. */
export const Currency = { balance: 1, diamonds: 2 } as const;
export type Currency = (typeof Currency)[keyof typeof Currency];

/**
 * pending -> approved -> paid, or failed (refunded); pending -> rejected (refunded). The operator console moves them
 * (decision 018); a rejected or failed one carries its reason in `remark`.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'paid', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_ACCOUNT_TYPES = ['wechat', 'alipay', 'bank'] as const;
export type WithdrawalAccountType = (typeof WITHDRAWAL_ACCOUNT_TYPES)[number];

/** 'held': paid while the buying agent was frozen: not delivered, the operator refunds it. */
/** 'refunded': all of its amount went back to the buyer (decision 043); a part refunded leaves it paid or held. */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'held', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * 'pending': registered while the platform reviews registrations (option register.review), waiting for an operator;
 * 'refused': an operator refused that registration. Both answer 1002 like 'frozen'.
 */
export const AGENT_STATUSES = ['active', 'frozen', 'pending', 'refused'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const CAPTCHA_PURPOSES = ['register', 'bind-mobile', 'reset-password', 'login'] as const;
export type CaptchaPurpose = (typeof CAPTCHA_PURPOSES)[number];
