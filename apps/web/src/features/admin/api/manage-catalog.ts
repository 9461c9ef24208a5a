import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

/** A change of the catalog refreshes the console's lists, every shop and the audit log, whatever its answer. */
function useCatalogMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidate.catalogChanged(queryClient) });
}

/** Create a category, or rename one against the revision read. */
export const useSaveCategory = () =>
  useCatalogMutation((input: CallInput<'adminCategorySave'>) => request('adminCategorySave', input));

/** Put every category in a new order. */
export const useReorderCategories = () =>
  useCatalogMutation((ids: number[]) => request('adminCategoryReorder', { ids }));

/** Delete a category that holds no goods. */
export const useDeleteCategory = () =>
  useCatalogMutation((input: CallInput<'adminCategoryDelete'>) => request('adminCategoryDelete', input));

/** Create goods, or edit them against the revision read. */
export const useSaveGoods = () =>
  useCatalogMutation((input: CallInput<'adminGoodsSave'>) => request('adminGoodsSave', input));

/** Put goods on sale or take them off. */
export const useSetGoodsActive = () =>
  useCatalogMutation((input: CallInput<'adminGoodsSetActive'>) => request('adminGoodsSetActive', input));

/** Put the goods of a category in a new order. */
export const useReorderGoods = () =>
  useCatalogMutation((input: CallInput<'adminGoodsReorder'>) => request('adminGoodsReorder', input));
