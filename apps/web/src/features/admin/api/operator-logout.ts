import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { operatorSession } from '../../../lib/operator-session';

/** Ends the operator's session on the server (`admin/auth/logout`). */
export function operatorLogout() {
  return request('adminLogout', {});
}

/** Sign-out: the server's session ends; the local one ends whatever the server answered. */
export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: operatorLogout,
    onSettled: () => {
      operatorSession.clear();
      queryClient.removeQueries({ queryKey: queryKeys.admin.all() });
    },
  });
}
