import type { TranslationKey } from '../i18n/keys';

/** Bill types of DESIGN section 4, with decision 043's refund clawback (10) and repayment of what is owed (11). */
export const BILL_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type BillTypeNumber = (typeof BILL_TYPES)[number];

export function isBillType(value: number): value is BillTypeNumber {
  return (BILL_TYPES as readonly number[]).includes(value);
}

/** A bill type, translated; a type this client does not know reads 'unknown'. */
export function billTypeKey(billType: number): TranslationKey {
  return isBillType(billType) ? `money.billTypes.${billType}` : 'money.billTypes.unknown';
}

/** 1 balance, 2 diamonds. */
export function currencyKey(currency: 1 | 2): TranslationKey {
  return `money.currency.${currency}`;
}
