import { createHash, randomBytes } from 'node:crypto';
import {
  type AgentStatus,
  ResponseCode,
  SESSION_LIST_MAX,
  type TAgentUser,
  type TSignedInSession,
} from '@promoter/contract';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type Prepared, runPrepared, type SessionColumns, type SessionScope } from '../../db/prepared';
import { AppError } from '../../errors';
import { sessions } from '../../db/schema';
import { type ClientInfo, deviceLabel, USER_AGENT_KEPT } from './device-label';
import { type AgentUserRow, agentUserOf, agentUserSql } from '../agents/agent-queries';
import { OPTION_DEFAULTS } from '../options/options-service';

/** What a request knows about its caller once its token has been resolved. */
export interface SessionContext {
  sessionId: number;
  playerId: number;
  agentId: number | null;
  /** The agent's status as of this request (null for a player): a frozen agent loses access at once. */
  agentStatus: AgentStatus | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opaque random token; only its hash is stored, so a database leak yields no usable session. The client's
 * User-Agent and address are kept to name the session in its owner's and the operators' lists.
 */
export async function createSession(
  db: DbOrTx,
  owner: { playerId: number; agentId: number | null },
  ttlHours: number,
  client?: ClientInfo,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    playerId: owner.playerId,
    agentId: owner.agentId,
    userAgent: (client?.userAgent ?? '').slice(0, USER_AGENT_KEPT),
    address: client?.address ?? '',
    expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
  });
  return token;
}

/**
 * The session lookup every signed-in request makes, in one round trip (decision 023): the token's live, unrevoked
 * session with its agent's status (`s`), and the sliding renewal in the same statement (`slide`). The expiry moves to
 * now + the TTL at most once a minute per session (when it was last seen over a minute ago), so a busy client does not
 * write on every request; a data-modifying CTE always runs to completion, read or not. $1 is the token's hash, $2 the
 * TTL in hours. A call that reads the session in its own statement (getUser: `http/route.ts` defineCallWithSession,
 * decision 026) starts its statement with these CTEs and maps the session's columns with `sessionOfRow`.
 */
export const SESSION_CTES = `s as (
  select s.id, s.player_id, s.agent_id, a.status as agent_status,
         s.last_seen_at < now() - interval '1 minute' as stale
    from sessions s left join agents a on a.id = s.agent_id
   where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
), slide as (
  update sessions set last_seen_at = now(), expires_at = now() + make_interval(hours => $2::int)
   where id = (select id from s where stale)
  returning id
)`;

/** The session's columns as a statement starting with SESSION_CTES answers them (SessionColumns). */
const SESSION_COLUMNS =
  's.id as session_id, s.player_id as session_player_id, s.agent_id as session_agent_id, s.agent_status';

const RESOLVE_SESSION: Prepared = {
  name: 'session_resolve_v2',
  text: `with ${SESSION_CTES}
select ${SESSION_COLUMNS} from s`,
};

/**
 * The session of `token` as a scope for another module's statement (db/prepared.ts SessionScope): the CTEs above
 * with their two values, the agent's id and the session's columns.
 */
export function sessionScope(token: string, ttlHours: number): SessionScope {
  return {
    name: 'session_v1',
    ctes: SESSION_CTES,
    values: [hashToken(token), ttlHours],
    agentId: '(select agent_id from s)',
    from: 's',
    columns: SESSION_COLUMNS,
  };
}

export function sessionOfRow(row: SessionColumns | undefined): SessionContext | null {
  if (!row || row.session_id === null || row.session_player_id === null) return null;
  return {
    sessionId: row.session_id,
    playerId: row.session_player_id,
    agentId: row.session_agent_id,
    agentStatus: row.session_agent_id === null ? null : (row.agent_status ?? 'frozen'),
  };
}

/** Resolves a token (and slides its expiry): one prepared statement. */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  ttlHours: number,
): Promise<SessionContext | null> {
  const [row] = await runPrepared<SessionColumns>(db, RESOLVE_SESSION, [hashToken(token), ttlHours]);
  return sessionOfRow(row);
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
        userAgent: sessions.userAgent,
        address: sessions.address,
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
      device: deviceLabel(row.userAgent),
      address: row.address,
      current: row.id === currentSessionId,
    })),
    total: counted?.n ?? 0,
  };
}

/**
 * getUser as one statement with its session (decision 026): the token's session (SESSION_CTES, its renewal
 * included) and the figures of the session's agent, one round trip for the whole call. A session of a player that is
 * not an agent answers its session and no figures.
 */
const SESSION_AND_AGENT_USER: Prepared = {
  name: 'session_agent_user_v2',
  text: `with ${SESSION_CTES}, ${agentUserSql('(select agent_id from s)', '$3')}
select ${SESSION_COLUMNS}, u.*
  from s left join agent_user u on true`,
};

/** getUser's one statement: the session of the scope (renewed as every call renews it) and its agent's figures. */
export async function loadSessionAndAgentUser(
  db: DbOrTx,
  scope: SessionScope,
  publicUrl: string,
): Promise<{ session: SessionColumns | undefined; answer: () => TAgentUser | null }> {
  const [row] = await runPrepared<SessionColumns & Partial<AgentUserRow>>(db, SESSION_AND_AGENT_USER, [
    ...scope.values,
    OPTION_DEFAULTS['platform.timezone'].value,
  ]);
  return {
    session: row,
    answer: () =>
      row?.id === undefined || row.id === null ? null : agentUserOf(row as AgentUserRow, publicUrl),
  };
}
