import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput, TAgentUser } from '@promoter/contract';
import { request } from '../../../api/client';
import { getUserQueryOptions } from '../../../api/get-user';
import { progress } from '../../../lib/progress';
import { invalidateAfterMoneyMoved } from './keys';

/** Diamonds from the agent's stock to a player (`agent/index/recharge`); `diamonds` in the answer is the stock after. */
export function rechargePlayer(input: CallInput<'recharge'>) {
  return request('recharge', input);
}

export function useRechargePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rechargePlayer,
    onMutate: () => progress.start(),
    onSuccess: async (data) => {
      queryClient.setQueryData<TAgentUser>(getUserQueryOptions().queryKey, (user) =>
        user ? { ...user, diamonds: data.diamonds } : user,
      );
      await invalidateAfterMoneyMoved(queryClient);
    },
    onSettled: () => progress.done(),
  });
}
