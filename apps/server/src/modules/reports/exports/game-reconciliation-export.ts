import type { ExportFilterParsed, TGameReconciliationDay } from '@promoter/contract';
import { gameReconciliation } from '../game-reconciliation';
import { type ExportContext, plain, type PreparedExport, prepared } from './export-source';

/**
 * The game's daily reconciliation (decision 040) as the console's table shows it: one row a day of the platform's
 * time zone, oldest first (at most a year: one batch).
 */
export async function gameReconciliationSource(
  ctx: ExportContext,
  filter: ExportFilterParsed<'gameReconciliation'>,
): Promise<PreparedExport> {
  const report = await gameReconciliation(ctx.db, filter, ctx.timeZone);
  return prepared<TGameReconciliationDay>({
    columns: [
      plain('csvDay', (d) => d.day),
      plain('csvCreditedCount', (d) => d.credited.count),
      plain('csvCreditedDiamonds', (d) => d.credited.diamonds),
      plain('csvDebitedCount', (d) => d.debited.count),
      plain('csvDebitedDiamonds', (d) => d.debited.diamonds),
      plain('csvAcknowledgedCount', (d) => d.acknowledged.count),
      plain('csvAcknowledgedDiamonds', (d) => d.acknowledged.diamonds),
      plain('csvDifferenceCount', (d) => d.difference.count),
      plain('csvDifferenceDiamonds', (d) => d.difference.diamonds),
      plain('csvPendingEvents', (d) => d.pending),
      plain('csvFailedEvents', (d) => d.failed),
    ],
    async *batches() {
      yield report.days;
    },
  });
}
