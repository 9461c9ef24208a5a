import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of a short secret text (an operator's TOTP secret, a payout account number): AES-256-GCM with a
 * random 96-bit IV per text, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url). The tag authenticates the text, so a
 * changed or truncated copy fails to open instead of decrypting to garbage. One implementation for every sealed
 * column; the key comes from the configuration (config.ts), never from the database.
 */
const VERSION = 'v1';
const KEY_BYTES = 32;

function checkKey(key: Buffer): Buffer {
  if (key.length !== KEY_BYTES) throw new Error(`a sealing key has ${KEY_BYTES} bytes`);
  return key;
}

/** A 32-byte key for one purpose, derived from a longer-lived secret (the TOTP key from APP_SECRET). */
export const deriveKey = (secret: string, purpose: string): Buffer =>
  createHash('sha256').update(`${purpose}:${secret}`).digest();

export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', checkKey(key), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join(':');
}

export function openSealed(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(':');
  if (version !== VERSION || !iv || !tag || sealed === undefined)
    throw new Error('unknown sealed text format');
  const decipher = createDecipheriv('aes-256-gcm', checkKey(key), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** Whether `key` opens `stored` (the tag authenticates: another key fails rather than reading garbage). */
export function opensWith(key: Buffer, stored: string): boolean {
  try {
    openSealed(key, stored);
    return true;
  } catch {
    return false;
  }
}

/**
 * A keyed digest (HMAC-SHA256) of a secret text: compares two texts, or keys a request's parameters, without keeping
 * the text. Unlike a plain hash it cannot be reversed by trying every card number without the key.
 */
export const keyedDigest = (key: Buffer, purpose: string, text: string): string =>
  createHmac('sha256', checkKey(key)).update(`${purpose}\u0000${text}`).digest('base64url');

/**
 * A 32-byte key as configured: 64 hex digits, or base64 / base64url of 32 bytes. Null for anything else.
 */
export function decodeKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  return null;
}
