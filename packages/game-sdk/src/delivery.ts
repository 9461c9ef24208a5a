import { createHmac, timingSafeEqual } from 'node:crypto';
import { ZGameEvent, ZGameTestEvent, type TGameEvent } from '@promoter/contract';
import { z } from 'zod';

export type GameTestEvent = z.infer<typeof ZGameTestEvent>;
/** What one delivery carries: a change of a player's diamonds, or the console's test. */
export type GameDelivery = TGameEvent | GameTestEvent;

const ZGameDelivery = z.union([ZGameEvent, ZGameTestEvent]);

/** Standard Webhooks' default: a delivery whose timestamp is further from now is refused. */
export const DELIVERY_TOLERANCE_SECONDS = 300;

/**
 * Why a delivery was refused. Answer any of them with a 4xx (400): the back office retries, and a delivery that was
 * only late arrives again with a fresh timestamp and signature.
 * - `missing-headers`: no webhook-id, webhook-timestamp or webhook-signature;
 * - `bad-signature`: no `v1` signature of the header matches any of the secrets (or the timestamp is no number);
 * - `expired`: the signature matches but the timestamp is further from now than the tolerance (a replay);
 * - `bad-body`: signed, but not an event of the contract (or its `id` is not the webhook-id).
 */
export type DeliveryErrorReason = 'missing-headers' | 'bad-signature' | 'expired' | 'bad-body';

export class DeliveryVerificationError extends Error {
  override readonly name = 'DeliveryVerificationError';
  constructor(
    readonly reason: DeliveryErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** Request headers: a fetch `Headers`, or Node's `IncomingMessage.headers` (any object of names and values). */
export type DeliveryHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyDeliveryOptions {
  /**
   * The endpoint's secret(s), `whsec_<base64>`: one, several (an array, or one string of them separated by spaces, as
   * GAME_WEBHOOK_SECRET is during a rotation). A delivery signed with any of them is accepted.
   */
  secret: string | readonly string[];
  headers: DeliveryHeaders;
  /** The body exactly as received: never a re-serialized `JSON.parse` of it. */
  rawBody: string | Uint8Array;
  /** How far the webhook-timestamp may be from now, in seconds (300). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (the clock by default). */
  nowSeconds?: number;
}

const WHSEC = /^(?:whsec_)?([A-Za-z0-9+/]+={0,2})$/;

/**
 * The signing keys of one or more `whsec_` secrets: the base64 after `whsec_`, decoded. Throws a TypeError on a value
 * that is no such secret (a configuration error, not a bad delivery): call it at start-up to check the configuration.
 */
export function webhookSigningKeys(secret: string | readonly string[]): Buffer[] {
  const secrets = (typeof secret === 'string' ? [secret] : secret).flatMap((one) => one.trim().split(/\s+/));
  return secrets.map((one) => {
    const base64 = WHSEC.exec(one)?.[1];
    const key = base64 && base64.length % 4 === 0 ? Buffer.from(base64, 'base64') : undefined;
    if (!key || key.length === 0) throw new TypeError('a webhook secret must be whsec_ and a base64 key');
    return key;
  });
}

function header(headers: DeliveryHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((one) => one.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.[0];
}

/**
 * Verifies one Standard Webhooks 1.0 delivery and returns its event, validated with the contract's schema; throws a
 * DeliveryVerificationError otherwise. The signature is base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}`,
 * compared in constant time with each `v1,` signature of the header under each secret.
 */
export function verifyDelivery(options: VerifyDeliveryOptions): GameDelivery {
  const keys = webhookSigningKeys(options.secret);
  const id = header(options.headers, 'webhook-id');
  const timestamp = header(options.headers, 'webhook-timestamp');
  const signatures = header(options.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new DeliveryVerificationError(
      'missing-headers',
      'webhook-id, webhook-timestamp and webhook-signature',
    );
  }
  if (!/^\d{1,15}$/.test(timestamp))
    throw new DeliveryVerificationError('bad-signature', 'bad webhook-timestamp');

  const body = typeof options.rawBody === 'string' ? Buffer.from(options.rawBody, 'utf8') : options.rawBody;
  const expected = keys.map((key) =>
    createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest(),
  );
  const given = signatures
    .split(' ')
    .filter((one) => one.startsWith('v1,'))
    .map((one) => Buffer.from(one.slice(3), 'base64'));
  const matches = given.some((signature) =>
    expected.some((mine) => signature.length === mine.length && timingSafeEqual(signature, mine)),
  );
  if (!matches) throw new DeliveryVerificationError('bad-signature', 'no signature matches');

  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? DELIVERY_TOLERANCE_SECONDS)) {
    throw new DeliveryVerificationError('expired', 'webhook-timestamp is too far from now');
  }

  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    throw new DeliveryVerificationError('bad-body', 'the body is no JSON');
  }
  const event = ZGameDelivery.safeParse(json);
  if (!event.success) throw new DeliveryVerificationError('bad-body', `not an event: ${event.error.message}`);
  if (event.data.id !== id)
    throw new DeliveryVerificationError('bad-body', 'the event id is not the webhook-id');
  return event.data;
}
