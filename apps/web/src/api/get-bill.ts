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

/** How often an open recharge's detail asks again while its diamonds are on their way to the game. */
const GAME_DELIVERY_POLL_MS = 5_000;

export function billDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.bill.detail(id),
    queryFn: () => getBillDetail(id),
    // An entry never changes, but whether the game has a recharge's diamonds does: such an entry is asked again.
    staleTime: (query) => {
      const delivery = query.state.data?.gameDelivery;
      return delivery && delivery !== 'delivered' ? 0 : 5 * 60_000;
    },
  });
}

export function useBillDetail(id: string) {
  return useQuery({
    ...billDetailQueryOptions(id),
    // Until the game has them or the server says they are late (two minutes at most).
    refetchInterval: (query) =>
      query.state.data?.gameDelivery === 'onItsWay' ? GAME_DELIVERY_POLL_MS : false,
  });
}
