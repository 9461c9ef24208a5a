import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminAgentFilter = CallInput<'adminAgentList'>;

/** One page of the console's agents, filtered and sorted on the server (`admin/agents/list`); an agent's children too. */
export function adminAgentsQueryOptions(filter: AdminAgentFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.agents.list(filter),
    queryFn: ({ signal }) => request('adminAgentList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminAgents(filter: AdminAgentFilter) {
  return useQuery(adminAgentsQueryOptions(filter));
}
