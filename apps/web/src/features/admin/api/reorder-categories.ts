import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Put every category in a new order. */
export function reorderCategories(ids: number[]) {
  return request('adminCategoryReorder', { ids });
}

export function useReorderCategories() {
  return useAdminMutation(reorderCategories, invalidate.catalogChanged);
}
