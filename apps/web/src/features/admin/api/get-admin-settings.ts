import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The settings the console edits, with their values now (`admin/options/get`). */
export function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.settings.values(),
    queryFn: ({ signal }) => request('adminOptionsGet', {}, { signal }),
  });
}

export function useAdminSettings(enabled = true) {
  return useQuery({ ...adminSettingsQueryOptions(), enabled });
}
