import {
  GAME_NONCE_HEADER,
  GAME_SIGNATURE_HEADER,
  GAME_TIMESTAMP_HEADER,
  type TPlayer,
} from '@promoter/contract';
import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { gameApiSignatures } from '../../db/schema';
import { AppError } from '../../errors';
import { loginUrl, mintLoginTicket } from '../auth/login-service';
import { toPlayerDto, upsertPlayer } from '../players/player-service';
import { checkGameSignature } from './game-signature';

/**
 * Accepts a game server request: signed over its exact bytes, within the window, and once. The signature's row is
 * the replay guard, shared by every instance (decision 006).
 */
export async function acceptGameRequest(
  db: DbOrTx,
  secret: string,
  request: { headers: Record<string, string | string[] | undefined>; rawBody: string },
): Promise<void> {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const signature = header(GAME_SIGNATURE_HEADER);
  const check = checkGameSignature({
    secret,
    timestamp: header(GAME_TIMESTAMP_HEADER),
    nonce: header(GAME_NONCE_HEADER),
    signature,
    rawBody: request.rawBody,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (check === 'invalid') throw new AppError('gameSignatureInvalid');
  if (check === 'expired') throw new AppError('gameSignatureExpired');
  const [fresh] = await db
    .insert(gameApiSignatures)
    .values({ signature: (signature as string).toLowerCase() })
    .onConflictDoNothing()
    .returning({ signature: gameApiSignatures.signature });
  if (!fresh) throw new AppError('gameSignatureReplayed');
  // Signatures older than the window can never be accepted again; forget them now and then.
  if (Math.random() < 0.01) {
    await db
      .delete(gameApiSignatures)
      .where(lt(gameApiSignatures.createdAt, sql`now() - interval '10 minutes'`));
  }
}

/** The game server creates its players and keeps their profile current. */
export async function upsertGamePlayer(
  db: DbOrTx,
  input: Parameters<typeof upsertPlayer>[1],
): Promise<{ player: TPlayer }> {
  const row = await upsertPlayer(db, input);
  return { player: await toPlayerDto(db, row) };
}

/** A login ticket for a player and the link that signs it in, for the game to open. */
export async function issueLoginTicket(
  db: DbOrTx,
  playerId: number,
  publicUrl: string,
): Promise<{ ticket: string; expiresAt: string; loginUrl: string }> {
  const { ticket, expiresAt } = await mintLoginTicket(db, playerId);
  return { ticket, expiresAt: expiresAt.toISOString(), loginUrl: loginUrl(publicUrl, ticket) };
}
