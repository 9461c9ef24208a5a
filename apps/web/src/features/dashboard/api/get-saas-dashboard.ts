import type { CallInput } from '@promoter/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useAgentSession } from './agent-session';

/** The agent's level, prices and upgrade plan over a period (`agent/dashboard/saas`). */
export function useSaasDashboard(input: CallInput<'dashboardSaas'>) {
  return useQuery({
    queryKey: queryKeys.dashboards.saas(input),
    queryFn: () => request('dashboardSaas', input),
    enabled: useAgentSession(),
    placeholderData: keepPreviousData,
  });
}
