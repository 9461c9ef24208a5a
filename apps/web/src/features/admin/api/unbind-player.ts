import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Unbind a player from the agent the operator saw, with a reason. */
export function unbindPlayer(input: CallInput<'adminPlayerUnbind'>) {
  return request('adminPlayerUnbind', input);
}

export function useUnbindPlayer() {
  return useAdminMutation(unbindPlayer, invalidate.agentsChanged);
}
