import { randomBytes } from 'node:crypto';
import {
  GAME_NONCE_HEADER,
  GAME_SIGNATURE_HEADER,
  GAME_TIMESTAMP_HEADER,
  LOGIN_TICKET_TTL_SECONDS,
  ResponseCode,
  ZGameMintTicket,
  ZGameMintTicketResult,
  ZGameUpsertPlayer,
  ZGameUpsertPlayerResult,
} from '@promoter/contract';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { gameApiSignatures, loginTickets } from '../../db/schema';
import { AppError } from '../../errors';
import { publicUrlOf } from '../../http/public-url';
import { keepRawJsonBody } from '../../http/raw-body';
import { hashToken } from '../auth/session-service';
import { toPlayerDto, upsertPlayer } from '../players/player-service';
import { checkGameSignature } from './game-signature';

export async function mintLoginTicket(
  db: DbOrTx,
  playerId: number,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + LOGIN_TICKET_TTL_SECONDS * 1000);
  await db.insert(loginTickets).values({ ticketHash: hashToken(ticket), playerId, expiresAt });
  return { ticket, expiresAt };
}

export const loginUrl = (publicUrl: string, ticket: string) => `${publicUrl}/#/session/login?token=${ticket}`;

const envelope = (data: z.ZodType) =>
  z.object({ code: z.number().int(), msg: z.string(), data: data.nullable() });

/**
 * The game server's integration API. Every request is signed over its exact bytes, so the body is kept raw
 * here; a signature is accepted once (its row is the replay guard, shared by every instance).
 */
export async function gameRoutes(app: FastifyInstance): Promise<void> {
  keepRawJsonBody(app);

  app.addHook('preHandler', async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const signature = header(GAME_SIGNATURE_HEADER);
    const check = checkGameSignature({
      secret: app.config.gameApiSecret,
      timestamp: header(GAME_TIMESTAMP_HEADER),
      nonce: header(GAME_NONCE_HEADER),
      signature,
      rawBody: request.rawBody ?? '',
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    if (check === 'invalid') throw new AppError('gameSignatureInvalid');
    if (check === 'expired') throw new AppError('gameSignatureExpired');
    const [fresh] = await app.db
      .insert(gameApiSignatures)
      .values({ signature: (signature as string).toLowerCase() })
      .onConflictDoNothing()
      .returning({ signature: gameApiSignatures.signature });
    if (!fresh) throw new AppError('gameSignatureReplayed');
    // Signatures older than the window can never be accepted again; forget them now and then.
    if (Math.random() < 0.01) {
      await app.db
        .delete(gameApiSignatures)
        .where(lt(gameApiSignatures.createdAt, sql`now() - interval '10 minutes'`));
    }
  });

  app.post(
    '/api/game/players/upsert',
    {
      schema: {
        summary: 'Create or update a player',
        tags: ['game'],
        body: ZGameUpsertPlayer,
        response: { 200: envelope(ZGameUpsertPlayerResult) },
      },
      config: { rateLimit: false },
    },
    async (request) => {
      const input = ZGameUpsertPlayer.parse(request.body);
      const row = await upsertPlayer(app.db, input);
      return {
        code: ResponseCode.success,
        msg: request.t('ok'),
        data: { player: await toPlayerDto(app.db, row) },
      };
    },
  );

  app.post(
    '/api/game/tickets',
    {
      schema: {
        summary: 'Mint a single-use login ticket (5 minutes)',
        tags: ['game'],
        body: ZGameMintTicket,
        response: { 200: envelope(ZGameMintTicketResult) },
      },
      config: { rateLimit: false },
    },
    async (request) => {
      const input = ZGameMintTicket.parse(request.body);
      const { ticket, expiresAt } = await mintLoginTicket(app.db, input.playerId);
      return {
        code: ResponseCode.success,
        msg: request.t('ok'),
        data: {
          ticket,
          expiresAt: expiresAt.toISOString(),
          loginUrl: loginUrl(publicUrlOf(request), ticket),
        },
      };
    },
  );
}
