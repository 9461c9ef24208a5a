import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Approve or refuse a registration that waits for review, with a reason. */
export function reviewRegistration(input: CallInput<'adminAgentReviewRegistration'>) {
  return request('adminAgentReviewRegistration', input);
}

export function useReviewRegistration() {
  return useAdminMutation(reviewRegistration, invalidate.agentsChanged);
}
