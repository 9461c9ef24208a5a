import type { FastifyInstance } from 'fastify';
import { defineCall, defineCallWithSession } from '../../http/route';
import { billDetail, listBillInSession, recentBill } from './bill-queries';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  // The bill list, page after page as the agent scrolls: one statement with its session (decision 026).
  defineCallWithSession(app, 'bill', async (scope, { input, request }) =>
    listBillInSession(app.db, scope, input, request.locale),
  );
  defineCall(app, 'billDetail', async ({ agentId, input, request }) =>
    billDetail(app.db, agentId, input.id, request.locale),
  );
  defineCall(app, 'recentBill', async ({ agentId, input, request }) =>
    recentBill(app.db, agentId, input.limit, request.locale),
  );
}
