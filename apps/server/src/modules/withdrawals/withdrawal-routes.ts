import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { MONEY_RATE_LIMIT } from '../../http/rate-limits';
import { applyForWithdrawal, exchangeBalance, listWithdrawals } from './withdrawal-service';

export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  defineCall(
    app,
    'withdraw',
    async ({ agentId, input }) => applyForWithdrawal(app.db, app.config.payoutKey, agentId, input),
    {
      rateLimit: MONEY_RATE_LIMIT,
    },
  );
  defineCall(app, 'withdrawLog', async ({ agentId, input }) => listWithdrawals(app.db, agentId, input));
  defineCall(app, 'withdrawExchange', async ({ agentId, input }) => exchangeBalance(app.db, agentId, input), {
    rateLimit: MONEY_RATE_LIMIT,
  });
}
