import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../errors';

export interface Actor {
  actorType: 'agent' | 'player' | 'operator';
  actorId: number;
}

const hashParams = (operation: string, params: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([operation, params]))
    .digest('hex');

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
    const key = and(
      eq(idempotencyKeys.actorType, actor.actorType),
      eq(idempotencyKeys.actorId, actor.actorId),
      eq(idempotencyKeys.requestId, requestId),
    );
    const [fresh] = await tx
      .insert(idempotencyKeys)
      .values({ ...actor, requestId, operation, paramsHash })
      .onConflictDoNothing()
      .returning({ requestId: idempotencyKeys.requestId });
    if (!fresh) {
      const [existing] = await tx.select().from(idempotencyKeys).where(key);
      if (!existing || existing.paramsHash !== paramsHash) throw new AppError('requestIdReused');
      return existing.result as T;
    }
    const result = await run(tx);
    await tx.update(idempotencyKeys).set({ result }).where(key);
    return result;
  });
}
