import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * TOTP (RFC 6238, 6 digits, 30 s) through otplib. The secret is stored encrypted (AES-256-GCM, a key derived from
 * APP_SECRET), so a copy of the database alone yields no second factor; it is never answered by a call.
 */
export const TOTP_ISSUER = 'Promoter';
/** Codes of the previous and the next step are accepted too (clock drift); each step is good once. */
const EPOCH_TOLERANCE_SECONDS = 30;

const keyOf = (appSecret: string) => createHash('sha256').update(`operator-totp:${appSecret}`).digest();

export function newTotpSecret(): string {
  return generateSecret();
}

export function encryptTotpSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

export function decryptTotpSecret(appSecret: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

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
