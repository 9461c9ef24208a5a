import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { operatorSession } from '../../../lib/operator-session';

/** Operator sign-in (`admin/auth/login`): the session goes into the operator's own store. */
export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'adminLogin'>) => request('adminLogin', input),
    onSuccess: ({ token, expiresAt, operator }) => {
      queryClient.removeQueries({ queryKey: queryKeys.admin.all() });
      operatorSession.signIn(token, operator, expiresAt);
    },
  });
}

/** The operator's own password (`admin/auth/changePassword`): then its fresh record (no longer one-time). */
export function useOperatorChangePassword() {
  return useMutation({
    mutationFn: async (input: CallInput<'adminChangePassword'>) => {
      await request('adminChangePassword', input);
      operatorSession.setOperator(await request('adminMe', {}));
    },
  });
}

/** Sign-out: the server's session ends; the local one ends whatever the server answered. */
export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('adminLogout', {}),
    onSettled: () => {
      operatorSession.clear();
      queryClient.removeQueries({ queryKey: queryKeys.admin.all() });
    },
  });
}
