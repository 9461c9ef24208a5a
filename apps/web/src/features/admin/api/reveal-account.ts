import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/**
 * The whole account number of a withdrawal (`admin/withdrawals/revealAccount`, right withdrawals.pay), to pay it. The
 * answer is kept by the component that asked, never in the query cache; the server audits each reading, so the audit
 * log is read again.
 */
export function useRevealWithdrawalAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('adminWithdrawalRevealAccount', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all() }),
  });
}
