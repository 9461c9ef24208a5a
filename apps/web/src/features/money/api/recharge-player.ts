import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { useMoneyMutation } from './money-mutation';

/** Diamonds from the agent's stock to a player (`agent/index/recharge`); `diamonds` in the answer is the stock after. */
export function rechargePlayer(input: CallInput<'recharge'>) {
  return request('recharge', input);
}

export function useRechargePlayer() {
  return useMoneyMutation(rechargePlayer, (user, data) => ({ ...user, diamonds: data.diamonds }));
}
