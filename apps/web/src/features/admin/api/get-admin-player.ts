import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** A player's page: its diamonds, its agent, its last orders (`admin/players/detail`). */
export function adminPlayerQueryOptions(playerId: number) {
  return queryOptions({
    queryKey: queryKeys.admin.players.detail(playerId),
    queryFn: ({ signal }) => request('adminPlayerDetail', { playerId }, { signal }),
  });
}

export function useAdminPlayer(playerId: number) {
  return useQuery(adminPlayerQueryOptions(playerId));
}
