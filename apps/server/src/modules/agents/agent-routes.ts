import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { publicUrlOf } from '../../http/public-url';
import { MONEY_RATE_LIMIT } from '../../http/rate-limits';
import { loadAgentUser } from './agent-queries';
import { transferToAgent } from './transfer-service';

export async function agentRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'getUser', async ({ agentId, request }) =>
    loadAgentUser(app.db, agentId, publicUrlOf(request)),
  );
  defineCall(app, 'transferAgent', async ({ agentId, input }) => transferToAgent(app.db, agentId, input), {
    rateLimit: MONEY_RATE_LIMIT,
  });
}
