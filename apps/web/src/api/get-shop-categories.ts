import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallData, TGoods } from '@promoter/contract';
import { session } from '../lib/session';
import { request } from './client';
import { queryKeys } from './query-keys';

/** The shop's categories and packages, priced for me: retail for a player, my own price for an agent. */
export async function getShopCategories() {
  return (await request('shopCategories', {})).list;
}

export function shopCategoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.shopCategories(session.playerId()),
    queryFn: getShopCategories,
  });
}

export function useShopCategories() {
  return useQuery(shopCategoriesQueryOptions());
}

const selectGoods = (list: CallData<'shopCategories'>['list']): TGoods[] =>
  list.flatMap((category) => category.goods);

/**
 * Every package the shop sells, as one list, from the same query: the cart shows today's price, not the one of
 * the day an item was put in.
 */
export function useShopGoods() {
  return useQuery({ ...shopCategoriesQueryOptions(), select: selectGoods });
}
