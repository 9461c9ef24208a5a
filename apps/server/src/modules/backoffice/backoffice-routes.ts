import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall } from '../../http/route';
import { approveAdjustment, createAdjustment, listAdjustments, rejectAdjustment } from './adjustment-service';
import {
  agentDetail,
  agentLedger,
  agentSessions,
  freezeAgent,
  reviewRegistration,
  listAgents,
  removeAgentPassword,
  revokeAgentSessions,
  unfreezeAgent,
} from './agent-admin-service';
import { changeAgentLevel, moveAgent, previewMove } from './agent-structure-service';
import { listPlayers, playerDetail, playerRecharges, unbindPlayer } from './player-admin-service';

const actorOf = (operator: { operatorId: number; name: string }, request: FastifyRequest) => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

/** The console's agents, players and manual adjustments (decision 018). */
export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'adminAgentList', async ({ input }) => listAgents(app.db, input));
  defineCall(app, 'adminAgentDetail', async ({ input, request }) =>
    agentDetail(app.db, input.agentId, request.locale),
  );
  defineCall(app, 'adminAgentFreeze', async ({ operator, request, input }) =>
    freezeAgent(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAgentUnfreeze', async ({ operator, request, input }) =>
    unfreezeAgent(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAgentReviewRegistration', async ({ operator, request, input }) =>
    reviewRegistration(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAgentResetPassword', async ({ operator, request, input }) =>
    removeAgentPassword(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAgentLedger', async ({ input, request }) =>
    agentLedger(app.db, input, request.locale),
  );
  defineCall(app, 'adminAgentSessions', async ({ input }) => agentSessions(app.db, input));
  defineCall(app, 'adminAgentRevokeSessions', async ({ operator, request, input }) =>
    revokeAgentSessions(app.db, actorOf(operator, request), input.agentId, input.reason),
  );
  defineCall(app, 'adminAgentChangeLevel', async ({ operator, request, input }) =>
    changeAgentLevel(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAgentMovePreview', async ({ input, request }) =>
    previewMove(app.db, input, request.locale),
  );
  defineCall(app, 'adminAgentMove', async ({ operator, request, input }) =>
    moveAgent(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminPlayerList', async ({ input }) => listPlayers(app.db, input));
  defineCall(app, 'adminPlayerDetail', async ({ input }) => playerDetail(app.db, input.playerId));
  defineCall(app, 'adminPlayerRecharges', async ({ input }) => playerRecharges(app.db, input));
  defineCall(app, 'adminPlayerUnbind', async ({ operator, request, input }) =>
    unbindPlayer(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAdjustmentCreate', async ({ operator, request, input }) =>
    createAdjustment(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminAdjustmentApprove', async ({ operator, request, input }) =>
    approveAdjustment(app.db, actorOf(operator, request), Number(input.id)),
  );
  defineCall(app, 'adminAdjustmentReject', async ({ operator, request, input }) =>
    rejectAdjustment(app.db, actorOf(operator, request), Number(input.id), input.reason),
  );
  defineCall(app, 'adminAdjustmentList', async ({ input }) => listAdjustments(app.db, input));
}
