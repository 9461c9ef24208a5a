import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Reset another operator's password and/or authenticator: answered once (decision 037). */
export function resetOperator(input: CallInput<'adminOperatorReset'>) {
  return request('adminOperatorReset', input);
}

export function useResetOperator() {
  return useAdminMutation(resetOperator, invalidate.operatorsChanged);
}
