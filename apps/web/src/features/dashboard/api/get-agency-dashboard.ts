import type { CallInput } from '@promoter/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useAgentSession } from './agent-session';

/** The downline's growth and the ranked children (`agent/dashboard/agency`). */
export function useAgencyDashboard(input: CallInput<'dashboardAgency'>) {
  return useQuery({
    queryKey: queryKeys.dashboards.agency(input),
    queryFn: () => request('dashboardAgency', input),
    enabled: useAgentSession(),
    placeholderData: keepPreviousData,
  });
}
