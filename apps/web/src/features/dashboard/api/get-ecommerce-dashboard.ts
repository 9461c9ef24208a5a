import type { CallInput } from '@promoter/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useAgentSession } from './agent-session';

/** What the agent sold and bought per day over a period, and its top players (`agent/dashboard/ecommerce`). */
export function useEcommerceDashboard(input: CallInput<'dashboardEcommerce'>) {
  return useQuery({
    queryKey: queryKeys.dashboards.ecommerce(input),
    queryFn: () => request('dashboardEcommerce', input),
    enabled: useAgentSession(),
    placeholderData: keepPreviousData,
  });
}
