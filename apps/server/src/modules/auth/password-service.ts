import type { TLoginResult } from '@promoter/contract';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, authFailures, players, trustedDevices } from '../../db/schema';
import { AppError } from '../../errors';
import { assertAgentUsable, loadAgentUser } from '../agents/agent-queries';
import { consumeCaptcha } from './captcha-service';
import type { LoginDeps } from './login-service';
import { createSession, hashToken, revokeOtherSessions } from './session-service';

/**
 * How wrong passwords are held back (docs/decisions/014-rate-limits-and-lockout.md). Failures count for a day per
 * key: per agent id and per address for attempts from unknown devices, per device for a trusted one. Past the free
 * attempts of a key, each further attempt must wait twice as long as the one before since its last failure
 * (2 s, 4 s, 8 s, ... at most 15 minutes). A refused attempt is not verified and does not count. Nothing locks the
 * owner out: the right password from a trusted device (one it has signed in on before) goes through whatever
 * strangers did, and an SMS reset clears the account's failures.
 */
export const PASSWORD_THROTTLE = {
  windowHours: 24,
  free: { account: 5, address: 20, device: 5, change: 5 },
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  /** A trusted device not used for this long is a stranger again. */
  deviceIdleDays: 180,
} as const;

/** The header that carries a device token, both ways: the browser sends its own, a sign-in answers a new one. */
export const DEVICE_HEADER = 'x-device';

/** Seconds until a key with `failures` failures, the last one `sinceLast` seconds ago, may try again (0: now). */
export function throttleWait(failures: number, free: number, sinceLast: number): number {
  if (failures < free) return 0;
  const delay = Math.min(
    PASSWORD_THROTTLE.maxDelaySeconds,
    PASSWORD_THROTTLE.firstDelaySeconds * 2 ** Math.min(failures - free, 30),
  );
  return Math.max(0, Math.ceil(delay - sinceLast));
}

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id with the OWASP-recommended cost (64 MiB, 3 passes, 4 lanes); hashing runs off the event loop. */
export const hashPassword = (password: string) =>
  argon2Hash(password, { algorithm: ARGON2ID, memoryCost: 65_536, timeCost: 3, parallelism: 4 });

// A real argon2id hash to verify against when the id is unknown, so both answers take the same time. Made once, on
// first need or when the server warms it after it listens (main.ts): at import it took the thread pool for a second
// while the server was starting (decision 028).
let dummyHash: Promise<string> | undefined;
export const warmDummyHash = (): Promise<string> => (dummyHash ??= hashPassword('not-a-real-password'));

/** The failures of a key within the window, and the seconds since the last one. */
async function failuresOf(db: DbOrTx, key: string): Promise<{ failures: number; sinceLast: number }> {
  const [row] = await db
    .select({
      n: count(),
      sinceLast: sql<string | null>`extract(epoch from now() - max(${authFailures.createdAt}))`,
    })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.key, key),
        gt(authFailures.createdAt, sql`now() - make_interval(hours => ${PASSWORD_THROTTLE.windowHours})`),
      ),
    );
  return { failures: row?.n ?? 0, sinceLast: Number(row?.sinceLast ?? 0) };
}

async function waitOf(db: DbOrTx, key: string, free: number): Promise<number> {
  const { failures, sinceLast } = await failuresOf(db, key);
  return throttleWait(failures, free, sinceLast);
}

/**
 * Checks a password under the throttle of its keys. Each attempt is counted as a failure before the password is
 * verified (the check and the count under an advisory lock per lock key, committed at once), so parallel guesses
 * cannot all slip in before the first failure is counted; a right password takes its count back. argon2 runs with
 * no transaction open: a burst of logins holds no connection of the pool, and no lock, while it hashes.
 */
export async function verifyThrottled(
  db: Db,
  keys: { lock: string; limits: { key: string; free: number }[] },
  hash: string | null,
  password: string,
): Promise<boolean> {
  const counted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pw:${keys.lock}`}))`);
    let wait = 0;
    for (const limit of keys.limits) wait = Math.max(wait, await waitOf(tx, limit.key, limit.free));
    if (wait > 0) throw new AppError('tooManyPasswordAttempts', { seconds: wait });
    return tx
      .insert(authFailures)
      .values(keys.limits.map((limit) => ({ key: limit.key })))
      .returning({ id: authFailures.id });
  });
  const valid = await argon2Verify(hash ?? (await warmDummyHash()), password);
  if (hash !== null && valid) {
    await db.delete(authFailures).where(
      inArray(
        authFailures.id,
        counted.map((row) => row.id),
      ),
    );
    return true;
  }
  return false;
}

/** The trusted device of an agent a token names, if it still is one. */
async function trustedDevice(db: Db, agentId: number, token: string | undefined): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const [device] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, hashToken(token)),
        eq(trustedDevices.agentId, agentId),
        gt(
          trustedDevices.lastUsedAt,
          sql`now() - make_interval(days => ${PASSWORD_THROTTLE.deviceIdleDays})`,
        ),
      ),
    );
  return device?.id ?? null;
}

export interface PasswordAttempt {
  /** The caller's address. */
  address: string;
  /** The device token the browser presented, if any. */
  device?: string;
}

/**
 * Agent id + password. Unknown id, no password and wrong password answer the same message in the same time.
 * From a trusted device only that device's failures count (five, then it is a stranger again); from anywhere else
 * the agent id's and the address's failures count and hold further attempts back with growing delays. A success
 * answers, beside the session, a new device token (`device`) unless the presented one is already trusted.
 */
export async function loginWithPassword(
  deps: LoginDeps,
  agentId: number,
  password: string,
  attempt: PasswordAttempt,
): Promise<TLoginResult & { device?: string }> {
  const [agent] = await deps.db
    .select({
      id: agents.id,
      playerId: agents.playerId,
      status: agents.status,
      passwordHash: agents.passwordHash,
    })
    .from(agents)
    .where(eq(agents.id, agentId));
  const deviceId = agent ? await trustedDevice(deps.db, agent.id, attempt.device) : null;
  const deviceKey = deviceId === null ? null : `device:${deviceId}`;
  const trusted =
    deviceKey !== null && (await failuresOf(deps.db, deviceKey)).failures < PASSWORD_THROTTLE.free.device;
  const valid = await verifyThrottled(
    deps.db,
    trusted && deviceKey
      ? { lock: deviceKey, limits: [{ key: deviceKey, free: PASSWORD_THROTTLE.free.device }] }
      : {
          lock: `agent:${agentId}`,
          limits: [
            { key: `agent:${agentId}`, free: PASSWORD_THROTTLE.free.account },
            { key: `ip:${attempt.address}`, free: PASSWORD_THROTTLE.free.address },
          ],
        },
    agent?.passwordHash ?? null,
    password,
  );
  if (!agent || !valid) throw new AppError('wrongCredentials');
  assertAgentUsable(agent.status);
  const device = await deps.db.transaction(async (tx) => {
    // The owner is back: what failed before from unknown devices (or from this device) no longer counts.
    const cleared = trusted ? [] : [`agent:${agent.id}`];
    if (deviceKey) cleared.push(deviceKey);
    await tx.delete(authFailures).where(inArray(authFailures.key, cleared));
    if (deviceId !== null) {
      await tx
        .update(trustedDevices)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(trustedDevices.id, deviceId));
      return undefined;
    }
    const token = randomBytes(32).toString('base64url');
    await tx.insert(trustedDevices).values({ agentId: agent.id, tokenHash: hashToken(token) });
    return token;
  });
  const token = await createSession(
    deps.db,
    { playerId: agent.playerId, agentId: agent.id },
    deps.sessionTtlHours,
    deps.client,
  );
  return {
    token,
    isAgent: true,
    user: await loadAgentUser(deps.db, agent.id, deps.publicUrl),
    ...(device ? { device } : {}),
  };
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
  // Only a signed-in agent reaches this: strangers' guesses at the login do not hold it back, nor the other way.
  const changeKey = `change:${session.agentId}`;
  const valid = await verifyThrottled(
    db,
    { lock: changeKey, limits: [{ key: changeKey, free: PASSWORD_THROTTLE.free.change }] },
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
    // The owner proved the mobile: the account's failures, and those of its devices, no longer hold it back.
    const devices = await tx
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(eq(trustedDevices.agentId, agent.id));
    await tx
      .delete(authFailures)
      .where(
        inArray(authFailures.key, [
          `agent:${agent.id}`,
          `change:${agent.id}`,
          ...devices.map((device) => `device:${device.id}`),
        ]),
      );
  });
  return { agentId: agent.id };
}
