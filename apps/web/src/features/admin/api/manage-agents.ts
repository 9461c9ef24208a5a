import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

/** An operator's change of an agent (a compare-and-set on the server); every console view of agents refreshes. */
function useAgentMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidate.agentsChanged(queryClient) });
}

/** Freeze (active → frozen) or unfreeze (frozen → active) with a reason. */
export const useSetAgentFrozen = () =>
  useAgentMutation(({ frozen, ...input }: CallInput<'adminAgentFreeze'> & { frozen: boolean }) =>
    request(frozen ? 'adminAgentFreeze' : 'adminAgentUnfreeze', input),
  );

/** Approve or refuse a registration that waits for review, with a reason. */
export const useReviewRegistration = () =>
  useAgentMutation((input: CallInput<'adminAgentReviewRegistration'>) =>
    request('adminAgentReviewRegistration', input),
  );

/** Removes the agent's password, with a reason (decision 037): every session ends, nobody sees a new one. */
export const useResetAgentPassword = () =>
  useAgentMutation((input: CallInput<'adminAgentResetPassword'>) =>
    request('adminAgentResetPassword', input),
  );

export const useChangeAgentLevel = () =>
  useAgentMutation((input: CallInput<'adminAgentChangeLevel'>) => request('adminAgentChangeLevel', input));

export const useMoveAgent = () =>
  useAgentMutation((input: CallInput<'adminAgentMove'>) => request('adminAgentMove', input));

export const useRevokeAgentSessions = () =>
  useAgentMutation((input: CallInput<'adminAgentRevokeSessions'>) =>
    request('adminAgentRevokeSessions', input),
  );

/** Unbind a player from the agent the operator saw, with a reason. */
export const useUnbindPlayer = () =>
  useAgentMutation((input: CallInput<'adminPlayerUnbind'>) => request('adminPlayerUnbind', input));
