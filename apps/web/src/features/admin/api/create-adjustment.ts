import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** A manual adjustment (bill type 9), once per requestId: applied at once, or pending a second operator. */
export function createAdjustment(input: CallInput<'adminAdjustmentCreate'>) {
  return request('adminAdjustmentCreate', input);
}

export function useCreateAdjustment() {
  return useAdminMutation(createAdjustment, invalidate.adjustmentsChanged);
}
