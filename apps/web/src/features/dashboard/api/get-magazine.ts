import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useAgentSession } from './agent-session';

export const MAGAZINE_PAGE_SIZE = 10;

/** A page of the platform's articles, newest first, in the reader's language (`agent/dashboard/magazine`). */
export function useMagazine(page: number) {
  return useQuery({
    queryKey: queryKeys.dashboards.magazine(page),
    queryFn: () => request('dashboardMagazine', { page, pageSize: MAGAZINE_PAGE_SIZE }),
    enabled: useAgentSession(),
    placeholderData: keepPreviousData,
  });
}
