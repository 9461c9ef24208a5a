import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** Every operator (`admin/operators/list`, owner only). */
export const adminOperatorsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.operators(),
  queryFn: ({ signal }) => request('adminOperatorList', {}, { signal }),
});

export function useAdminOperators() {
  return useQuery(adminOperatorsQueryOptions);
}
