import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppError, errorText } from '../../errors';
import { defineCall } from '../../http/route';
import type { OperatorContext } from '../operators/operator-session-service';
import {
  batchItems,
  cancelPayoutBatch,
  createPayoutBatch,
  listPayoutBatches,
  loadBatch,
  payoutBatchFile,
  totalsByStatus,
} from './payout-batch-service';
import {
  applyPayoutImport,
  discardPayoutImport,
  importsOfBatch,
  payoutImportDetail,
  previewPayoutImport,
} from './payout-import-service';

const actorOf = (operator: OperatorContext, request: FastifyRequest) => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

/** A refusal in the reader's language. */
const explainer = (request: FastifyRequest) => (error: AppError) => errorText(error, request.t.bind(request));

const skippedOf = (skipped: { id: string; error: AppError }[], request: FastifyRequest) =>
  skipped.map(({ id, error }) => ({ id, reason: explainer(request)(error) }));

/** Payout files for banks and Alipay (decision 044): reads with `read`, the rest with `withdrawals.pay`. */
export async function payoutFileRoutes(app: FastifyInstance): Promise<void> {
  const key = app.config.payoutKey;
  defineCall(app, 'adminPayoutBatchCreate', async ({ operator, request, input }) => {
    const made = await createPayoutBatch(app.db, key, actorOf(operator, request), {
      channel: input.channel,
      ids: input.ids.map(Number),
    });
    return { batch: made.batch, file: made.file, skipped: skippedOf(made.skipped, request) };
  });
  defineCall(app, 'adminPayoutBatchFile', async ({ operator, request, input }) =>
    payoutBatchFile(app.db, key, actorOf(operator, request), Number(input.id)),
  );
  defineCall(app, 'adminPayoutBatchList', async ({ input }) => listPayoutBatches(app.db, input));
  defineCall(app, 'adminPayoutBatchDetail', async ({ input }) => {
    const id = Number(input.id);
    const [batch, items, imports] = await Promise.all([
      loadBatch(app.db, id),
      batchItems(app.db, id),
      importsOfBatch(app.db, id),
    ]);
    return { batch, items, totals: totalsByStatus(items), imports };
  });
  defineCall(app, 'adminPayoutBatchCancel', async ({ operator, request, input }) =>
    cancelPayoutBatch(app.db, actorOf(operator, request), Number(input.id), input.reason),
  );
  defineCall(app, 'adminPayoutImportPreview', async ({ operator, request, input }) => {
    const id = await previewPayoutImport(app.db, key, actorOf(operator, request), {
      batchId: Number(input.batchId),
      content: input.content,
    });
    return payoutImportDetail(app.db, id, explainer(request));
  });
  defineCall(app, 'adminPayoutImportDetail', async ({ input, request }) =>
    payoutImportDetail(app.db, Number(input.id), explainer(request)),
  );
  defineCall(app, 'adminPayoutImportApply', async ({ operator, request, input }) => {
    const applied = await applyPayoutImport(app.db, actorOf(operator, request), Number(input.importId));
    const [detail, batch] = await Promise.all([
      payoutImportDetail(app.db, applied.importId, explainer(request)),
      loadBatch(app.db, applied.batchId),
    ]);
    return {
      import: detail,
      batch,
      paid: applied.paid,
      failed: applied.failed,
      skipped: skippedOf(applied.skipped, request),
    };
  });
  defineCall(app, 'adminPayoutImportDiscard', async ({ operator, request, input }) => {
    const id = Number(input.importId);
    await discardPayoutImport(app.db, actorOf(operator, request), id);
    return payoutImportDetail(app.db, id, explainer(request));
  });
}
