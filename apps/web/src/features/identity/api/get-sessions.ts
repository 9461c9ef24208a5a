import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The live sessions of the agent's account, the current one first (`agent/user/sessions`). */
export function getSessions() {
  return request('sessionList', {});
}

export function sessionsQueryOptions() {
  // Each device's "last seen" moves as it is used: read afresh whenever the profile is opened.
  return queryOptions({ queryKey: queryKeys.sessions(), queryFn: getSessions, staleTime: 0 });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
