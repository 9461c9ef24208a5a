import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/**
 * A new signing secret for the game's deliveries (`admin/game/rotateSecret`, the owner's, with a fresh code). The
 * answer is kept by the component that asked, shown once, never in the query cache.
 */
export function rotateGameSecret(input: { reason: string; code: string }) {
  return request('adminGameRotateSecret', input);
}

export function useRotateGameSecret() {
  return useAdminMutation(rotateGameSecret, invalidate.gameDeliveryChanged);
}
