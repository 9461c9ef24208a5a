import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

/** Every operator (`admin/operators/list`, owner only). */
export const adminOperatorsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.operators(),
  queryFn: ({ signal }) => request('adminOperatorList', {}, { signal }),
});

export function useAdminOperators() {
  return useQuery(adminOperatorsQueryOptions);
}
