import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Removes the agent's password, with a reason (decision 037): every session ends, nobody sees a new one. */
export function resetAgentPassword(input: CallInput<'adminAgentResetPassword'>) {
  return request('adminAgentResetPassword', input);
}

export function useResetAgentPassword() {
  return useAdminMutation(resetAgentPassword, invalidate.agentsChanged);
}
