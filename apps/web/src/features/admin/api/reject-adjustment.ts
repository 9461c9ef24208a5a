import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** A pending adjustment refused, with a reason. */
export function rejectAdjustment(input: CallInput<'adminAdjustmentReject'>) {
  return request('adminAdjustmentReject', input);
}

export function useRejectAdjustment() {
  return useAdminMutation(rejectAdjustment, invalidate.adjustmentsChanged);
}
