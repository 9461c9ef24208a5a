import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

/** Create an operator: its one-time password and enrolment URI are answered once. */
export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'adminOperatorCreate'>) => request('adminOperatorCreate', input),
    onSettled: () => invalidate.operatorsChanged(queryClient),
  });
}

/** Change another operator's role, or disable or enable it. */
export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'adminOperatorUpdate'>) => request('adminOperatorUpdate', input),
    onSettled: () => invalidate.operatorsChanged(queryClient),
  });
}

/** Reset another operator's password and/or authenticator: answered once (decision 037). */
export function useResetOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'adminOperatorReset'>) => request('adminOperatorReset', input),
    onSettled: () => invalidate.operatorsChanged(queryClient),
  });
}

/** End every session of an operator. */
export function useRevokeOperatorSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('adminOperatorRevokeSessions', { id }),
    onSettled: () => invalidate.operatorsChanged(queryClient),
  });
}
