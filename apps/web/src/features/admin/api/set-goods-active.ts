import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Put goods on sale or take them off. */
export function setGoodsActive(input: CallInput<'adminGoodsSetActive'>) {
  return request('adminGoodsSetActive', input);
}

export function useSetGoodsActive() {
  return useAdminMutation(setGoodsActive, invalidate.catalogChanged);
}
