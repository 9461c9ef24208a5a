import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { useMoneyMutation } from './money-mutation';

/** Balance to diamonds at the agent's own price (`agent/user/withdrawExchange`). */
export function exchangeBalance(input: CallInput<'withdrawExchange'>) {
  return request('withdrawExchange', input);
}

export function useExchangeBalance() {
  return useMoneyMutation(exchangeBalance, (user, data) => ({
    ...user,
    balance: data.balance,
    diamonds: data.diamonds,
  }));
}
