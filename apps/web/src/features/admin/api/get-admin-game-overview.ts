import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** How often the game's figures are read again while a page shows them: the lag is a live figure. */
export const GAME_OVERVIEW_REFRESH_MS = 15_000;

/**
 * The game's deliveries now (`admin/game/overview`, decision 040): the endpoint, the secrets, pending and failed
 * events, the lag, the queue's depth and the last hour. The page and the dashboard's tile read it.
 */
export function adminGameOverviewQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.game.overview(),
    queryFn: ({ signal }) => request('adminGameOverview', {}, { signal }),
    refetchInterval: GAME_OVERVIEW_REFRESH_MS,
  });
}

export function useAdminGameOverview(enabled = true) {
  return useQuery({ ...adminGameOverviewQueryOptions(), enabled });
}
