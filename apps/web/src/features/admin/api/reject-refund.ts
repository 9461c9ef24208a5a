import { request } from '../../../api/client';
import { useAdminMutation } from './admin-mutation';
import { refundsChanged } from './get-admin-refunds';

/** Reject a waiting refund with a reason: nothing is given back (`admin/refunds/reject`). */
export function rejectRefund(input: { id: string; reason: string }) {
  return request('adminRefundReject', input);
}

export function useRejectRefund() {
  return useAdminMutation(rejectRefund, refundsChanged);
}
