import { request } from '../../../api/client';
import { useAdminMutation } from './admin-mutation';
import { reconciliationChanged } from './get-admin-reconciliation';

/** A past day reconciled now, its bill downloaded again (`admin/reconciliation/run`, right `reconcile`). */
export function runReconciliation(date: string) {
  return request('adminReconciliationRun', { date });
}

export function useRunReconciliation() {
  return useAdminMutation(runReconciliation, reconciliationChanged);
}
