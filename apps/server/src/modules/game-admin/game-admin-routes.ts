import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall } from '../../http/route';
import type { OperatorContext } from '../operators/operator-session-service';
import {
  gameEventDetail,
  gameOverview,
  listGameEvents,
  pauseEndpoint,
  resumeEndpoint,
  retryAllFailed,
  retryGameEvent,
  sendTestEvent,
} from './game-admin-service';
import { finishGameSecretRotation, rotateGameSecret } from './game-secret-service';

const actorOf = (operator: OperatorContext, request: FastifyRequest) => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

/**
 * The console's game-delivery page (decision 040): reads with `read`, actions with `game.manage`, the signing
 * secret with `operators.manage`; the reconciliation is a report (reports-routes.ts).
 */
export async function gameAdminRoutes(app: FastifyInstance): Promise<void> {
  const endpoint = app.config.gameWebhook;
  defineCall(app, 'adminGameOverview', async () => gameOverview(app.db, endpoint));
  defineCall(app, 'adminGameEventList', async ({ input }) => listGameEvents(app.db, input));
  defineCall(app, 'adminGameEventDetail', async ({ input }) => gameEventDetail(app.db, input.id));
  defineCall(app, 'adminGameRetry', async ({ operator, request, input }) =>
    retryGameEvent(app.db, actorOf(operator, request), input.id),
  );
  defineCall(app, 'adminGameRetryAll', async ({ operator, request, input }) =>
    retryAllFailed(app.db, actorOf(operator, request), input.reason),
  );
  defineCall(app, 'adminGamePause', async ({ operator, request, input }) =>
    pauseEndpoint(app.db, actorOf(operator, request), input.reason),
  );
  defineCall(app, 'adminGameResume', async ({ operator, request, input }) =>
    resumeEndpoint(app.db, actorOf(operator, request), input.reason),
  );
  // A request to the game each: a stolen session must not aim the server at it in a loop.
  defineCall(
    app,
    'adminGameTest',
    async ({ operator, request }) => sendTestEvent(app.db, actorOf(operator, request), endpoint),
    { rateLimit: 10 },
  );
  // Takes a code of the owner's authenticator: rate limited as every call that takes one (decision 037).
  defineCall(
    app,
    'adminGameRotateSecret',
    async ({ operator, request, input }) =>
      rotateGameSecret(
        { db: app.db, appSecret: app.config.appSecret },
        actorOf(operator, request),
        endpoint,
        input,
      ),
    { rateLimit: 10 },
  );
  defineCall(app, 'adminGameFinishRotation', async ({ operator, request, input }) =>
    finishGameSecretRotation(app.db, actorOf(operator, request), endpoint, input.reason),
  );
}
