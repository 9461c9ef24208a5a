import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** An agent's page: profile, money, today, parent, recent orders and withdrawals (`admin/agents/detail`). */
export function adminAgentQueryOptions(agentId: number) {
  return queryOptions({
    queryKey: queryKeys.admin.agents.detail(agentId),
    queryFn: ({ signal }) => request('adminAgentDetail', { agentId }, { signal }),
  });
}

export function useAdminAgent(agentId: number) {
  return useQuery(adminAgentQueryOptions(agentId));
}
