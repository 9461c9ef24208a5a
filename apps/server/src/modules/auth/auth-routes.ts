import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { AppError } from '../../errors';
import { findPlayer } from '../players/player-service';
import { isInDownline } from '../agents/agent-tree';
import { checkUserType, loginWithTicket } from './login-service';
import { revokeSession } from './session-service';
import { publicUrlOf } from '../../http/public-url';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  defineCall(
    app,
    'tokenLogin',
    async ({ input, request }) =>
      loginWithTicket(
        { db: app.db, sessionTtlHours: app.config.sessionTtlHours, publicUrl: publicUrlOf(request) },
        input.token,
      ),
    { rateLimit: 30 },
  );

  defineCall(app, 'logout', async ({ session }) => {
    await revokeSession(app.db, session.sessionId);
    return {};
  });

  defineCall(app, 'checkUserType', async ({ input }) => checkUserType(app.db, input.playerId), {
    rateLimit: 60,
  });

  /** A player sees itself; an agent sees a player bound to it or to its downline. */
  defineCall(app, 'getPlayer', async ({ input, session }) => {
    const player = await findPlayer(app.db, input.playerId);
    if (!player) throw new AppError('playerNotFound');
    const visible =
      player.id === session.playerId ||
      (session.agentId !== null &&
        player.boundAgentId !== null &&
        (await isInDownline(app.db, session.agentId, player.boundAgentId)));
    if (!visible) throw new AppError('playerNotFound');
    return {
      playerId: player.id,
      nickname: player.nickname,
      avatar: player.avatar,
      agentId: player.boundAgentId,
    };
  });
}
