import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** One more try of a failed or pending event, now (`admin/game/retry`). */
export function retryGameEvent(id: string) {
  return request('adminGameRetry', { id });
}

export function useRetryGameEvent() {
  return useAdminMutation(retryGameEvent, invalidate.gameDeliveryChanged);
}
