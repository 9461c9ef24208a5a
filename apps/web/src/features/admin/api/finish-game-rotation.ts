import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** The rotation finished: the new secret signs alone (`admin/game/finishRotation`), with a reason. */
export function finishGameRotation(reason: string) {
  return request('adminGameFinishRotation', { reason });
}

export function useFinishGameRotation() {
  return useAdminMutation(finishGameRotation, invalidate.gameDeliveryChanged);
}
