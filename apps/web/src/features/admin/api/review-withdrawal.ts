import type { WithdrawalReviewAction } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** What an operator does to one withdrawal (WITHDRAWAL_REVIEW); `text` is the reason (reject, fail) or the reference (pay). */
export type ReviewAction = WithdrawalReviewAction;

export interface ReviewInput {
  action: ReviewAction;
  id: string;
  text?: string;
}

export function reviewWithdrawal({ action, id, text = '' }: ReviewInput) {
  switch (action) {
    case 'approve':
      return request('adminWithdrawalApprove', { id });
    case 'reject':
      return request('adminWithdrawalReject', { id, reason: text });
    case 'pay':
      return request('adminWithdrawalPay', { id, reference: text });
    case 'fail':
      return request('adminWithdrawalFail', { id, reason: text });
  }
}

/** One change of a withdrawal's state (a compare-and-set on the server); the queue and the audit refresh. */
export function useReviewWithdrawal() {
  return useAdminMutation(reviewWithdrawal, invalidate.withdrawalsReviewed);
}
