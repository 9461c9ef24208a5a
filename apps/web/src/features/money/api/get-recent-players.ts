import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MONEY_QUERY_KEY } from './keys';

/** The players this agent recharged lately (`agent/user/recentUser`). */
export async function getRecentPlayers() {
  return (await request('recentUser', {})).list;
}

export function getRecentPlayersQueryOptions() {
  return queryOptions({ queryKey: [...MONEY_QUERY_KEY, 'recent-players'], queryFn: getRecentPlayers });
}

export function useRecentPlayers() {
  return useQuery(getRecentPlayersQueryOptions());
}
