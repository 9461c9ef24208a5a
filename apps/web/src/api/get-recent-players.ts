import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

/** The players this agent recharged lately (`agent/user/recentUser`). */
export async function getRecentPlayers() {
  return (await request('recentUser', {})).list;
}

export function recentPlayersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.recentPlayers(), queryFn: getRecentPlayers });
}

export function useRecentPlayers() {
  return useQuery(recentPlayersQueryOptions());
}
