import type { TLoginResult } from '@promoter/contract';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, authFailures, players } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertAgentUsable, loadAgentUser } from '../agents/agent-queries';
import { consumeCaptcha } from './captcha-service';
import type { LoginDeps } from './login-service';
import { createSession, revokeOtherSessions } from './session-service';

/** Five wrong passwords per agent id in fifteen minutes lock that id for the rest of the window. */
export const PASSWORD_LOCKOUT = { attempts: 5, windowMinutes: 15 } as const;

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id with the OWASP-recommended cost (64 MiB, 3 passes, 4 lanes); hashing runs off the event loop. */
export const hashPassword = (password: string) =>
  argon2Hash(password, { algorithm: ARGON2ID, memoryCost: 65_536, timeCost: 3, parallelism: 4 });

// A real argon2id hash to verify against when the id is unknown, so both answers take the same time.
const DUMMY_HASH = hashPassword('not-a-real-password');

async function assertNotLocked(db: DbOrTx, key: string): Promise<void> {
  const [recent] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.key, key),
        gt(authFailures.createdAt, sql`now() - make_interval(mins => ${PASSWORD_LOCKOUT.windowMinutes})`),
      ),
    );
  if ((recent?.n ?? 0) >= PASSWORD_LOCKOUT.attempts) throw new AppError('tooManyPasswordAttempts');
}

/**
 * Checks a password against the lockout of its key. Attempts on one key wait for each other (an advisory lock
 * for the check, the verification and the recording of a failure), so parallel guesses cannot all slip in
 * before the first failure is counted. A failure is committed even though the caller is refused.
 */
async function verifyWithLockout(
  db: Db,
  key: string,
  hash: string | null,
  password: string,
): Promise<boolean> {
  const verdict = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pw:${key}`}))`);
    await assertNotLocked(tx, key);
    const valid = await argon2Verify(hash ?? (await DUMMY_HASH), password);
    if (!hash || !valid) await tx.insert(authFailures).values({ key });
    return hash !== null && valid;
  });
  return verdict;
}

/**
 * Agent id + password. Unknown id, no password and wrong password answer the same message in the same time;
 * the lockout counts per agent id (the route adds a per-address rate limit).
 */
export async function loginWithPassword(
  deps: LoginDeps,
  agentId: number,
  password: string,
): Promise<TLoginResult> {
  const [agent] = await deps.db
    .select({
      id: agents.id,
      playerId: agents.playerId,
      status: agents.status,
      passwordHash: agents.passwordHash,
    })
    .from(agents)
    .where(eq(agents.id, agentId));
  const valid = await verifyWithLockout(deps.db, `agent:${agentId}`, agent?.passwordHash ?? null, password);
  if (!agent || !valid) throw new AppError('wrongCredentials');
  assertAgentUsable(agent.status);
  const token = await createSession(
    deps.db,
    { playerId: agent.playerId, agentId: agent.id },
    deps.sessionTtlHours,
  );
  return { token, isAgent: true, user: await loadAgentUser(deps.db, agent.id, deps.publicUrl) };
}

/** Old + new; every other session of the agent is revoked, the current one stays. */
export async function changePassword(
  db: Db,
  session: { sessionId: number; playerId: number; agentId: number },
  input: { oldPassword: string; newPassword: string },
): Promise<{ revokedSessions: number }> {
  const [agent] = await db
    .select({ passwordHash: agents.passwordHash })
    .from(agents)
    .where(eq(agents.id, session.agentId));
  if (!agent?.passwordHash) throw new AppError('noPasswordSet');
  const valid = await verifyWithLockout(
    db,
    `agent:${session.agentId}`,
    agent.passwordHash,
    input.oldPassword,
  );
  if (!valid) throw new AppError('wrongOldPassword');
  const newHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(agents).set({ passwordHash: newHash }).where(eq(agents.id, session.agentId));
    return { revokedSessions: await revokeOtherSessions(tx, session.playerId, session.sessionId) };
  });
}

/** Forgot password: a code sent to the agent's verified mobile sets a new password and ends every session. */
export async function resetPassword(
  deps: { db: Db; secret: string },
  input: { mobile: string; captcha: string; newPassword: string },
): Promise<{ agentId: number }> {
  const [agent] = await deps.db
    .select({ id: agents.id, playerId: agents.playerId })
    .from(agents)
    .innerJoin(players, eq(players.id, agents.playerId))
    .where(eq(players.mobile, input.mobile));
  // Without an agent on this number there is no live code either: the same answer as a wrong code.
  await consumeCaptcha(deps, input.mobile, 'reset-password', input.captcha);
  if (!agent) throw new AppError('captchaInvalid');
  const newHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(agents).set({ passwordHash: newHash }).where(eq(agents.id, agent.id));
    await revokeOtherSessions(tx, agent.playerId, -1);
    await tx.delete(authFailures).where(eq(authFailures.key, `agent:${agent.id}`));
  });
  return { agentId: agent.id };
}
