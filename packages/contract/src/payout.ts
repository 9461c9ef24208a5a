import { z } from 'zod';
import { call } from './call-def';
import { MOBILE_PATTERN, ZEmpty, ZId, ZIsoDate } from './common';
import type { WithdrawalAccountType } from './enum-values';
import { ZWithdrawalAccountType } from './enums';
import { ZWithdrawalAccountText, ZWithdrawalBankName } from './rules';

/**
 * An agent's saved payout accounts (decision 019): a bank card, Alipay or WeChat, kept so a withdrawal
 * needs no typing. The number is personal data: the server seals it at rest and answers it masked only.
 */

/** How many payout accounts one agent may keep. */
export const PAYOUT_ACCOUNTS_MAX = 10;

/** SPEC sections 3 and 9: a card number is shown with its first 12 characters hidden by asterisks. */
export const ACCOUNT_MASK_HIDDEN = 12;

/**
 * A payout account number as every answer and screen shows it: the first ACCOUNT_MASK_HIDDEN characters hidden by
 * asterisks, the rest shown (6222 0200 0000 0018 -> ************0018). A number of ACCOUNT_MASK_HIDDEN characters
 * or fewer (an Alipay mobile, a WeChat id) would be hidden whole, which nobody can recognise: it keeps its last 4,
 * and never more than half of it, visible (13800000001 -> *******0001).
 */
export function maskAccountNumber(accountNo: string): string {
  const chars = Array.from(accountNo);
  const hidden =
    chars.length > ACCOUNT_MASK_HIDDEN
      ? ACCOUNT_MASK_HIDDEN
      : Math.max(chars.length - 4, Math.ceil(chars.length / 2));
  return '*'.repeat(hidden) + chars.slice(hidden).join('');
}

/** The Luhn (mod 10) check digit of a card number holds. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const BANK_CARD_DIGITS_MIN = 12;
export const BANK_CARD_DIGITS_MAX = 19;
/** WeChat's rule for a WeChat id: 6 to 20 letters, digits, _ or -, starting with a letter. */
const WECHAT_ID = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The number as it is kept: a bank card's digits without the spaces people type between groups; an Alipay e-mail
 * or mobile and a WeChat id without surrounding blanks.
 */
export function normalizeAccountNumber(type: WithdrawalAccountType, accountNo: string): string {
  return type === 'bank' ? accountNo.replace(/[\s-]+/g, '') : accountNo.trim();
}

/** Why a number cannot be an account of its type, or null when it can. */
export type PayoutAccountProblem = 'bankCard' | 'alipay' | 'wechat';

/**
 * A bank card: 12 to 19 digits whose Luhn check holds; Alipay: a mainland mobile or an e-mail; WeChat: a WeChat id.
 * Takes the number as normalizeAccountNumber keeps it.
 */
export function payoutAccountProblem(
  type: WithdrawalAccountType,
  accountNo: string,
): PayoutAccountProblem | null {
  switch (type) {
    case 'bank':
      return new RegExp(`^\\d{${BANK_CARD_DIGITS_MIN},${BANK_CARD_DIGITS_MAX}}$`).test(accountNo) &&
        luhnValid(accountNo)
        ? null
        : 'bankCard';
    case 'alipay':
      return MOBILE_PATTERN.test(accountNo) || EMAIL.test(accountNo) ? null : 'alipay';
    case 'wechat':
      return WECHAT_ID.test(accountNo) ? null : 'wechat';
  }
}

/** A saved payout account as its agent reads it: the number masked (maskAccountNumber), never whole. */
export const ZPayoutAccount = z.object({
  id: z.number().int(),
  type: ZWithdrawalAccountType,
  holderName: z.string(),
  bankName: z.string().nullable(),
  accountMasked: z.string(),
  isDefault: z.boolean(),
  createdAt: ZIsoDate,
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

/** An account as typed: its type, the holder's name, the bank (a bank card only: required then), the number. */
export const ZPayoutAccountInput = z.object({
  type: ZWithdrawalAccountType,
  holderName: ZWithdrawalAccountText,
  bankName: ZWithdrawalBankName.optional(),
  accountNo: ZWithdrawalAccountText,
});

const ZWithdrawalIdString = z
  .string()
  .regex(/^\d{1,15}$/, 'id must be digits')
  .refine((value) => Number(value) > 0 && Number(value) <= Number.MAX_SAFE_INTEGER, 'id out of range');

const ZPayoutAccountList = z.object({ list: z.array(ZPayoutAccount) });

export const payoutCalls = {
  payoutAccountList: call({
    method: 'GET',
    path: 'agent/payout/list',
    auth: 'agent',
    summary: 'The caller’s saved payout accounts, the default first, numbers masked',
    input: ZEmpty,
    data: ZPayoutAccountList,
  }),
  payoutAccountAdd: call({
    method: 'POST',
    path: 'agent/payout/add',
    auth: 'agent',
    summary: `Save a payout account (at most ${PAYOUT_ACCOUNTS_MAX}); the first one becomes the default`,
    input: ZPayoutAccountInput,
    data: z.object({ account: ZPayoutAccount }),
  }),
  payoutAccountDelete: call({
    method: 'POST',
    path: 'agent/payout/delete',
    auth: 'agent',
    summary: 'Delete a saved payout account; the withdrawals made to it keep their own copy',
    input: z.object({ id: ZId }),
    data: ZPayoutAccountList,
  }),
  payoutAccountSetDefault: call({
    method: 'POST',
    path: 'agent/payout/setDefault',
    auth: 'agent',
    summary: 'Make a saved payout account the default one',
    input: z.object({ id: ZId }),
    data: ZPayoutAccountList,
  }),
} as const;

/** The console's call of this area (console-calls.ts): an operator reads a withdrawal's whole account number. */
export const payoutConsoleCalls = {
  adminWithdrawalRevealAccount: call({
    method: 'POST',
    path: 'admin/withdrawals/revealAccount',
    auth: 'operator',
    right: 'withdrawals.pay',
    summary: 'The whole account number of a withdrawal, to pay it; every reading is audited',
    input: z.object({ id: ZWithdrawalIdString }),
    data: z.object({ id: z.string(), accountNo: z.string() }),
  }),
} as const;
