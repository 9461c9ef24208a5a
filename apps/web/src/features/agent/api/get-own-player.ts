import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** The signed-in player's own record (`agent/login/getPlayer`): its current agent. */
export function getOwnPlayer(playerId: number) {
  return request('getPlayer', { playerId });
}

export function getOwnPlayerQueryOptions(playerId: number) {
  return queryOptions({ queryKey: ['player', playerId], queryFn: () => getOwnPlayer(playerId) });
}

export function useOwnPlayer(playerId: number, enabled: boolean) {
  return useQuery({ ...getOwnPlayerQueryOptions(playerId), enabled });
}
