import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** One page of an agent's live sessions, never a token (`admin/agents/sessions`). */
export function adminAgentSessionsQueryOptions(filter: CallInput<'adminAgentSessions'>) {
  return queryOptions({
    queryKey: queryKeys.admin.agents.sessions(filter),
    queryFn: ({ signal }) => request('adminAgentSessions', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminAgentSessions(filter: CallInput<'adminAgentSessions'>) {
  return useQuery(adminAgentSessionsQueryOptions(filter));
}
