import { createHash, randomBytes } from 'node:crypto';
import { ResponseCode, SESSION_LIST_MAX, type TSignedInSession } from '@promoter/contract';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
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

/**
 * Revokes every live session of a player but one, in one statement (after a password change, or "sign out
 * everywhere else"); answers how many it revoked. Sessions already expired are left as they are: they open nothing.
 */
export async function revokeOtherSessions(
  db: DbOrTx,
  playerId: number,
  keepSessionId: number,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.playerId, playerId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * "Sign out everywhere else": every other live session of the account is revoked, in one statement, if the asking
 * session is itself still live. Two devices asking at once are serialized by a lock per account: the first ends the
 * second's session with the rest, and the second is then told it is signed out (10001) instead of ending the first
 * too, so one device always stays signed in.
 */
export async function endOtherSessions(
  db: Db,
  session: { playerId: number; sessionId: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sessions'), ${session.playerId})`);
    const [own] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, session.sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      );
    if (!own) throw new AppError('sessionExpired', undefined, ResponseCode.notSignedIn);
    return revokeOtherSessions(tx, session.playerId, session.sessionId);
  });
}

/**
 * The live sessions of a player's account, the asking one first, then by last use: when each began, was last seen
 * and ends, never a token or its hash. At most SESSION_LIST_MAX of them; `total` counts them all.
 */
export async function listLiveSessions(
  db: DbOrTx,
  playerId: number,
  currentSessionId: number,
): Promise<{ list: TSignedInSession[]; total: number }> {
  const live = and(
    eq(sessions.playerId, playerId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(live)
      .orderBy(sql`${sessions.id} = ${currentSessionId} desc`, desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(SESSION_LIST_MAX),
    db.select({ n: count() }).from(sessions).where(live),
  ]);
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === currentSessionId,
    })),
    total: counted?.n ?? 0,
  };
}
