import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminOrderFilter = CallInput<'adminOrderList'>;

/** One page of the shop's orders, newest first, filtered on the server (`admin/orders/list`). */
export function adminOrdersQueryOptions(filter: AdminOrderFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.orders.list(filter),
    queryFn: ({ signal }) => request('adminOrderList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(filter: AdminOrderFilter) {
  return useQuery(adminOrdersQueryOptions(filter));
}
