import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import { desc } from 'drizzle-orm';
import { deriveKey, openSealed, opensWith, sealText } from '../../crypto/seal';
import type { Db } from '../../db/client';
import { operators } from '../../db/schema';

/**
 * TOTP (RFC 6238, 6 digits, 30 s) through otplib. The secret is stored sealed (crypto/seal.ts: AES-256-GCM, a key
 * derived from APP_SECRET), so a copy of the database alone yields no second factor; it is never answered by a call.
 */
export const TOTP_ISSUER = 'Promoter';
/** Codes of the previous and the next step are accepted too (clock drift); each step is good once. */
const EPOCH_TOLERANCE_SECONDS = 30;

const keyOf = (appSecret: string) => deriveKey(appSecret, 'operator-totp');

export function newTotpSecret(): string {
  return generateSecret();
}

export const encryptTotpSecret = (appSecret: string, secret: string): string =>
  sealText(keyOf(appSecret), secret);

export const decryptTotpSecret = (appSecret: string, stored: string): string =>
  openSealed(keyOf(appSecret), stored);

export const totpUri = (name: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: name, secret });

/** The code of now (the demo's hint, tests). */
export const currentTotpCode = (secret: string) => generateSync({ secret });

/**
 * The time step a code is good for, or null: a wrong code, or one of a step already used (`afterStep`), is refused,
 * so a code seen over a shoulder cannot be replayed within its window.
 */
export function totpStepOf(secret: string, code: string, afterStep: number | null): number | null {
  const result = verifySync({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * What APP_SECRET fails to open: the newest operator's sealed second factor (decision 034). Empty when it opens, or
 * when there is no operator yet.
 */
export async function appSecretRefusals(db: Db, appSecret: string): Promise<string[]> {
  const [operator] = await db
    .select({ id: operators.id, sealed: operators.totpSecret })
    .from(operators)
    .orderBy(desc(operators.id))
    .limit(1);
  return operator && !opensWith(keyOf(appSecret), operator.sealed)
    ? [`APP_SECRET does not open the second factor of operator ${operator.id}`]
    : [];
}
