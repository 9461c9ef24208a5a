import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

/** One of my orders with its status (`shop/order/orderquery`). */
export function getOrder(orderId: string) {
  return request('orderQuery', { orderId });
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: queryKeys.order(orderId),
    queryFn: () => getOrder(orderId),
    staleTime: 0,
  });
}

export interface UseOrderOptions {
  /**
   * Poll this often (ms) while the order is pending, and once paid while its diamonds are on their way to the game
   * (at most two minutes: the server says delayed after that); false stops polling.
   */
  pollWhilePending: number | false;
}

export function useOrder(orderId: string, { pollWhilePending }: UseOrderOptions) {
  return useQuery({
    ...orderQueryOptions(orderId),
    enabled: orderId !== '',
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || query.state.data?.gameDelivery === 'onItsWay'
        ? pollWhilePending
        : false,
  });
}
