import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput, TAgentUser } from '@promoter/contract';
import { request } from '../../../api/client';
import { getUserQueryOptions } from '../../../api/get-user';
import { progress } from '../../../lib/progress';
import { invalidateAfterMoneyMoved } from './keys';

/** An application to withdraw cash (`agent/user/withdrawPostByUser`): the amount leaves the balance at once. */
export function applyWithdrawal(input: CallInput<'withdraw'>) {
  return request('withdraw', input);
}

export function useApplyWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyWithdrawal,
    onMutate: () => progress.start(),
    onSuccess: async (data) => {
      queryClient.setQueryData<TAgentUser>(getUserQueryOptions().queryKey, (user) =>
        user ? { ...user, balance: data.balance } : user,
      );
      await invalidateAfterMoneyMoved(queryClient);
    },
    onSettled: () => progress.done(),
  });
}
