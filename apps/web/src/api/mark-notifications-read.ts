import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from './client';
import { invalidate, queryKeys } from './query-keys';

/**
 * Marks inbox items read: the ones named, or every one up to the newest seen (`agent/notice/markRead`). The answer's
 * count is the badge's at once; the lists refetch. Used by the header's bell and by the inbox page.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'notificationMarkRead'>) => request('notificationMarkRead', input),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifications.unread(), data),
    onSettled: () => invalidate.inboxRead(queryClient),
  });
}
