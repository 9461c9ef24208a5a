import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';

/** One cart line becomes one order (`shop/goods/buyGoods`): an order holds one goods line. */
export function buyCartLine(input: CallInput<'buyGoods'>) {
  return request('buyGoods', input);
}

export function useBuyCartLine() {
  return useMutation({ mutationFn: buyCartLine });
}
