import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Create a category, or rename one against the revision read. */
export function saveCategory(input: CallInput<'adminCategorySave'>) {
  return request('adminCategorySave', input);
}

export function useSaveCategory() {
  return useAdminMutation(saveCategory, invalidate.catalogChanged);
}
