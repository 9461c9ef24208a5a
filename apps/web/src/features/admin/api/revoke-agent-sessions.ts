import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Ends every session of an agent, with a reason. */
export function revokeAgentSessions(input: CallInput<'adminAgentRevokeSessions'>) {
  return request('adminAgentRevokeSessions', input);
}

export function useRevokeAgentSessions() {
  return useAdminMutation(revokeAgentSessions, invalidate.agentsChanged);
}
