import { type ExportFilterParsed, fenToMoney } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import { refuse } from '../../../errors';
import { ITEM_SELECT, itemConditions, type ItemRow } from '../../reconciliation/reconciliation-service';
import {
  EXPORT_BATCH_ROWS,
  type ExportContext,
  keyset,
  plain,
  type PreparedExport,
  prepared,
  text,
} from './export-source';

const fen = (value: string | number | null) => (value === null ? null : Number(value));

/** A time as the platform reads it: `2024-01-31 14:05:09` in its time zone. */
function localTime(value: string | Date | null, timeZone: string): string | null {
  if (value === null) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * The reconciliation with the provider's bill (decision 045) as CSV: one run's items, or every run's, filtered as the
 * run's page is, newest written first (down the items' id). The refs come from the provider's bill as often as from
 * us, so they are written as text (neutralized), as are the resolutions and who wrote them.
 */
export async function reconciliationSource(
  ctx: ExportContext,
  filter: ExportFilterParsed<'reconciliation'>,
): Promise<PreparedExport> {
  const runId = filter.runId === undefined ? undefined : Number(filter.runId);
  if (runId !== undefined) {
    const run = await ctx.db.execute(sql`select 1 from reconciliation_runs where id = ${runId}`);
    if (run.rows.length === 0) throw refuse('reconciliationRunNotFound');
  }
  const conditions = itemConditions({ ...filter, runId });
  const { t, timeZone } = ctx;
  return prepared<ItemRow>({
    columns: [
      plain('csvReconciliationItemId', (r) => String(r.id)),
      plain('csvDay', (r) => r.bill_date),
      plain('csvReconciliationKind', (r) => t(`csvReconKind_${r.kind}`)),
      text('csvReconciliationRef', (r) => r.ref),
      text('csvProviderRef', (r) => r.provider_ref),
      plain('csvOurAmount', (r) => (r.our_fen === null ? null : fenToMoney(Number(r.our_fen)))),
      plain('csvTheirAmount', (r) => (r.their_fen === null ? null : fenToMoney(Number(r.their_fen)))),
      plain('csvAmountDifference', (r) => {
        const ours = fen(r.our_fen);
        const theirs = fen(r.their_fen);
        return ours === null || theirs === null ? null : fenToMoney(theirs - ours);
      }),
      plain('csvOutcome', (r) => t(`csvRecon_${r.outcome}`)),
      plain('csvOurRecordedAt', (r) => localTime(r.our_at, timeZone)),
      text('csvResolution', (r) => r.resolution),
      text('csvResolvedBy', (r) => r.resolved_by_name),
      plain('csvResolvedAt', (r) => localTime(r.resolved_at, timeZone)),
    ],
    batches: () =>
      keyset(async (last) => {
        const where = [...conditions, ...(last ? [sql`i.id < ${Number(last.id)}`] : [])];
        const result = await ctx.db.execute<ItemRow>(sql`${ITEM_SELECT}
          ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
          order by i.id desc limit ${EXPORT_BATCH_ROWS}`);
        return result.rows;
      }),
  });
}
