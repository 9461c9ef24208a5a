import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Put the goods of a category in a new order. */
export function reorderGoods(input: CallInput<'adminGoodsReorder'>) {
  return request('adminGoodsReorder', input);
}

export function useReorderGoods() {
  return useAdminMutation(reorderGoods, invalidate.catalogChanged);
}
