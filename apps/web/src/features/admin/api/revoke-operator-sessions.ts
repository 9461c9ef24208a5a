import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** End every session of an operator. */
export function revokeOperatorSessions(id: number) {
  return request('adminOperatorRevokeSessions', { id });
}

export function useRevokeOperatorSessions() {
  return useAdminMutation(revokeOperatorSessions, invalidate.operatorsChanged);
}
