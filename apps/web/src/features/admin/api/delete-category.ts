import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Delete a category that holds no goods. */
export function deleteCategory(input: CallInput<'adminCategoryDelete'>) {
  return request('adminCategoryDelete', input);
}

export function useDeleteCategory() {
  return useAdminMutation(deleteCategory, invalidate.catalogChanged);
}
