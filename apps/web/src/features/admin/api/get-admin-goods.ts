import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminGoodsFilter = CallInput<'adminGoodsList'>;

/** Every goods, on sale or not, in the shop's order; of one category when asked (`admin/goods/list`). */
export function adminGoodsQueryOptions(filter: AdminGoodsFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.catalog.goods(filter),
    queryFn: ({ signal }) => request('adminGoodsList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminGoods(filter: AdminGoodsFilter) {
  return useQuery(adminGoodsQueryOptions(filter));
}
