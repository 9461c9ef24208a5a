import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { billDetail, listBill, recentBill } from './bill-queries';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'bill', async ({ agentId, input, request }) =>
    listBill(app.db, agentId, input, request.locale),
  );
  defineCall(app, 'billDetail', async ({ agentId, input, request }) =>
    billDetail(app.db, agentId, input.id, request.locale),
  );
  defineCall(app, 'recentBill', async ({ agentId, input, request }) =>
    recentBill(app.db, agentId, input.limit, request.locale),
  );
}
