import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

/** Players found by exact id or mobile (`agent/index/searchUser`), each saying whether it is bound to me. */
export async function searchPlayers(keyword: string) {
  return (await request('searchUser', { keyword })).list;
}

export function searchPlayersQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: queryKeys.searchPlayers.list(keyword),
    queryFn: () => searchPlayers(keyword),
    staleTime: 0,
  });
}

/** Runs once a keyword was submitted: null or a blank keyword searches nothing. */
export function useSearchPlayers(keyword: string | null) {
  return useQuery({
    ...searchPlayersQueryOptions(keyword ?? ''),
    enabled: keyword !== null && keyword.trim() !== '',
  });
}
