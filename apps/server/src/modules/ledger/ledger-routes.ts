import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { billDetail, listBill, recentBill } from './bill-queries';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'bill', async ({ agentId, input }) => listBill(app.db, agentId, input));
  defineCall(app, 'billDetail', async ({ agentId, input }) => billDetail(app.db, agentId, input.id));
  defineCall(app, 'recentBill', async ({ agentId, input }) => recentBill(app.db, agentId, input.limit));
}
