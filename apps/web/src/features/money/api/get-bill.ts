import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MONEY_QUERY_KEY, nextPageOf, PAGE_SIZE } from './keys';

export interface BillFilter {
  currency: 1 | 2;
  billType?: number;
  /** ISO times with offset; `to` is exclusive. */
  from?: string;
  to?: string;
}

/** Ledger entries of one currency, newest first (`agent/user/bill`). */
export function getBill(input: BillFilter & { page: number; pageSize: number }) {
  return request('bill', input);
}

export function getBillInfiniteOptions(filter: BillFilter) {
  return infiniteQueryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'bill', filter],
    queryFn: ({ pageParam }) => getBill({ ...filter, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useBill(filter: BillFilter) {
  return useInfiniteQuery(getBillInfiniteOptions(filter));
}
