import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WithdrawalStatus } from '@promoter/contract';
import { request } from '../../../api/client';
import { MONEY_QUERY_KEY, nextPageOf, PAGE_SIZE } from './keys';

/** The caller's withdrawals, newest first (`agent/user/withdrawLogPost`). */
export function getWithdrawals(input: { status?: WithdrawalStatus; page: number; pageSize: number }) {
  return request('withdrawLog', input);
}

export function getWithdrawalsInfiniteOptions(status: WithdrawalStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'withdrawals', status ?? 'all'],
    queryFn: ({ pageParam }) => getWithdrawals({ status, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useWithdrawals(status: WithdrawalStatus | undefined) {
  return useInfiniteQuery(getWithdrawalsInfiniteOptions(status));
}
