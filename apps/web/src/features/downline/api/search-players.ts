import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Players found by id or mobile (`agent/index/searchUser`), each saying whether it is bound to me. */
export async function searchPlayers(keyword: string) {
  return (await request('searchUser', { keyword })).list;
}

export function searchPlayersQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: ['downline', 'search-players', keyword],
    queryFn: () => searchPlayers(keyword),
    staleTime: 0,
  });
}

/** Runs once a keyword is submitted; an empty keyword searches nothing. */
export function useSearchPlayers(keyword: string) {
  return useQuery({ ...searchPlayersQueryOptions(keyword), enabled: keyword.trim() !== '' });
}
