import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { nextPageOf, PAGE_SIZE } from '../../../api/paging';
import { type BoundPlayersQuery, queryKeys } from '../../../api/query-keys';

/**
 * The players bound to the agent, with its last recharge to each and the diamonds of the last `days` days
 * (`agent/user/players`), searched and sorted on the server.
 */
export function getBoundPlayers(query: BoundPlayersQuery & { page: number; pageSize: number }) {
  return request('boundPlayers', { ...query, keyword: query.keyword.trim() || undefined });
}

export function boundPlayersInfiniteQueryOptions(query: BoundPlayersQuery) {
  return infiniteQueryOptions({
    queryKey: queryKeys.boundPlayers.list(query),
    queryFn: ({ pageParam }) => getBoundPlayers({ ...query, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // Another period or order keeps the last list on screen until the new one is there.
    placeholderData: keepPreviousData,
  });
}

export function useBoundPlayers(query: BoundPlayersQuery) {
  return useInfiniteQuery(boundPlayersInfiniteQueryOptions(query));
}
