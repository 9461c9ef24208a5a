import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminAdjustmentFilter = CallInput<'adminAdjustmentList'>;

/** One page of the manual adjustments, by status and owner (`admin/adjustments/list`). */
export function adminAdjustmentsQueryOptions(filter: AdminAdjustmentFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.adjustments.list(filter),
    queryFn: ({ signal }) => request('adminAdjustmentList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminAdjustments(filter: AdminAdjustmentFilter) {
  return useQuery(adminAdjustmentsQueryOptions(filter));
}
