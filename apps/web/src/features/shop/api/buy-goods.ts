import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';

/** Creates an order of one package line and its payment (`shop/goods/buyGoods`); same requestId, same order. */
export function buyGoods(input: CallInput<'buyGoods'>) {
  return request('buyGoods', input);
}

export function useBuyGoods() {
  return useMutation({ mutationFn: buyGoods });
}
