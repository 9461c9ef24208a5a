import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Deliver a held order once its agent is active again (`admin/orders/release`), with a reason. */
export function releaseHeldOrder(input: { orderId: string; reason: string }) {
  return request('adminOrderRelease', input);
}

export function useReleaseHeldOrder() {
  return useAdminMutation(releaseHeldOrder, invalidate.heldOrderReleased);
}
