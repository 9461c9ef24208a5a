import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** Change settings, each against the value the operator saw. */
export function updateSettings(input: CallInput<'adminOptionsUpdate'>) {
  return request('adminOptionsUpdate', input);
}

export function useUpdateSettings() {
  return useAdminMutation(updateSettings, invalidate.settingsChanged);
}
