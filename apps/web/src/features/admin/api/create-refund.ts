import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { useAdminMutation } from './admin-mutation';
import { refundsChanged } from './get-admin-refunds';

/**
 * Refund a paid or held order, whole or in part, with the reason its buyer reads (`admin/refunds/create`): sent to the
 * provider at once, or waiting for a second operator past the refund limits. The same requestId is one refund.
 */
export function createRefund(input: CallInput<'adminRefundCreate'>) {
  return request('adminRefundCreate', input);
}

export function useCreateRefund() {
  return useAdminMutation(createRefund, refundsChanged);
}
