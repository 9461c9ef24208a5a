import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

function useAdjustmentMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidate.adjustmentsChanged(queryClient) });
}

/** A manual adjustment (bill type 9), once per requestId: applied at once, or pending a second operator. */
export const useCreateAdjustment = () =>
  useAdjustmentMutation((input: CallInput<'adminAdjustmentCreate'>) =>
    request('adminAdjustmentCreate', input),
  );

/** A second operator applies a pending adjustment. */
export const useApproveAdjustment = () =>
  useAdjustmentMutation((id: string) => request('adminAdjustmentApprove', { id }));

export const useRejectAdjustment = () =>
  useAdjustmentMutation((input: CallInput<'adminAdjustmentReject'>) =>
    request('adminAdjustmentReject', input),
  );
