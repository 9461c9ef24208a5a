import type { TGameSecretState } from '@promoter/contract';
import type { Db } from '../../db/client';
import { refuse } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { finishRotation, type GameEndpoint, startRotation } from '../game-delivery/endpoint-secrets';
import { confirmWithOwnCode } from '../operators/operator-service';
import { ENDPOINT_TARGET } from './game-admin-service';

/**
 * The rotation of the deliveries' signing secret from the console (decision 040), the owner's (`operators.manage`):
 * a new secret, sealed in the database and shown once, signs beside the ones it replaces until the owner finishes the
 * rotation. Starting one takes a fresh code of the owner's own authenticator, as every owner action that hands over
 * a credential does (decision 037). The secret itself is never written to the audit log.
 */

/** Starts (or starts again) a rotation; answers the new secret, to show once. */
export async function rotateGameSecret(
  deps: { db: Db; appSecret: string },
  actor: AuditActor & { operatorId: number },
  endpoint: GameEndpoint | null,
  input: { reason: string; code: string },
): Promise<{ secret: string; state: TGameSecretState }> {
  // The secrets come with the address (config.ts): without one nothing is signed to rotate.
  if (!endpoint) throw refuse('gameEndpointNotConfigured');
  return deps.db.transaction(async (tx) => {
    await confirmWithOwnCode(tx, deps.appSecret, actor.operatorId, input.code);
    const rotated = await startRotation(tx, endpoint);
    await recordAudit(tx, actor, {
      action: 'game.rotateSecret',
      target: ENDPOINT_TARGET,
      after: { mode: rotated.state.mode, signatures: rotated.state.signatures, reason: input.reason },
    });
    return rotated;
  });
}

/** Finishes the open rotation: the new secret signs alone from the next delivery on. */
export async function finishGameSecretRotation(
  db: Db,
  actor: AuditActor,
  endpoint: GameEndpoint | null,
  reason: string,
): Promise<TGameSecretState> {
  if (!endpoint) throw refuse('gameEndpointNotConfigured');
  return db.transaction(async (tx) => {
    const state = await finishRotation(tx, endpoint);
    if (!state) throw refuse('gameRotationNotOpen');
    await recordAudit(tx, actor, {
      action: 'game.finishRotation',
      target: ENDPOINT_TARGET,
      before: { mode: 'rotating' },
      after: { mode: state.mode, signatures: state.signatures, reason },
    });
    return state;
  });
}
