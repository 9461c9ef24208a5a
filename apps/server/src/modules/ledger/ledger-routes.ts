import type { FastifyInstance } from 'fastify';
import { defineCall, defineCallWithSession } from '../../http/route';
import { billDetail, listBillInSession, recentBillInSession } from './bill-queries';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  // The bill list, page after page as the agent scrolls: one statement with its session (decision 026).
  defineCallWithSession(app, 'bill', async (scope, { input, request }) =>
    listBillInSession(app.db, scope, input, request.locale),
  );
  defineCall(app, 'billDetail', async ({ agentId, input, request }) =>
    billDetail(app.db, agentId, input.id, request.locale),
  );
  // The latest entries on /agent/Main, each time it opens: one statement with its session too.
  defineCallWithSession(app, 'recentBill', async (scope, { input, request }) =>
    recentBillInSession(app.db, scope, input.limit, request.locale),
  );
}
