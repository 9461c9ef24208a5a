import type { ExportFilterParsed, ExportKind } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Locale, type MessageKey, translate } from '../../i18n/messages';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { getPlatformTimeZone } from '../options/options-service';
import { CSV_BOM, csvHeader } from './csv';
import { adjustmentSource } from './exports/adjustments-export';
import { agentSource } from './exports/agents-export';
import { auditSource } from './exports/audit-export';
import type { ExportContext, PreparedExport } from './exports/export-source';
import { gameReconciliationSource } from './exports/game-reconciliation-export';
import { ledgerSource } from './exports/ledger-export';
import { orderSource } from './exports/orders-export';
import { playerSource } from './exports/players-export';
import { reconciliationSource } from './exports/reconciliation-export';
import { withdrawalSource } from './exports/withdrawals-export';

/**
 * The console's CSV exports (decision 018): one file a kind under exports/, what they share in
 * exports/export-source.ts (keyset batches, each batch's text made when the stream asks for it). The filters are the
 * lists' own (reviewFilter, agentFilter, orderFilter): what the operator sees filtered is what it exports.
 *
 * Each file: UTF-8 with a BOM, the header row in the operator's language (times' headers name the platform's time
 * zone), money in yuan with two decimals, times in the platform's time zone, statuses and kinds in the operator's
 * language, and what people typed neutralized against formula injection (csv.ts). Account numbers only masked, as
 * every answer has them. Every export is an action of the audit log (`report.export`: the kind, the filters, the rows
 * written and whether it ran to its end), written when it ends, whether it ends by completing, by the client going
 * away or by a failure.
 */

export { EXPORT_BATCH_ROWS } from './exports/export-source';

/** Every kind's export; one may refuse before anything is written (an agent or player that does not exist). */
const SOURCES: {
  [K in ExportKind]: (
    ctx: ExportContext,
    filter: ExportFilterParsed<K>,
  ) => PreparedExport | Promise<PreparedExport>;
} = {
  withdrawals: withdrawalSource,
  ledger: ledgerSource,
  orders: orderSource,
  agents: agentSource,
  players: playerSource,
  adjustments: adjustmentSource,
  audit: auditSource,
  gameReconciliation: gameReconciliationSource,
  reconciliation: reconciliationSource,
};

/**
 * Prepares one export: checks what it names and answers its file name and its text, produced batch by batch as the
 * stream reads it, the audit entry written when it ends.
 */
export async function startExport<K extends ExportKind>(
  db: Db,
  actor: AuditActor,
  kind: K,
  filter: ExportFilterParsed<K>,
  locale: Locale,
): Promise<{ filename: string; body: AsyncIterable<string> }> {
  const timeZone = await getPlatformTimeZone(db);
  // Labels (headers, statuses, kinds) repeat on every row: each is translated once per export.
  const labels = new Map<MessageKey, string>();
  const t = (key: MessageKey) => {
    let label = labels.get(key);
    if (label === undefined) {
      label = translate(locale, key, { timeZone });
      labels.set(key, label);
    }
    return label;
  };
  const source = await SOURCES[kind]({ db, timeZone, locale, t }, filter);
  const stamp = await db.execute<{ stamp: string }>(
    sql`select to_char(now() at time zone ${timeZone}, 'YYYYMMDD-HH24MISS') as stamp`,
  );
  const filename = `${kind}-${(stamp.rows[0] as { stamp: string }).stamp}.csv`;

  async function* body(): AsyncGenerator<string> {
    let rows = 0;
    let completed = false;
    try {
      yield CSV_BOM + csvHeader(source.headers.map((header) => t(header)));
      for await (const chunk of source.chunks()) {
        rows += chunk.rows;
        yield chunk.text;
      }
      completed = true;
    } finally {
      await recordAudit(db, actor, {
        action: 'report.export',
        target: { type: 'export', id: kind },
        after: { kind, filters: filter, rows, completed },
      });
    }
  }
  return { filename, body: body() };
}
