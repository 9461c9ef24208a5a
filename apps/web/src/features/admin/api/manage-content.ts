import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

/** Create an article, or change one from the version the operator opened. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'adminArticleSave'>) => request('adminArticleSave', input),
    onSettled: () => invalidate.contentChanged(queryClient),
  });
}

/** Publish an announcement, or change a live one from the version the operator opened. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'adminAnnouncementSave'>) => request('adminAnnouncementSave', input),
    onSettled: () => invalidate.contentChanged(queryClient),
  });
}

/** Withdraw a live announcement: agents no longer see it. */
export function useWithdrawAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('adminAnnouncementWithdraw', { id }),
    onSettled: () => invalidate.contentChanged(queryClient),
  });
}
