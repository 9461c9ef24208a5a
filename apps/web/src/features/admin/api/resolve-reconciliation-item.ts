import { request } from '../../../api/client';
import { useAdminMutation } from './admin-mutation';
import { reconciliationChanged } from './get-admin-reconciliation';

/** A mismatch resolved, once, with what was found or done (`admin/reconciliation/resolve`, right `reconcile`). */
export function resolveReconciliationItem(input: { itemId: string; resolution: string }) {
  return request('adminReconciliationResolve', input);
}

export function useResolveReconciliationItem() {
  return useAdminMutation(resolveReconciliationItem, reconciliationChanged);
}
