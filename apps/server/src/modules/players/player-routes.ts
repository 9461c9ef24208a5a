import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { MONEY_RATE_LIMIT } from '../../http/rate-limits';
import { listBoundPlayers } from './bound-players-service';
import { recentPlayers, rechargePlayer, searchPlayers } from './recharge-service';

export async function playerRoutes(app: FastifyInstance): Promise<void> {
  defineCall(
    app,
    'searchUser',
    async ({ agentId, input }) => ({ list: await searchPlayers(app.db, agentId, input.keyword) }),
    {
      rateLimit: 60,
    },
  );
  defineCall(app, 'boundPlayers', async ({ agentId, input }) => listBoundPlayers(app.db, agentId, input));
  defineCall(app, 'recentUser', async ({ agentId }) => ({ list: await recentPlayers(app.db, agentId) }));
  defineCall(app, 'recharge', async ({ agentId, input }) => rechargePlayer(app.db, agentId, input), {
    rateLimit: MONEY_RATE_LIMIT,
  });
}
