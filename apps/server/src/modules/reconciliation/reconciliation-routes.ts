import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall } from '../../http/route';
import type { AuditActor } from '../audit/audit-service';
import type { OperatorContext } from '../operators/operator-session-service';
import { listRuns, resolveItem, runDetail, runNow } from './reconciliation-service';

const actorOf = (operator: OperatorContext, request: FastifyRequest): AuditActor => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

/**
 * The console's reconciliation with the provider's bill (decision 045): reads with `read`, a run now and a
 * resolution with `reconcile`; the items' CSV file is a report (reports-routes.ts, kind `reconciliation`).
 */
export async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  const payments = app.platform.payments;
  const deps = { db: app.db, payments, log: app.log };
  defineCall(app, 'adminReconciliationList', async ({ input }) => listRuns(app.db, payments.name, input));
  defineCall(app, 'adminReconciliationDetail', async ({ input }) => runDetail(app.db, input));
  // Downloads a bill and asks about each transfer: a stolen session must not aim the provider's API at us in a loop.
  defineCall(
    app,
    'adminReconciliationRun',
    async ({ operator, request, input }) => runNow(deps, actorOf(operator, request), input.date),
    { rateLimit: 10 },
  );
  defineCall(app, 'adminReconciliationResolve', async ({ operator, request, input }) =>
    resolveItem(app.db, actorOf(operator, request), input),
  );
}
