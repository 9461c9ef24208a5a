import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** A second operator applies a pending adjustment. */
export function approveAdjustment(id: string) {
  return request('adminAdjustmentApprove', { id });
}

export function useApproveAdjustment() {
  return useAdminMutation(approveAdjustment, invalidate.adjustmentsChanged);
}
