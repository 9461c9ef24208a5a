import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** One event of the game's outbox: what the game is sent and every try (`admin/game/event`). */
export function adminGameEventQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.admin.game.event(id),
    queryFn: ({ signal }) => request('adminGameEventDetail', { id }, { signal }),
  });
}

export function useAdminGameEvent(id: string | null) {
  return useQuery({ ...adminGameEventQueryOptions(id ?? ''), enabled: id !== null });
}
