import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Create goods, or edit them against the revision read. */
export function saveGoods(input: CallInput<'adminGoodsSave'>) {
  return request('adminGoodsSave', input);
}

export function useSaveGoods() {
  return useAdminMutation(saveGoods, invalidate.catalogChanged);
}
