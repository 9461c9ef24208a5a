import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/**
 * Pause every delivery to the game, or resume them, with a reason (`admin/game/pause`, `admin/game/resume`). A resume
 * answers how many pending events it made due now.
 */
export async function setGamePaused({
  paused,
  reason,
}: {
  paused: boolean;
  reason: string;
}): Promise<{ scheduled: number | null }> {
  if (paused) {
    await request('adminGamePause', { reason });
    return { scheduled: null };
  }
  const resumed = await request('adminGameResume', { reason });
  return { scheduled: resumed.scheduled };
}

export function useSetGamePaused() {
  return useAdminMutation(setGamePaused, invalidate.gameDeliveryChanged);
}
