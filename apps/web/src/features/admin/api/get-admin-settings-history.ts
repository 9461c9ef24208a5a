import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminSettingsHistoryFilter = CallInput<'adminOptionsHistory'>;

/** One page of the settings' changes, newest first (`admin/options/history`). */
export function adminSettingsHistoryQueryOptions(filter: AdminSettingsHistoryFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.settings.history(filter),
    queryFn: ({ signal }) => request('adminOptionsHistory', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminSettingsHistory(filter: AdminSettingsHistoryFilter) {
  return useQuery(adminSettingsHistoryQueryOptions(filter));
}
