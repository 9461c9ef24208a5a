import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** One page of the recharges a player received from agents (`admin/players/recharges`). */
export function adminPlayerRechargesQueryOptions(filter: CallInput<'adminPlayerRecharges'>) {
  return queryOptions({
    queryKey: queryKeys.admin.players.recharges(filter),
    queryFn: ({ signal }) => request('adminPlayerRecharges', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPlayerRecharges(filter: CallInput<'adminPlayerRecharges'>) {
  return useQuery(adminPlayerRechargesQueryOptions(filter));
}
