import { queryOptions, useQuery } from '@tanstack/react-query';
import { fenToMoney, moneyToFen } from '@promoter/contract';
import { request } from '../../../api/client';

/** The public option of the retail price per diamond: the ceiling of a child's price. */
export const RETAIL_PRICE_OPTION = 'price.retail';

/** The retail price as a two-decimal money string, or null when the operator left it unreadable. */
export async function getRetailPrice(): Promise<string | null> {
  const { value } = await request('getOptionsByKey', { key: RETAIL_PRICE_OPTION });
  try {
    return fenToMoney(moneyToFen(value));
  } catch {
    return null;
  }
}

export function getRetailPriceQueryOptions() {
  return queryOptions({
    queryKey: ['downline', 'retail-price'],
    queryFn: getRetailPrice,
    staleTime: 10 * 60_000,
  });
}

export function useRetailPrice() {
  return useQuery(getRetailPriceQueryOptions());
}
