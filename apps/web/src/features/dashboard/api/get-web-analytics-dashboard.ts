import type { CallInput } from '@promoter/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useAgentSession } from './agent-session';

/** The invite link's opens, visitors, sign-ups and binds per day (`agent/dashboard/webAnalytics`). */
export function useWebAnalyticsDashboard(input: CallInput<'dashboardWebAnalytics'>) {
  return useQuery({
    queryKey: queryKeys.dashboards.webAnalytics(input),
    queryFn: () => request('dashboardWebAnalytics', input),
    enabled: useAgentSession(),
    placeholderData: keepPreviousData,
  });
}
