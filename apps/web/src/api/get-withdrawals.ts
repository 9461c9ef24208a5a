import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WithdrawalStatus } from '@promoter/contract';
import { request } from './client';
import { nextPageOf, PAGE_SIZE } from './paging';
import { queryKeys } from './query-keys';

/** The caller's withdrawals, newest first (`agent/user/withdrawLogPost`). */
export function getWithdrawals(input: { status?: WithdrawalStatus; page: number; pageSize: number }) {
  return request('withdrawLog', input);
}

export function withdrawalsInfiniteQueryOptions(status: WithdrawalStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: queryKeys.withdrawals.list(status),
    queryFn: ({ pageParam }) => getWithdrawals({ status, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useWithdrawals(status: WithdrawalStatus | undefined) {
  return useInfiniteQuery(withdrawalsInfiniteQueryOptions(status));
}
