import {
  ZGameEventsQuery,
  ZGameEventsResult,
  ZGameMintTicket,
  ZGameMintTicketResult,
  ZGameUpsertPlayer,
  ZGameUpsertPlayerResult,
} from '@promoter/contract';
import type { FastifyInstance } from 'fastify';
import { publicUrlOf } from '../../http/public-url';
import { defineSignedRoute, type SignedRequest } from '../../http/signed-route';
import { readFeed } from './game-feed';
import { acceptGameRequest, issueLoginTicket, upsertGamePlayer } from './game-service';

/**
 * The game server's integration API (packages/contract/src/game.ts). Every request is signed over its exact bytes
 * and accepted once.
 */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  const verify = (request: SignedRequest) => acceptGameRequest(app.db, app.config.gameApiSecret, request);

  defineSignedRoute(
    app,
    {
      method: 'POST',
      url: '/api/game/players/upsert',
      summary: 'Create or update a player',
      tags: ['game'],
      body: ZGameUpsertPlayer,
      data: ZGameUpsertPlayerResult,
      verify,
    },
    async ({ body }) => upsertGamePlayer(app.db, body),
  );

  defineSignedRoute(
    app,
    {
      method: 'POST',
      url: '/api/game/tickets',
      summary: 'Mint a single-use login ticket (5 minutes)',
      tags: ['game'],
      body: ZGameMintTicket,
      data: ZGameMintTicketResult,
      verify,
    },
    async ({ body, request }) => issueLoginTicket(app.db, body.playerId, publicUrlOf(request)),
  );

  defineSignedRoute(
    app,
    {
      method: 'POST',
      url: '/api/game/events',
      summary: 'Read the diamonds events after a cursor (the pull feed)',
      tags: ['game'],
      body: ZGameEventsQuery,
      data: ZGameEventsResult,
      verify,
    },
    async ({ body }) => readFeed(app.db, body),
  );
}
