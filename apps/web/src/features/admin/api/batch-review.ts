import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

export type BatchInput =
  { action: 'approve'; ids: string[] } | { action: 'reject'; ids: string[]; reason: string };

/** Batch approve or reject (one reason): the answer says which changed and which were skipped, and why. */
export function batchReview(input: BatchInput) {
  return input.action === 'approve'
    ? request('adminWithdrawalBatchApprove', { ids: input.ids })
    : request('adminWithdrawalBatchReject', { ids: input.ids, reason: input.reason });
}

export function useBatchReview() {
  return useAdminMutation(batchReview, invalidate.withdrawalsReviewed);
}
