import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openSealed, opensWith, sealText } from '../../crypto/seal';
import type { DbOrTx } from '../../db/client';

/**
 * The game's endpoint and the secrets that sign its deliveries (decision 040). GAME_WEBHOOK_SECRET signs until an
 * owner rotates the secret from the console: the new secret (`whsec_`, 32 random bytes) is kept sealed in
 * `game_endpoint` and signs beside the ones it replaces, so the game switches at its own pace, until the owner
 * finishes the rotation; then it signs alone. Every delivery and the console's test message read the secrets through
 * `signingSecrets` (the delivery with its pause, in the one read it makes of the row), so a rotation holds from the
 * next delivery on every instance.
 */
export interface GameEndpoint {
  url: string;
  /** GAME_WEBHOOK_SECRET: one secret, or two during a rotation made in the configuration. */
  secrets: readonly string[];
  /**
   * Seals the console's secrets in the database (config.ts: derived from the payout key, decisions 019, 034). A
   * configured endpoint always has it; one a test builds by hand may leave it out while nothing was rotated.
   */
  sealKey?: Buffer;
}

/** The key that opens the console's secrets: a rotated secret with no key to open it is a broken setup, said so. */
function keyOf(endpoint: GameEndpoint): Buffer {
  if (!endpoint.sealKey)
    throw new Error('the game endpoint has no sealKey to open the secret the console rotated');
  return endpoint.sealKey;
}

/** The row's columns the secrets come from. */
interface SecretColumns {
  secret_sealed: string | null;
  previous_secret_sealed: string | null;
  secret_rotated_at: string | Date | null;
  rotation_finished_at: string | Date | null;
}

interface EndpointRow extends SecretColumns, Record<string, unknown> {
  paused: boolean;
}

const ENDPOINT_COLUMNS = sql.raw(
  'paused, secret_sealed, previous_secret_sealed, secret_rotated_at, rotation_finished_at',
);

/** The endpoint's one row (absent only before the migration that writes it). */
async function endpointRow(db: DbOrTx): Promise<EndpointRow | undefined> {
  const result = await db.execute<EndpointRow>(
    sql`select ${ENDPOINT_COLUMNS} from game_endpoint where id = 1`,
  );
  return result.rows[0];
}

/** The secrets that sign now, the first the newest: the console's, else the configured ones. */
function secretsOf(endpoint: GameEndpoint, row: SecretColumns | undefined): readonly string[] {
  if (!row?.secret_sealed) return endpoint.secrets;
  const key = keyOf(endpoint);
  const current = openSealed(key, row.secret_sealed);
  if (row.rotation_finished_at !== null) return [current];
  const replaced = row.previous_secret_sealed
    ? [openSealed(key, row.previous_secret_sealed)]
    : endpoint.secrets;
  return [...new Set([current, ...replaced])];
}

/** Whether deliveries are paused, and the secrets that sign them: one read of the endpoint's row. */
export async function endpointNow(
  db: DbOrTx,
  endpoint: GameEndpoint,
): Promise<{ paused: boolean; secrets: readonly string[] }> {
  const row = await endpointRow(db);
  return { paused: row?.paused === true, secrets: secretsOf(endpoint, row) };
}

/** The secrets that sign a message to the game now (a delivery, the console's test message). */
export async function signingSecrets(db: DbOrTx, endpoint: GameEndpoint): Promise<readonly string[]> {
  return (await endpointNow(db, endpoint)).secrets;
}

export type SecretMode = 'configured' | 'rotating' | 'rotated';

export interface SecretState {
  mode: SecretMode;
  /** How many signatures a delivery carries. */
  signatures: number;
  rotatedAt: string | null;
  finishedAt: string | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function stateOf(endpoint: GameEndpoint | null, row: SecretColumns | undefined): SecretState {
  const mode: SecretMode = !row?.secret_sealed
    ? 'configured'
    : row.rotation_finished_at === null
      ? 'rotating'
      : 'rotated';
  return {
    mode,
    // Without an endpoint nothing is signed (the game reads the pull feed).
    signatures: endpoint ? secretsOf(endpoint, row).length : 0,
    rotatedAt: iso(row?.secret_rotated_at ?? null),
    finishedAt: iso(row?.rotation_finished_at ?? null),
  };
}

/** Which secrets sign now, as the console shows it (never a secret itself). */
export async function secretState(db: DbOrTx, endpoint: GameEndpoint | null): Promise<SecretState> {
  return stateOf(endpoint, await endpointRow(db));
}

/** A new Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * Starts a rotation with a new secret (answered, to show once): it signs first, beside what signed before it. A
 * rotation still open keeps what the game may still verify with (the secret before the open one), so an owner who
 * lost the secret shown rotates again without cutting the game off; a finished one is replaced whole.
 */
export async function startRotation(
  tx: DbOrTx,
  endpoint: GameEndpoint,
): Promise<{ secret: string; state: SecretState }> {
  const secret = newWebhookSecret();
  const result = await tx.execute<EndpointRow>(sql`
    update game_endpoint set
           previous_secret_sealed = case when rotation_finished_at is null then previous_secret_sealed
                                         else secret_sealed end,
           secret_sealed = ${sealText(keyOf(endpoint), secret)},
           secret_rotated_at = now(), rotation_finished_at = null, updated_at = now()
     where id = 1
    returning ${ENDPOINT_COLUMNS}`);
  return { secret, state: stateOf(endpoint, result.rows[0]) };
}

/** Finishes an open rotation: the console's secret signs alone. Null when no rotation is open. */
export async function finishRotation(tx: DbOrTx, endpoint: GameEndpoint): Promise<SecretState | null> {
  const result = await tx.execute<EndpointRow>(sql`
    update game_endpoint set rotation_finished_at = now(), previous_secret_sealed = null, updated_at = now()
     where id = 1 and secret_sealed is not null and rotation_finished_at is null
    returning ${ENDPOINT_COLUMNS}`);
  const row = result.rows[0];
  return row ? stateOf(endpoint, row) : null;
}

/**
 * What the configured key fails to open among the endpoint's sealed secrets (decision 034's check at start): a start
 * on another PAYOUT_ENCRYPTION_KEY would sign nothing. Empty when it opens them, or when none is sealed.
 */
export async function gameSecretRefusals(db: DbOrTx, endpoint: GameEndpoint | null): Promise<string[]> {
  if (!endpoint) return [];
  const row = await endpointRow(db);
  return [row?.secret_sealed, row?.previous_secret_sealed]
    .filter((sealed): sealed is string => typeof sealed === 'string')
    .some((sealed) => !endpoint.sealKey || !opensWith(endpoint.sealKey, sealed))
    ? ['PAYOUT_ENCRYPTION_KEY does not open the game webhook secret the console rotated (game_endpoint)']
    : [];
}
