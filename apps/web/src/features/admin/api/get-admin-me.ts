import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorSession } from '../../../lib/operator-session';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The signed-in operator and its rights (`admin/auth/me`); keeps the stored operator up to date. */
export const adminMeQueryOptions = queryOptions({
  queryKey: queryKeys.admin.me(),
  queryFn: async ({ signal }) => {
    const operator = await request('adminMe', {}, { signal });
    operatorSession.setOperator(operator);
    return operator;
  },
});

export function useAdminMe(enabled: boolean) {
  return useQuery({ ...adminMeQueryOptions, enabled });
}
