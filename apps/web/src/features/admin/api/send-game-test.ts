import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/** A signed test message to the game's endpoint now (`admin/game/test`): what it answered. */
export function sendGameTest() {
  return request('adminGameTest', {});
}

export function useSendGameTest() {
  return useAdminMutation(sendGameTest, invalidate.gameDeliveryChanged);
}
