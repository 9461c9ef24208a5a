import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { getAllChildrenQueryOptions } from './get-children';
import { getDownlineTreeQueryOptions } from './get-downline-tree';

/** A player bound to me becomes my child agent at a level below mine (`agent/user/setChildAgent`). */
export async function setChildAgent(input: CallInput<'setChildAgent'>) {
  return (await request('setChildAgent', input)).child;
}

export function useSetChildAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChildAgent,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getDownlineTreeQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAllChildrenQueryOptions().queryKey }),
      ]);
    },
  });
}
