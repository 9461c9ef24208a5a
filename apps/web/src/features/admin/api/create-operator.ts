import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Create an operator: its one-time password and enrolment URI are answered once. */
export function createOperator(input: CallInput<'adminOperatorCreate'>) {
  return request('adminOperatorCreate', input);
}

export function useCreateOperator() {
  return useAdminMutation(createOperator, invalidate.operatorsChanged);
}
