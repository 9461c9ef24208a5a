import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminWithdrawalFilter = CallInput<'adminWithdrawalList'>;

/** The operator's withdrawal queue, one page filtered on the server (`admin/withdrawals/list`). */
export function adminWithdrawalsQueryOptions(filter: AdminWithdrawalFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.withdrawals.list(filter),
    queryFn: ({ signal }) => request('adminWithdrawalList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminWithdrawals(filter: AdminWithdrawalFilter) {
  return useQuery(adminWithdrawalsQueryOptions(filter));
}
