import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminAuditFilter = CallInput<'adminAuditList'>;

/** One page of the audit log, newest first (`admin/audit/list`). */
export function adminAuditQueryOptions(filter: AdminAuditFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.audit.list(filter),
    queryFn: ({ signal }) => request('adminAuditList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminAudit(filter: AdminAuditFilter, enabled = true) {
  return useQuery({ ...adminAuditQueryOptions(filter), enabled });
}
