import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { useMoneyMutation } from './money-mutation';

/** An application to withdraw cash (`agent/user/withdrawPostByUser`): the amount leaves the balance at once. */
export function applyWithdrawal(input: CallInput<'withdraw'>) {
  return request('withdraw', input);
}

export function useApplyWithdrawal() {
  return useMoneyMutation(applyWithdrawal, (user, data) => ({ ...user, balance: data.balance }));
}
