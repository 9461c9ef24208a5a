import { z } from 'zod';
import {
  AGENT_STATUSES,
  AgentLevel,
  BILL_TYPE_MAX,
  CAPTCHA_PURPOSES,
  Currency,
  ORDER_STATUSES,
  WITHDRAWAL_ACCOUNT_TYPES,
  WITHDRAWAL_STATUSES,
} from './enum-values';

/** The schemas of the contract's enumerations, built from their values in `enum-values.ts`. */

export const ZAgentLevel = z.union([
  z.literal(AgentLevel.diamond),
  z.literal(AgentLevel.gold),
  z.literal(AgentLevel.silver),
]);

export const ZBillType = z.coerce.number().int().min(1).max(BILL_TYPE_MAX);

export const ZCurrency = z.coerce
  .number()
  .int()
  .refine(
    (v) => v === Currency.balance || v === Currency.diamonds,
    'currency must be 1 (balance) or 2 (diamonds)',
  );

export const ZWithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);

export const ZWithdrawalAccountType = z.enum(WITHDRAWAL_ACCOUNT_TYPES);

export const ZOrderStatus = z.enum(ORDER_STATUSES);

export const ZAgentStatus = z.enum(AGENT_STATUSES);

export const ZCaptchaPurpose = z.enum(CAPTCHA_PURPOSES);
