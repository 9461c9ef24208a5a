import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

export const RECENT_BILL_LIMIT = 10;

/** The newest entries of both currencies (`agent/user/recentBill`). */
export async function getRecentBill(limit: number) {
  return (await request('recentBill', { limit })).list;
}

/** Read again each time the page opens. */
export function getRecentBillQueryOptions(limit = RECENT_BILL_LIMIT) {
  return queryOptions({
    queryKey: ['agent', 'recent-bill', limit],
    queryFn: () => getRecentBill(limit),
    staleTime: 0,
  });
}

export function useRecentBill(limit = RECENT_BILL_LIMIT) {
  return useQuery(getRecentBillQueryOptions(limit));
}
