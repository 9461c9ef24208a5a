import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput, TPayoutAccount } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate, queryKeys } from '../../../api/query-keys';
import { progress } from '../../../lib/progress';

/**
 * Changes of the agent's payout accounts (decision 019), under the progress bar. Delete and set-default answer the list
 * as it is after the change, written into the cache at once; every change then reads the list again.
 */
function usePayoutAccountMutation<I, D>(
  mutationFn: (input: I) => Promise<D>,
  listOf?: (data: D) => TPayoutAccount[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: () => {
      progress.start();
    },
    onSuccess: async (data) => {
      if (listOf) queryClient.setQueryData(queryKeys.payoutAccounts(), { list: listOf(data) });
      await invalidate.payoutAccountsChanged(queryClient);
    },
    onSettled: () => progress.done(),
  });
}

/** Saves an account (`agent/payout/add`): the number is answered masked from then on. */
export function useAddPayoutAccount() {
  return usePayoutAccountMutation((input: CallInput<'payoutAccountAdd'>) =>
    request('payoutAccountAdd', input),
  );
}

export function useDeletePayoutAccount() {
  return usePayoutAccountMutation(
    (id: number) => request('payoutAccountDelete', { id }),
    (data) => data.list,
  );
}

export function useSetDefaultPayoutAccount() {
  return usePayoutAccountMutation(
    (id: number) => request('payoutAccountSetDefault', { id }),
    (data) => data.list,
  );
}
