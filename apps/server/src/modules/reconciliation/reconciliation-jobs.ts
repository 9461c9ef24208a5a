import type { TaskList } from 'graphile-worker';
import type { JobDeps } from '../../jobs/job-deps';
import { reconcileDue } from './reconciliation-run';

/** The schedule's task: the days due, reconciled one after the other (reconciliation-run.ts reconcileDue). */
export const RECONCILIATION_TASK = 'reconciliation_daily';

/**
 * The daily reconciliation with the provider's bill (decision 045), on the queue of decision 040. Every hour at 35
 * minutes past (graphile-worker reads its crontab in UTC; an hourly entry needs no zone) the task looks at the last
 * week of the platform's days: a day whose bill is out (WeChat Pay: from 10:00 the next morning, China's time) is run
 * when it has no run or a failed one, and run a second time once the bill of the day after is out. So yesterday is
 * reconciled at the first :35 after 10:00 Beijing time, a failed download is tried again an hour later, a server that
 * was down catches up, and the time zone of the platform can change without a crontab to edit. The queue runs one
 * crontab entry once across instances.
 */
export const RECONCILIATION_CRONTAB: string[] = [`35 * * * * ${RECONCILIATION_TASK}`];

export function reconciliationTasks(deps: JobDeps): TaskList {
  return {
    [RECONCILIATION_TASK]: async () => {
      const done = await reconcileDue(deps);
      if (done.length > 0) deps.log.info({ days: done }, 'reconciliation: scheduled pass');
    },
  };
}
