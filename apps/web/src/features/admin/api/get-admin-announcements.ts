import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminAnnouncementFilter = CallInput<'adminAnnouncementList'>;

/** One page of announcements, newest first (`admin/announcements/list`). */
export function adminAnnouncementsQueryOptions(filter: AdminAnnouncementFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.announcements.list(filter),
    queryFn: ({ signal }) => request('adminAnnouncementList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminAnnouncements(filter: AdminAnnouncementFilter) {
  return useQuery(adminAnnouncementsQueryOptions(filter));
}
