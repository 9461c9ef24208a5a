import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../errors';

export interface Actor {
  actorType: 'agent' | 'player' | 'operator';
  actorId: number;
}

/** The hash a key keeps of its operation and parameters: a requestId reused for anything else is refused. */
export const hashParams = (operation: string, params: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([operation, params]))
    .digest('hex');

const keyOf = (actor: Actor, requestId: string) =>
  and(
    eq(idempotencyKeys.actorType, actor.actorType),
    eq(idempotencyKeys.actorId, actor.actorId),
    eq(idempotencyKeys.requestId, requestId),
  );

/**
 * The answer a committed key stored, if the key exists: its result when the parameters are the same, else the refusal
 * `requestIdReused`. `{ found: false }` when no key is committed under this requestId.
 */
export async function storedResult<T>(
  db: DbOrTx,
  actor: Actor,
  requestId: string,
  paramsHash: string,
): Promise<Replay<T>> {
  const [existing] = await db.select().from(idempotencyKeys).where(keyOf(actor, requestId));
  return replayOf<T>(existing, paramsHash);
}

export type Replay<T> = { found: true; result: T } | { found: false };

/**
 * The replay rule, for a key however it was read (by `storedResult`, or by a one-statement operation that reads its
 * key in the same statement): none, nothing to replay; the same parameters, its result; others, `requestIdReused`.
 */
export function replayOf<T>(
  existing: { paramsHash: string; result: unknown } | undefined,
  paramsHash: string,
): Replay<T> {
  if (!existing) return { found: false };
  if (existing.paramsHash !== paramsHash) throw new AppError('requestIdReused');
  return { found: true, result: existing.result as T };
}

/**
 * Runs a money operation once per (caller, requestId), in one transaction with its key:
 * - the first call inserts the key, runs, stores its result, commits: all of it or nothing;
 * - a retry finds the committed key and gets the stored result, applied nothing;
 * - a copy racing the first waits on the key's unique index until the first commits (then replays) or rolls back
 *   (then runs itself);
 * - the same requestId with other parameters is refused.
 * A refused operation (not enough diamonds, ...) rolls back with its key, so a corrected retry may run.
 */
export async function once<T>(
  db: Db,
  actor: Actor,
  requestId: string,
  operation: string,
  params: unknown,
  run: (tx: Tx) => Promise<T>,
): Promise<T> {
  const paramsHash = hashParams(operation, params);
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(idempotencyKeys)
      .values({ ...actor, requestId, operation, paramsHash })
      .onConflictDoNothing()
      .returning({ requestId: idempotencyKeys.requestId });
    if (!fresh) {
      const stored = await storedResult<T>(tx, actor, requestId, paramsHash);
      if (!stored.found) throw new AppError('requestIdReused');
      return stored.result;
    }
    const result = await run(tx);
    await tx.update(idempotencyKeys).set({ result }).where(keyOf(actor, requestId));
    return result;
  });
}
