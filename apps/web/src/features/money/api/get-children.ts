import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MONEY_QUERY_KEY, nextPageOf, PAGE_SIZE } from './keys';

/** Direct child agents, found by keyword (`agent/user/children`). */
export function getChildren(input: { keyword?: string; page: number; pageSize: number }) {
  return request('children', input);
}

export function getChildrenInfiniteOptions(keyword: string) {
  return infiniteQueryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'children', keyword],
    queryFn: ({ pageParam }) =>
      getChildren({ keyword: keyword || undefined, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useChildren(keyword: string, enabled = true) {
  return useInfiniteQuery({ ...getChildrenInfiniteOptions(keyword), enabled });
}
