import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MONEY_QUERY_KEY } from './keys';

/** One of the caller's entries with what it refers to (`agent/user/billDetail`). */
export function getBillDetail(id: string) {
  return request('billDetail', { id });
}

export function getBillDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'bill-detail', id],
    queryFn: () => getBillDetail(id),
    staleTime: 5 * 60_000,
  });
}

export function useBillDetail(id: string) {
  return useQuery(getBillDetailQueryOptions(id));
}
