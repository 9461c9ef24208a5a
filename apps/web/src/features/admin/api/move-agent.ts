import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** An agent (and its downline) under a new parent, against the parent the operator saw. */
export function moveAgent(input: CallInput<'adminAgentMove'>) {
  return request('adminAgentMove', input);
}

export function useMoveAgent() {
  return useAdminMutation(moveAgent, invalidate.agentsChanged);
}
