import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Publish an announcement, or change a live one from the version the operator opened. */
export function saveAnnouncement(input: CallInput<'adminAnnouncementSave'>) {
  return request('adminAnnouncementSave', input);
}

export function useSaveAnnouncement() {
  return useAdminMutation(saveAnnouncement, invalidate.contentChanged);
}
