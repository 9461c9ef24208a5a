import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

/** Sets a direct child's price per diamond, between my own price and retail (`agent/user/price`). */
export function setChildPrice(input: CallInput<'setPrice'>) {
  return request('setPrice', input);
}

export function useSetChildPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChildPrice,
    onSuccess: () => invalidate.downlineChanged(queryClient),
  });
}
