import type { WithdrawalAccountType, WithdrawalStatus } from '@promoter/contract';
import type { TranslationKey } from '../../../i18n/keys';

export const WITHDRAWAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'paid',
  'failed',
] as const satisfies readonly WithdrawalStatus[];

export function withdrawalStatusKey(status: WithdrawalStatus): TranslationKey {
  return `money.withdrawalStatus.${status}`;
}

export const STATUS_COLORS: Record<WithdrawalStatus, 'warning' | 'info' | 'error' | 'success'> = {
  pending: 'warning',
  approved: 'info',
  rejected: 'error',
  paid: 'success',
  failed: 'error',
};

export const ACCOUNT_TYPES = ['wechat', 'alipay', 'bank'] as const satisfies readonly WithdrawalAccountType[];

export function accountTypeKey(type: WithdrawalAccountType): TranslationKey {
  return `money.accountTypes.${type}`;
}

const REFERENCE_TYPES = [
  'recharge',
  'transfer',
  'order',
  'withdrawal',
  'exchange',
  'adjustment',
  'refund',
] as const;

/** What an entry refers to; a type this client does not know is shown as the server names it. */
export function referenceTypeKey(type: string): TranslationKey | null {
  return (REFERENCE_TYPES as readonly string[]).includes(type)
    ? (`money.referenceTypes.${type as (typeof REFERENCE_TYPES)[number]}` as const)
    : null;
}
