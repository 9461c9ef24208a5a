import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminPlayerFilter = CallInput<'adminPlayerList'>;

/** One page of the console's players, filtered on the server (`admin/players/list`). */
export function adminPlayersQueryOptions(filter: AdminPlayerFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.players.list(filter),
    queryFn: ({ signal }) => request('adminPlayerList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPlayers(filter: AdminPlayerFilter) {
  return useQuery(adminPlayersQueryOptions(filter));
}
