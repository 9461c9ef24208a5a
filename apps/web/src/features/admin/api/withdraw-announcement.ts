import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Withdraw a live announcement: agents no longer see it. */
export function withdrawAnnouncement(id: number) {
  return request('adminAnnouncementWithdraw', { id });
}

export function useWithdrawAnnouncement() {
  return useAdminMutation(withdrawAnnouncement, invalidate.contentChanged);
}
