import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { request } from './client';
import { nextPageOf, PAGE_SIZE } from './paging';
import { queryKeys } from './query-keys';
import type { ChildrenPageQuery } from './query-keys';

/** Direct child agents, a page at a time (`agent/user/children`); keyword: an agent id or part of a nickname. */
export function getChildren(query: ChildrenPageQuery) {
  return request('children', { ...query, keyword: query.keyword?.trim() || undefined });
}

/** Numbered pages (the downline's list); the previous page stays on screen while the next loads. */
export function childrenPageQueryOptions(query: ChildrenPageQuery) {
  return queryOptions({
    queryKey: queryKeys.children.page(query),
    queryFn: () => getChildren(query),
    placeholderData: keepPreviousData,
  });
}

/** One endless list per keyword (the transfer page). */
export function childrenInfiniteQueryOptions(keyword: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.children.infinite(keyword),
    queryFn: ({ pageParam }) => getChildren({ keyword, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** Every agent below the caller, nearest first, one endless list per keyword (`children` with scope `team`). */
export function childrenTeamInfiniteQueryOptions(keyword: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.children.team(keyword),
    queryFn: ({ pageParam }) =>
      request('children', {
        keyword: keyword.trim() || undefined,
        scope: 'team',
        page: pageParam,
        pageSize: PAGE_SIZE,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useChildrenPage(query: ChildrenPageQuery) {
  return useQuery(childrenPageQueryOptions(query));
}

export function useChildrenInfinite(keyword: string, enabled = true) {
  return useInfiniteQuery({ ...childrenInfiniteQueryOptions(keyword), enabled });
}

export function useChildrenTeamInfinite(keyword: string, enabled = true) {
  return useInfiniteQuery({ ...childrenTeamInfiniteQueryOptions(keyword), enabled });
}
