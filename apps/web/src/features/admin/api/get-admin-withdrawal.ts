import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** A withdrawal with its agent, the agent's recent ledger and withdrawals (`admin/withdrawals/detail`). */
export function adminWithdrawalQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.admin.withdrawals.detail(id),
    queryFn: ({ signal }) => request('adminWithdrawalDetail', { id }, { signal }),
  });
}

export function useAdminWithdrawal(id: string | null) {
  return useQuery({ ...adminWithdrawalQueryOptions(id ?? ''), enabled: id !== null });
}
