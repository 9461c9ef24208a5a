import { request } from '../../../api/client';
import { useAdminMutation } from './admin-mutation';
import { refundsChanged } from './get-admin-refunds';

/** A second operator (never its maker) approves a waiting refund: it is sent to the provider (`admin/refunds/approve`). */
export function approveRefund(id: string) {
  return request('adminRefundApprove', { id });
}

export function useApproveRefund() {
  return useAdminMutation(approveRefund, refundsChanged);
}
