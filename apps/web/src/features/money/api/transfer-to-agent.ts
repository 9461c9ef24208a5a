import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { useMoneyMutation } from './money-mutation';

/** Diamonds to an agent of the caller's downline (`agent/user/transferAgent`); `diamonds` is the stock after. */
export function transferToAgent(input: CallInput<'transferAgent'>) {
  return request('transferAgent', input);
}

export function useTransferToAgent() {
  return useMoneyMutation(transferToAgent, (user, data) => ({ ...user, diamonds: data.diamonds }));
}
