import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/**
 * The whole account number of a withdrawal (`admin/withdrawals/revealAccount`, right withdrawals.pay), to pay it. The
 * answer is kept by the component that asked, never in the query cache; the server audits each reading, so the audit
 * log is read again.
 */
export function revealWithdrawalAccount(id: string) {
  return request('adminWithdrawalRevealAccount', { id });
}

export function useRevealWithdrawalAccount() {
  return useAdminMutation(revealWithdrawalAccount, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all() }),
  );
}
