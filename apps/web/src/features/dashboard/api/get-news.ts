import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useAgentSession } from './agent-session';

export const NEWS_PAGE_SIZE = 10;

/** A page of the announcements to the agent, newest first, in its language (`agent/dashboard/news`). */
export function useNews(page: number) {
  return useQuery({
    queryKey: queryKeys.dashboards.news(page),
    queryFn: () => request('dashboardNews', { page, pageSize: NEWS_PAGE_SIZE }),
    enabled: useAgentSession(),
    placeholderData: keepPreviousData,
  });
}
