import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** One of my orders with its status (`shop/order/orderquery`). */
export function getOrder(orderId: string) {
  return request('orderQuery', { orderId });
}

export function getOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['shop', 'order', orderId],
    queryFn: () => getOrder(orderId),
    staleTime: 0,
  });
}

export interface UseOrderOptions {
  /** Poll this often (ms) while the order is pending; false stops polling. */
  pollWhilePending: number | false;
}

export function useOrder(orderId: string, { pollWhilePending }: UseOrderOptions) {
  return useQuery({
    ...getOrderQueryOptions(orderId),
    enabled: orderId !== '',
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? pollWhilePending : false),
  });
}
