import type { OperatorRole } from '@promoter/contract';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operators, operatorSessions } from '../../db/schema';
import { hashToken } from '../auth/session-service';

/** Operator sessions slide: twelve hours after the last call (decision 018). */
export const OPERATOR_SESSION_TTL_HOURS = 12;

/** What a request knows of an operator once its X-Operator-Token is resolved. */
export interface OperatorContext {
  sessionId: number;
  operatorId: number;
  name: string;
  role: OperatorRole;
  mustChangePassword: boolean;
}

/** Opaque random token; only its SHA-256 is stored, as for agents' sessions. */
export async function createOperatorSession(
  db: DbOrTx,
  operatorId: number,
  address: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(operatorSessions)
    .values({
      tokenHash: hashToken(token),
      operatorId,
      address,
      expiresAt: sql`now() + make_interval(hours => ${OPERATOR_SESSION_TTL_HOURS})`,
    })
    .returning({ expiresAt: operatorSessions.expiresAt });
  return { token, expiresAt: (row as { expiresAt: Date }).expiresAt };
}

/**
 * A live session of an operator that is not disabled, its expiry slid at most once a minute; null otherwise.
 */
export async function resolveOperatorSession(db: DbOrTx, token: string): Promise<OperatorContext | null> {
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      name: operators.name,
      role: operators.role,
      mustChangePassword: operators.mustChangePassword,
      stale: sql<boolean>`${operatorSessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, sql`now()`),
        eq(operators.disabled, false),
      ),
    );
  if (!row) return null;
  if (row.stale) {
    await db
      .update(operatorSessions)
      .set({
        lastSeenAt: sql`now()`,
        expiresAt: sql`now() + make_interval(hours => ${OPERATOR_SESSION_TTL_HOURS})`,
      })
      .where(eq(operatorSessions.id, row.sessionId));
  }
  const { stale: _stale, ...context } = row;
  return context;
}

/** Revokes the operator's sessions (all, or all but one); answers how many. */
export async function revokeOperatorSessions(
  db: DbOrTx,
  operatorId: number,
  keepSessionId?: number,
): Promise<number> {
  const revoked = await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(operatorSessions.id, keepSessionId),
      ),
    )
    .returning({ id: operatorSessions.id });
  return revoked.length;
}

export async function revokeOperatorSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(operatorSessions.id, sessionId));
}
