import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput, TAgentUser } from '@promoter/contract';
import { request } from '../../../api/client';
import { getUserQueryOptions } from '../../../api/get-user';
import { progress } from '../../../lib/progress';
import { invalidateAfterMoneyMoved } from './keys';

/** Diamonds to an agent of the caller's downline (`agent/user/transferAgent`); `diamonds` is the stock after. */
export function transferToAgent(input: CallInput<'transferAgent'>) {
  return request('transferAgent', input);
}

export function useTransferToAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferToAgent,
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
