import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

/** Change settings, each against the value the operator saw; whatever the answer, the screens refresh. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'adminOptionsUpdate'>) => request('adminOptionsUpdate', input),
    onSettled: () => invalidate.settingsChanged(queryClient),
  });
}
