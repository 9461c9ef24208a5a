import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

/** A player bound to me becomes my child agent at a level below mine (`agent/user/setChildAgent`). */
export async function setChildAgent(input: CallInput<'setChildAgent'>) {
  return (await request('setChildAgent', input)).child;
}

export function useSetChildAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChildAgent,
    onSuccess: () => invalidate.downlineChanged(queryClient),
  });
}
