import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAgentUser } from '@promoter/contract';
import { invalidate, queryKeys } from '../../../api/query-keys';
import { progress } from '../../../lib/progress';

/**
 * An operation that moves diamonds or money, under the progress bar. Its answer carries the figures after, which
 * `patchUser` writes into the cached agent at once; then the header's figures and every money list are read
 * again.
 */
export function useMoneyMutation<I, D>(
  mutationFn: (input: I) => Promise<D>,
  patchUser: (user: TAgentUser, data: D) => TAgentUser,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: () => {
      progress.start();
    },
    onSuccess: async (data) => {
      queryClient.setQueryData<TAgentUser>(queryKeys.user(), (user) => (user ? patchUser(user, data) : user));
      await invalidate.moneyMoved(queryClient);
    },
    onSettled: () => progress.done(),
  });
}
