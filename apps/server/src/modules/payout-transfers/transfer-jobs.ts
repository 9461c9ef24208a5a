import type { TaskList } from 'graphile-worker';
import type { JobDeps } from '../../jobs/job-deps';
import { TRANSFER_SWEEP_TASK, TRANSFER_TASK } from '../withdrawals/transfer-handoff';
import { runTransfer, sweepTransfers } from './transfer-service';

/** Every minute, transfers whose job was lost get a new one (decision 046). */
export const TRANSFER_CRONTAB: string[] = [`* * * * * ${TRANSFER_SWEEP_TASK}`];

/**
 * The job queue's tasks of automatic payouts (decision 046): `withdrawal_transfer` sends, asks about and settles one
 * approved withdrawal's WeChat transfer (added by its approval, then by itself until the transfer is known);
 * `withdrawal_transfer_sweep` gives a job to those whose own was lost.
 */
export function transferTasks(deps: JobDeps): TaskList {
  return {
    [TRANSFER_TASK]: async (payload) => {
      const { withdrawalId } = payload as { withdrawalId: number };
      const outcome = await runTransfer(deps, Number(withdrawalId));
      if (outcome !== 'not claimed') deps.log.info({ withdrawalId, outcome }, 'withdrawal transfer');
    },
    [TRANSFER_SWEEP_TASK]: async () => {
      const scheduled = await sweepTransfers(deps.db);
      if (scheduled > 0) deps.log.warn({ scheduled }, 'withdrawal transfers: overdue ones given a new job');
    },
  };
}
