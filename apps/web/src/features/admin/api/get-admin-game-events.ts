import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminGameEventFilter = CallInput<'adminGameEventList'>;

/** One page of the game's outbox by status, player and time, each event with its last try (`admin/game/events`). */
export function adminGameEventsQueryOptions(filter: AdminGameEventFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.game.events(filter),
    queryFn: ({ signal }) => request('adminGameEventList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminGameEvents(filter: AdminGameEventFilter) {
  return useQuery(adminGameEventsQueryOptions(filter));
}
