import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Create an article, or change one from the version the operator opened. */
export function saveArticle(input: CallInput<'adminArticleSave'>) {
  return request('adminArticleSave', input);
}

export function useSaveArticle() {
  return useAdminMutation(saveArticle, invalidate.contentChanged);
}
