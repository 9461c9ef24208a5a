import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Change another operator's role, or disable or enable it. */
export function updateOperator(input: CallInput<'adminOperatorUpdate'>) {
  return request('adminOperatorUpdate', input);
}

export function useUpdateOperator() {
  return useAdminMutation(updateOperator, invalidate.operatorsChanged);
}
