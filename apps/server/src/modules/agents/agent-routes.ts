import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { publicUrlOf } from '../../http/public-url';
import { loadAgentUser } from './agent-queries';

export async function agentRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'getUser', async ({ agentId, request }) =>
    loadAgentUser(app.db, agentId, publicUrlOf(request)),
  );
}
