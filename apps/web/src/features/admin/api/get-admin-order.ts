import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** An order's page: payer, frozen prices, the provider's records, the entries it wrote (`admin/orders/detail`). */
export function adminOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.orders.detail(orderId),
    queryFn: ({ signal }) => request('adminOrderDetail', { orderId }, { signal }),
  });
}

export function useAdminOrder(orderId: string | null) {
  return useQuery({ ...adminOrderQueryOptions(orderId ?? ''), enabled: orderId !== null });
}
