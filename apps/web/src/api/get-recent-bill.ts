import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

export const RECENT_BILL_LIMIT = 10;

/** The newest entries of both currencies (`agent/user/recentBill`). */
export async function getRecentBill(limit: number) {
  return (await request('recentBill', { limit })).list;
}

/** Read again each time the page opens. */
export function recentBillQueryOptions(limit = RECENT_BILL_LIMIT) {
  return queryOptions({
    queryKey: queryKeys.recentBill.list(limit),
    queryFn: () => getRecentBill(limit),
    staleTime: 0,
  });
}

export function useRecentBill(limit = RECENT_BILL_LIMIT) {
  return useQuery(recentBillQueryOptions(limit));
}
