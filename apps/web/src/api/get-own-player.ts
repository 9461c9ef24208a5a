import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

/** The signed-in player's own record (`agent/login/getPlayer`): its current agent. */
export function getOwnPlayer(playerId: number) {
  return request('getPlayer', { playerId });
}

export function ownPlayerQueryOptions(playerId: number) {
  return queryOptions({ queryKey: queryKeys.player(playerId), queryFn: () => getOwnPlayer(playerId) });
}

export function useOwnPlayer(playerId: number, enabled: boolean) {
  return useQuery({ ...ownPlayerQueryOptions(playerId), enabled });
}
