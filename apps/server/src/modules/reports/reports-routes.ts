import { EXPORT_KINDS, type ExportKind } from '@promoter/contract';
import type { FastifyInstance } from 'fastify';
import { defineExport } from '../../http/export-route';
import { defineCall } from '../../http/route';
import { startExport } from './export-service';
import { gameReconciliation } from './game-reconciliation';
import { reportSummary } from './report-service';

/** The console's reports (decision 018): the dashboard's figures and the CSV exports of its lists. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'adminReportSummary', async ({ input }) => reportSummary(app.db, input));
  // The game's daily reconciliation (decision 040): a report, beside its CSV file (kind gameReconciliation).
  defineCall(app, 'adminGameReconciliation', async ({ input }) => gameReconciliation(app.db, input));
  for (const kind of EXPORT_KINDS) {
    defineExport(app, kind as ExportKind, async ({ input, operator, request }) =>
      startExport(
        app.db,
        { operatorId: operator.operatorId, operatorName: operator.name, address: request.ip },
        kind,
        input,
        request.locale,
      ),
    );
  }
}
