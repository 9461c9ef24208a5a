import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** Every goods category in the shop's order (`admin/categories/list`). */
export function adminCategoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.catalog.categories(),
    queryFn: ({ signal }) => request('adminCategoryList', {}, { signal }),
  });
}

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
