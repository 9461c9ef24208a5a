import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The profile beyond getUser (`agent/user/profile`): since when, the parent's card, players and children counted. */
export function getAgentProfile() {
  return request('agentProfile', {});
}

export function agentProfileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.agentProfile(), queryFn: getAgentProfile });
}

export function useAgentProfile() {
  return useQuery(agentProfileQueryOptions());
}
