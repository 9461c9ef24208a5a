import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGoods } from '@promoter/contract';
import { request } from '../../../api/client';
import { session } from '../../../lib/session';

/**
 * Every package the shop sells, priced for the signed-in account (`shop/goods/categories`): the cart shows
 * today's price, not the one of the day an item was put in. (Features do not import each other, so the cart
 * reads the shop's call itself.)
 */
export async function getShopGoods(): Promise<TGoods[]> {
  return (await request('shopCategories', {})).list.flatMap((category) => category.goods);
}

export function getShopGoodsQueryOptions() {
  return queryOptions({
    queryKey: ['shop', 'categories', session.playerId(), 'goods'],
    queryFn: getShopGoods,
  });
}

export function useShopGoods() {
  return useQuery(getShopGoodsQueryOptions());
}
