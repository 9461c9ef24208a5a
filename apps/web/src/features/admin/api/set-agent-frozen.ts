import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Freeze (active → frozen) or unfreeze (frozen → active) with a reason. */
export function setAgentFrozen({ frozen, ...input }: CallInput<'adminAgentFreeze'> & { frozen: boolean }) {
  return request(frozen ? 'adminAgentFreeze' : 'adminAgentUnfreeze', input);
}

export function useSetAgentFrozen() {
  return useAdminMutation(setAgentFrozen, invalidate.agentsChanged);
}
