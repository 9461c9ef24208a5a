import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { operatorSession } from '../../../lib/operator-session';

/** Operator sign-in (`admin/auth/login`). */
export function operatorLogin(input: CallInput<'adminLogin'>) {
  return request('adminLogin', input);
}

/** Signs in: what a former operator left in the cache goes, and the session goes into the operator's own store. */
export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: operatorLogin,
    onSuccess: ({ token, expiresAt, operator }) => {
      queryClient.removeQueries({ queryKey: queryKeys.admin.all() });
      operatorSession.signIn(token, operator, expiresAt);
    },
  });
}
