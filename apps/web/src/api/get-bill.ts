import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { PAGE_SIZE } from './paging';
import { queryKeys } from './query-keys';
import type { BillFilter } from './query-keys';

export type { BillFilter } from './query-keys';

/** Ledger entries of one currency, newest first (`agent/user/bill`). */
export function getBill(input: BillFilter & { page: number; pageSize: number; cursor?: string }) {
  return request('bill', input);
}

/** A page of the endless bill list: its number, and the cursor the page before answered (none for the first). */
interface BillPageParam {
  page: number;
  cursor?: string;
}

export function billInfiniteQueryOptions(filter: BillFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.bill.list(filter),
    queryFn: ({ pageParam }) => getBill({ ...filter, ...pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: { page: 1 } as BillPageParam,
    // Scrolling on asks with the cursor of the page before: a deep page is an index seek on the server, and
    // entries written meanwhile neither repeat nor shift the list (decision 023).
    getNextPageParam: (last): BillPageParam | undefined =>
      last.nextCursor ? { page: last.page + 1, cursor: last.nextCursor } : undefined,
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
