import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { session } from '../../../lib/session';

/** The shop's categories and packages, priced for me: retail for a player, my own price for an agent. */
export async function getShopCategories() {
  return (await request('shopCategories', {})).list;
}

export function getShopCategoriesQueryOptions() {
  return queryOptions({
    // Prices depend on who asks: the key carries the account's player id.
    queryKey: ['shop', 'categories', session.playerId()],
    queryFn: getShopCategories,
  });
}

export function useShopCategories() {
  return useQuery(getShopCategoriesQueryOptions());
}
