import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** An agent's new level, against the one the operator saw. */
export function changeAgentLevel(input: CallInput<'adminAgentChangeLevel'>) {
  return request('adminAgentChangeLevel', input);
}

export function useChangeAgentLevel() {
  return useAdminMutation(changeAgentLevel, invalidate.agentsChanged);
}
