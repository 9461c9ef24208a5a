import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MONEY_QUERY_KEY } from './keys';

/** Players by exact id or mobile (`agent/index/searchUser`). */
export async function searchPlayers(keyword: string) {
  return (await request('searchUser', { keyword })).list;
}

export function searchPlayersQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'search-players', keyword],
    queryFn: () => searchPlayers(keyword),
    staleTime: 0,
  });
}

/** Runs only once a keyword was submitted. */
export function useSearchPlayers(keyword: string | null) {
  return useQuery({ ...searchPlayersQueryOptions(keyword ?? ''), enabled: keyword !== null });
}
