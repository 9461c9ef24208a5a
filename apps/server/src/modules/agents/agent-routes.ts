import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { MONEY_RATE_LIMIT } from '../../http/rate-limits';
import { recentTransfers } from './contacts-service';
import { loadAgentProfile } from './profile-service';
import { downlineTree, listChildren, promoteBoundPlayer, setChildPrice } from './downline-service';
import { transferToAgent } from './transfer-service';

export async function agentRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'agentProfile', async ({ agentId }) => loadAgentProfile(app.db, agentId));
  defineCall(app, 'children', async ({ agentId, input }) => listChildren(app.db, agentId, input));
  defineCall(app, 'tree', async ({ agentId, input }) => downlineTree(app.db, agentId, input));
  defineCall(app, 'setChildAgent', async ({ agentId, input }) => promoteBoundPlayer(app.db, agentId, input), {
    rateLimit: 30,
  });
  defineCall(app, 'setPrice', async ({ agentId, input }) => setChildPrice(app.db, agentId, input), {
    rateLimit: 60,
  });
  defineCall(app, 'transferAgent', async ({ agentId, input }) => transferToAgent(app.db, agentId, input), {
    rateLimit: MONEY_RATE_LIMIT,
  });
  defineCall(app, 'recentTransfers', async ({ agentId, input }) => recentTransfers(app.db, agentId, input));
}
