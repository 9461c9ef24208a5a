import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, sessions } from '../../db/schema';

/** What a request knows about its caller once its token has been resolved. */
export interface SessionContext {
  sessionId: number;
  playerId: number;
  agentId: number | null;
  /** The agent's status as of this request (null for a player): a frozen agent loses access at once. */
  agentStatus: 'active' | 'frozen' | 'pending' | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opaque random token; only its hash is stored, so a database leak yields no usable session. */
export async function createSession(
  db: DbOrTx,
  owner: { playerId: number; agentId: number | null },
  ttlHours: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    playerId: owner.playerId,
    agentId: owner.agentId,
    expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
  });
  return token;
}

/**
 * Resolves a token and slides its expiry. The expiry is moved at most once a minute per session, so a busy
 * client does not write on every request.
 */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  ttlHours: number,
): Promise<SessionContext | null> {
  const tokenHash = hashToken(token);
  // The common case, a session seen within the last minute, is one indexed read and no write.
  const [row] = await db
    .select({
      sessionId: sessions.id,
      playerId: sessions.playerId,
      agentId: sessions.agentId,
      agentStatus: agents.status,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(sessions)
    .leftJoin(agents, eq(agents.id, sessions.agentId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    );
  if (!row) return null;
  if (row.stale) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${ttlHours})` })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    playerId: row.playerId,
    agentId: row.agentId,
    agentStatus: row.agentId === null ? null : (row.agentStatus ?? 'frozen'),
  };
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** Revokes every session of a player but one (after a password change); answers how many it revoked. */
export async function revokeOtherSessions(
  db: DbOrTx,
  playerId: number,
  keepSessionId: number,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.playerId, playerId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}
