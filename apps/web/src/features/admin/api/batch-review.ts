import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

export type BatchInput =
  { action: 'approve'; ids: string[] } | { action: 'reject'; ids: string[]; reason: string };

/** Batch approve or reject (one reason): the answer says which changed and which were skipped, and why. */
export function useBatchReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchInput) =>
      input.action === 'approve'
        ? request('adminWithdrawalBatchApprove', { ids: input.ids })
        : request('adminWithdrawalBatchReject', { ids: input.ids, reason: input.reason }),
    onSettled: () => invalidate.withdrawalsReviewed(queryClient),
  });
}
