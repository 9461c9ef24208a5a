import { ROLE_RIGHTS, type OperatorRole, type TOperator } from '@promoter/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { authFailures, operators } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { hashPassword, PASSWORD_THROTTLE, verifyThrottled } from '../auth/password-service';
import {
  createOperatorSession,
  type OperatorContext,
  revokeOperatorSession,
  revokeOperatorSessions,
} from './operator-session-service';
import { decryptTotpSecret, encryptTotpSecret, newTotpSecret, totpStepOf, totpUri } from './totp';

type OperatorRow = typeof operators.$inferSelect;

export function toOperatorDto(row: OperatorRow): TOperator {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    rights: [...ROLE_RIGHTS[row.role]],
    twoFactorEnrolled: row.twoFactorEnrolled,
    mustChangePassword: row.mustChangePassword,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an operator (never its hash or secret). */
const auditView = (row: OperatorRow) => ({ name: row.name, role: row.role, disabled: row.disabled });

export interface OperatorDeps {
  db: Db;
  appSecret: string;
}

/** A password to hand over once: 16 URL-safe characters (96 random bits). */
const oneTimePassword = () => randomBytes(12).toString('base64url');

/**
 * Creates an operator with a one-time password (to change at the first sign-in) and a TOTP secret; answers both
 * once, with the otpauth:// URI to enrol an authenticator. `actor` is null for the command line and the demo seed.
 */
export async function createOperator(
  deps: OperatorDeps,
  input: { name: string; role: OperatorRole; password?: string; mustChangePassword?: boolean },
  actor: AuditActor | null,
): Promise<{ operator: TOperator; password: string; otpauthUri: string; totpSecret: string }> {
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashPassword(password);
  const totpSecret = newTotpSecret();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({
        name: input.name,
        role: input.role,
        passwordHash,
        totpSecret: encryptTotpSecret(deps.appSecret, totpSecret),
        mustChangePassword: input.mustChangePassword ?? true,
      })
      .onConflictDoNothing({ target: operators.name })
      .returning();
    if (!row) throw new AppError('operatorNameTaken');
    await recordAudit(tx, actor ?? { operatorId: null, operatorName: 'system', address: 'local' }, {
      action: 'operator.create',
      target: { type: 'operator', id: String(row.id) },
      after: auditView(row),
    });
    return { operator: toOperatorDto(row), password, otpauthUri: totpUri(row.name, totpSecret), totpSecret };
  });
}

export async function listOperators(db: DbOrTx): Promise<{ list: TOperator[] }> {
  const rows = await db.select().from(operators).orderBy(asc(operators.id));
  return { list: rows.map(toOperatorDto) };
}

/**
 * A fresh code of the acting operator's own authenticator, taken once (its step is used up, as a sign-in's is), in
 * the transaction of the change it confirms: a session left open on a desk is not enough to grant or reset access
 * (nor to rotate the game's signing secret, decision 040).
 */
export async function confirmWithOwnCode(
  tx: Tx,
  appSecret: string,
  operatorId: number,
  code: string | undefined,
): Promise<void> {
  if (code === undefined) throw new AppError('operatorCodeRequired');
  const [row] = await tx
    .select({ secret: operators.totpSecret, lastStep: operators.totpLastStep })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .for('update');
  if (!row) throw new AppError('operatorNotFound');
  const step = totpStepOf(decryptTotpSecret(appSecret, row.secret), code, row.lastStep);
  if (step === null) throw new AppError('operatorWrongCode');
  await tx.update(operators).set({ totpLastStep: step }).where(eq(operators.id, operatorId));
}

type OperatorActor = AuditActor & { operatorId: number };

/**
 * Another operator's role or disabled flag, with a reason; disabling ends its sessions at once. Granting or removing
 * `owner` also takes a fresh code of the acting owner's authenticator (decision 037). An operator cannot change itself
 * (the last owner cannot lock the platform out: only an owner manages operators, and never its own account).
 */
export async function updateOperator(
  deps: OperatorDeps,
  actor: OperatorActor,
  input: { id: number; role?: OperatorRole; disabled?: boolean; reason: string; code?: string },
): Promise<TOperator> {
  if (input.id === actor.operatorId) throw new AppError('operatorCannotChangeSelf');
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, input.id)).for('update');
    if (!before) throw new AppError('operatorNotFound');
    const roleChanges = input.role !== undefined && input.role !== before.role;
    // Nothing asked to change: the operator as it is, nothing written.
    if (!roleChanges && (input.disabled === undefined || input.disabled === before.disabled))
      return toOperatorDto(before);
    if (roleChanges && (input.role === 'owner' || before.role === 'owner'))
      await confirmWithOwnCode(tx, deps.appSecret, actor.operatorId, input.code);
    const [after] = await tx
      .update(operators)
      .set({
        ...(input.role ? { role: input.role } : {}),
        ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      })
      .where(eq(operators.id, input.id))
      .returning();
    const row = after as OperatorRow;
    if (row.disabled) await revokeOperatorSessions(tx, row.id);
    await recordAudit(tx, actor, {
      action: 'operator.update',
      target: { type: 'operator', id: String(row.id) },
      before: auditView(before),
      after: { ...auditView(row), reason: input.reason },
    });
    return toOperatorDto(row);
  });
}

/**
 * The owner's answer to an operator who forgot its password or lost its authenticator (decision 037): a one-time
 * password (changed at the next sign-in) and/or a new authenticator secret (enrolled at the next sign-in), answered
 * once; every session of the operator ends. With a reason and a fresh code of the acting owner's authenticator, never
 * on the owner's own account. `actor` null: the command line, on the server's machine (no code asked).
 */
export async function resetOperator(
  deps: OperatorDeps,
  actor: OperatorActor | null,
  input: { id: number; password: boolean; twoFactor: boolean; reason: string; code?: string },
): Promise<{
  operator: TOperator;
  password: string | null;
  otpauthUri: string | null;
  totpSecret: string | null;
}> {
  if (actor && input.id === actor.operatorId) throw new AppError('operatorCannotChangeSelf');
  const password = input.password ? oneTimePassword() : null;
  const passwordHash = password === null ? null : await hashPassword(password);
  const totpSecret = input.twoFactor ? newTotpSecret() : null;
  return deps.db.transaction(async (tx) => {
    if (actor) await confirmWithOwnCode(tx, deps.appSecret, actor.operatorId, input.code);
    const [row] = await tx
      .update(operators)
      .set({
        ...(passwordHash !== null ? { passwordHash, mustChangePassword: true } : {}),
        ...(totpSecret !== null
          ? {
              totpSecret: encryptTotpSecret(deps.appSecret, totpSecret),
              twoFactorEnrolled: false,
              totpLastStep: null,
            }
          : {}),
      })
      .where(eq(operators.id, input.id))
      .returning();
    if (!row) throw new AppError('operatorNotFound');
    const revokedSessions = await revokeOperatorSessions(tx, row.id);
    await recordAudit(tx, actor ?? { operatorId: null, operatorName: 'system', address: 'local' }, {
      action: 'operator.reset',
      target: { type: 'operator', id: String(row.id) },
      after: { password: input.password, twoFactor: input.twoFactor, reason: input.reason, revokedSessions },
    });
    return {
      operator: toOperatorDto(row),
      password,
      otpauthUri: totpSecret === null ? null : totpUri(row.name, totpSecret),
      totpSecret,
    };
  });
}

/** An operator by its name (the command line names operators). */
export async function operatorIdByName(db: DbOrTx, name: string): Promise<number> {
  const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.name, name));
  if (!row) throw new AppError('operatorNotFound');
  return row.id;
}

export async function revokeSessionsOf(
  db: Db,
  actor: AuditActor,
  operatorId: number,
): Promise<{ revokedSessions: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, operatorId));
    if (!row) throw new AppError('operatorNotFound');
    const revokedSessions = await revokeOperatorSessions(tx, operatorId);
    await recordAudit(tx, actor, {
      action: 'operator.revokeSessions',
      target: { type: 'operator', id: String(operatorId) },
      after: { revokedSessions },
    });
    return { revokedSessions };
  });
}

/**
 * Sign-in: name + password + the authenticator's code, under the growing-delay throttle of decision 014, per name
 * and per address, with no hard lock. A stranger cannot hold the owner back: an attempt with a right code (which
 * only the authenticator's holder has) counts under a key of its own (`op2fa:`), so strangers' wrong guesses
 * (`op:`) do not delay it. A wrong code counts as a failure whatever the password. Every attempt is audited.
 */
export async function operatorLogin(
  deps: OperatorDeps,
  input: { name: string; password: string; code: string },
  address: string,
): Promise<{ token: string; expiresAt: string; operator: TOperator }> {
  const [row] = await deps.db.select().from(operators).where(eq(operators.name, input.name));
  const secret = row ? decryptTotpSecret(deps.appSecret, row.totpSecret) : null;
  const step = secret && row ? totpStepOf(secret, input.code, row.totpLastStep) : null;
  const actor: AuditActor = { operatorId: row?.id ?? null, operatorName: input.name, address };
  const nameKey = step !== null ? `op2fa:${input.name}` : `op:${input.name}`;
  let valid: boolean;
  try {
    valid = await verifyThrottled(
      deps.db,
      {
        lock: nameKey,
        limits: [
          { key: nameKey, free: PASSWORD_THROTTLE.free.account },
          { key: `ip:${address}`, free: PASSWORD_THROTTLE.free.address },
        ],
      },
      step !== null && row ? row.passwordHash : null,
      input.password,
    );
  } catch (error) {
    await recordAudit(deps.db, actor, {
      action: 'login.throttled',
      target: { type: 'operator', id: input.name },
    });
    throw error;
  }
  const failure = !row
    ? 'unknown'
    : step === null
      ? 'code'
      : !valid
        ? 'password'
        : row.disabled
          ? 'disabled'
          : null;
  if (failure !== null || !row || step === null) {
    await recordAudit(deps.db, actor, {
      action: 'login.failed',
      target: { type: 'operator', id: input.name },
      after: { reason: failure },
    });
    throw new AppError('operatorWrongCredentials');
  }
  const signedIn = await deps.db.transaction(async (tx) => {
    // The step is taken once: the same code replayed, even at the same instant, finds it taken.
    const [taken] = await tx
      .update(operators)
      .set({ totpLastStep: step, twoFactorEnrolled: true })
      .where(
        and(eq(operators.id, row.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
      )
      .returning({ id: operators.id });
    if (!taken) return null;
    await tx.delete(authFailures).where(inArray(authFailures.key, [`op:${row.name}`, `op2fa:${row.name}`]));
    const session = await createOperatorSession(tx, row.id, address);
    await recordAudit(tx, actor, { action: 'login', target: { type: 'operator', id: String(row.id) } });
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      operator: toOperatorDto({ ...row, twoFactorEnrolled: true }),
    };
  });
  if (signedIn) return signedIn;
  await recordAudit(deps.db, actor, {
    action: 'login.failed',
    target: { type: 'operator', id: input.name },
    after: { reason: 'code-replayed' },
  });
  throw new AppError('operatorWrongCredentials');
}

export async function operatorLogout(
  db: Db,
  operator: OperatorContext,
  address: string,
): Promise<Record<string, never>> {
  await db.transaction(async (tx) => {
    await revokeOperatorSession(tx, operator.sessionId);
    await recordAudit(
      tx,
      { operatorId: operator.operatorId, operatorName: operator.name, address },
      { action: 'logout', target: { type: 'operator', id: String(operator.operatorId) } },
    );
  });
  return {};
}

export async function loadOperator(db: DbOrTx, operatorId: number): Promise<TOperator> {
  const [row] = await db.select().from(operators).where(eq(operators.id, operatorId));
  if (!row) throw new AppError('operatorNotFound');
  return toOperatorDto(row);
}

/** The operator's own password (its one-time password first of all); its other sessions end. */
export async function changeOperatorPassword(
  db: Db,
  operator: OperatorContext,
  address: string,
  input: { oldPassword: string; newPassword: string },
): Promise<{ revokedSessions: number }> {
  const [row] = await db.select().from(operators).where(eq(operators.id, operator.operatorId));
  if (!row) throw new AppError('operatorNotFound');
  const key = `opchange:${row.id}`;
  const valid = await verifyThrottled(
    db,
    { lock: key, limits: [{ key, free: PASSWORD_THROTTLE.free.change }] },
    row.passwordHash,
    input.oldPassword,
  );
  if (!valid) throw new AppError('wrongOldPassword');
  if (input.newPassword === input.oldPassword) throw new AppError('operatorPasswordUnchanged');
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(operators.id, row.id));
    const revokedSessions = await revokeOperatorSessions(tx, row.id, operator.sessionId);
    await recordAudit(
      tx,
      { operatorId: row.id, operatorName: row.name, address },
      {
        action: 'password.change',
        target: { type: 'operator', id: String(row.id) },
        after: { revokedSessions },
      },
    );
    return { revokedSessions };
  });
}
