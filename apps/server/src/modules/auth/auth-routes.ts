import type { FastifyInstance } from 'fastify';
import { defineCall, defineCallWithSession } from '../../http/route';
import { visiblePlayer } from '../players/player-service';
import { checkUserType, loginWithTicket } from './login-service';
import {
  endOtherSessions,
  listLiveSessions,
  loadSessionAndAgentUser,
  revokeSession,
} from './session-service';
import { clientInfo } from '../../http/client-info';
import { publicUrlOf } from '../../http/public-url';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  defineCall(
    app,
    'tokenLogin',
    async ({ input, request }) =>
      loginWithTicket(
        {
          db: app.db,
          sessionTtlHours: app.config.sessionTtlHours,
          publicUrl: publicUrlOf(request),
          client: clientInfo(request),
        },
        input.token,
      ),
    { rateLimit: 30 },
  );

  // The signed-in agent and its figures, the app's most frequent call: one statement with its session (decision 026).
  defineCallWithSession(app, 'getUser', async (scope, { request }) =>
    loadSessionAndAgentUser(app.db, scope, publicUrlOf(request)),
  );

  defineCall(app, 'logout', async ({ session }) => {
    await revokeSession(app.db, session.sessionId);
    return {};
  });

  // The profile's devices (decision 021): an agent lists its own account's live sessions and ends all but this one.
  defineCall(app, 'sessionList', async ({ session }) =>
    listLiveSessions(app.db, session.playerId, session.sessionId),
  );
  defineCall(
    app,
    'endOtherSessions',
    async ({ session }) => ({ revokedSessions: await endOtherSessions(app.db, session) }),
    { rateLimit: 10 },
  );

  defineCall(app, 'checkUserType', async ({ input }) => checkUserType(app.db, input.playerId), {
    rateLimit: 60,
  });

  defineCall(app, 'getPlayer', async ({ input, session }) => visiblePlayer(app.db, session, input.playerId));
}
