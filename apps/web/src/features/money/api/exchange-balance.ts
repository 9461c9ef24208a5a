import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput, TAgentUser } from '@promoter/contract';
import { request } from '../../../api/client';
import { getUserQueryOptions } from '../../../api/get-user';
import { progress } from '../../../lib/progress';
import { invalidateAfterMoneyMoved } from './keys';

/** Balance to diamonds at the agent's own price (`agent/user/withdrawExchange`). */
export function exchangeBalance(input: CallInput<'withdrawExchange'>) {
  return request('withdrawExchange', input);
}

export function useExchangeBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeBalance,
    onMutate: () => progress.start(),
    onSuccess: async (data) => {
      queryClient.setQueryData<TAgentUser>(getUserQueryOptions().queryKey, (user) =>
        user ? { ...user, balance: data.balance, diamonds: data.diamonds } : user,
      );
      await invalidateAfterMoneyMoved(queryClient);
    },
    onSettled: () => progress.done(),
  });
}
