import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** An agent's public card (`agent/public/agentCard`): who a player is about to bind to. */
export function getAgentCard(agentId: number) {
  return request('agentCard', { agentId });
}

export function agentCardQueryOptions(agentId: number) {
  return queryOptions({ queryKey: queryKeys.agentCard(agentId), queryFn: () => getAgentCard(agentId) });
}

/** The card of `agentId`; nothing is asked while it is null. */
export function useAgentCard(agentId: number | null) {
  return useQuery({ ...agentCardQueryOptions(agentId ?? 0), enabled: agentId !== null });
}
