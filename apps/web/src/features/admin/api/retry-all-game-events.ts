import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** The failed events tried again now, a bounded batch, with a reason (`admin/game/retryAll`). */
export function retryAllGameEvents(reason: string) {
  return request('adminGameRetryAll', { reason });
}

export function useRetryAllGameEvents() {
  return useAdminMutation(retryAllGameEvents, invalidate.gameDeliveryChanged);
}
