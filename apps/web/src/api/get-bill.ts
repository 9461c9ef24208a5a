import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { nextPageOf, PAGE_SIZE } from './paging';
import { queryKeys } from './query-keys';
import type { BillFilter } from './query-keys';

export type { BillFilter } from './query-keys';

/** Ledger entries of one currency, newest first (`agent/user/bill`). */
export function getBill(input: BillFilter & { page: number; pageSize: number }) {
  return request('bill', input);
}

export function billInfiniteQueryOptions(filter: BillFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.bill.list(filter),
    queryFn: ({ pageParam }) => getBill({ ...filter, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useBill(filter: BillFilter) {
  return useInfiniteQuery(billInfiniteQueryOptions(filter));
}

/** One of the caller's entries with what it refers to (`agent/user/billDetail`). */
export function getBillDetail(id: string) {
  return request('billDetail', { id });
}

export function billDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.bill.detail(id),
    queryFn: () => getBillDetail(id),
    staleTime: 5 * 60_000,
  });
}

export function useBillDetail(id: string) {
  return useQuery(billDetailQueryOptions(id));
}
