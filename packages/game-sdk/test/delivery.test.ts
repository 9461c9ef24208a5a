import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  DeliveryVerificationError,
  verifyDelivery,
  webhookSigningKeys,
  type DeliveryErrorReason,
} from '../src';
import { diamondsEvent, newWebhookSecret, signedDelivery } from './support';

function refusal(verify: () => unknown): DeliveryErrorReason | 'accepted' {
  try {
    verify();
    return 'accepted';
  } catch (error) {
    if (error instanceof DeliveryVerificationError) return error.reason;
    throw error;
  }
}

describe('verifyDelivery', () => {
  const secret = newWebhookSecret();

  it('accepts a delivery signed by standardwebhooks and returns its event', () => {
    const event = diamondsEvent({ diamonds: 250, sequence: 3 });
    const { headers, rawBody } = signedDelivery(secret, event);
    expect(verifyDelivery({ secret, headers, rawBody })).toEqual(event);
    // The body's bytes, a fetch Headers, header names in any case: the same event.
    const upper = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]),
    );
    expect(verifyDelivery({ secret, headers: upper, rawBody: Buffer.from(rawBody) })).toEqual(event);
    expect(verifyDelivery({ secret, headers: new Headers(headers), rawBody })).toEqual(event);
  });

  it('accepts the console test event', () => {
    const event = {
      id: 'msg_test_0123456789abcdef0123456789abcdef',
      type: 'webhook.test',
      timestamp: new Date().toISOString(),
      data: { message: 'hello' },
    };
    const { headers, rawBody } = signedDelivery(secret, event);
    expect(verifyDelivery({ secret, headers, rawBody })).toEqual(event);
  });

  it('agrees with standardwebhooks on any body, whatever its characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.integer({ min: -1e6, max: 1e6 }),
        (sourceId, diamonds) => {
          const event = diamondsEvent({ diamonds, source: { type: 'order', id: sourceId } });
          const { headers, rawBody } = signedDelivery(secret, event);
          expect(new Webhook(secret).verify(rawBody, headers)).toEqual(event);
          expect(verifyDelivery({ secret, headers, rawBody })).toEqual(event);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a tampered body, id, timestamp or signature', () => {
    const event = diamondsEvent({ diamonds: 100 });
    const { headers, rawBody } = signedDelivery(secret, event);
    const tampered = rawBody.replace('"diamonds":100', '"diamonds":1000');
    expect(tampered).not.toBe(rawBody);
    expect(refusal(() => verifyDelivery({ secret, headers, rawBody: tampered }))).toBe('bad-signature');
    expect(refusal(() => verifyDelivery({ secret, headers, rawBody: `${rawBody} ` }))).toBe('bad-signature');
    const otherId = { ...headers, 'webhook-id': diamondsEvent().id };
    expect(refusal(() => verifyDelivery({ secret, headers: otherId, rawBody }))).toBe('bad-signature');
    const otherTime = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) };
    expect(refusal(() => verifyDelivery({ secret, headers: otherTime, rawBody }))).toBe('bad-signature');
    const [, base64 = ''] = (headers['webhook-signature'] ?? '').split(',');
    const flipped = `v1,${base64.startsWith('A') ? 'B' : 'A'}${base64.slice(1)}`;
    const badSignature = { ...headers, 'webhook-signature': flipped };
    expect(refusal(() => verifyDelivery({ secret, headers: badSignature, rawBody }))).toBe('bad-signature');
    const otherVersion = { ...headers, 'webhook-signature': `v1a,${base64}` };
    expect(refusal(() => verifyDelivery({ secret, headers: otherVersion, rawBody }))).toBe('bad-signature');
    const garbage = { ...headers, 'webhook-timestamp': 'soon' };
    expect(refusal(() => verifyDelivery({ secret, headers: garbage, rawBody }))).toBe('bad-signature');
    expect(refusal(() => verifyDelivery({ secret: newWebhookSecret(), headers, rawBody }))).toBe(
      'bad-signature',
    );
  });

  it('refuses a delivery without its headers', () => {
    const { headers, rawBody } = signedDelivery(secret, diamondsEvent());
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const without = { ...headers, [name]: undefined };
      expect(refusal(() => verifyDelivery({ secret, headers: without, rawBody }))).toBe('missing-headers');
    }
  });

  it('refuses a timestamp more than the tolerance from now, either way', () => {
    const event = diamondsEvent();
    const now = Math.floor(Date.now() / 1000);
    const at = (seconds: number) => signedDelivery(secret, event, { at: new Date((now + seconds) * 1000) });
    const check = (seconds: number, toleranceSeconds?: number) =>
      refusal(() => verifyDelivery({ secret, ...at(seconds), nowSeconds: now, toleranceSeconds }));
    expect(check(-300)).toBe('accepted');
    expect(check(300)).toBe('accepted');
    expect(check(-301)).toBe('expired');
    expect(check(301)).toBe('expired');
    expect(check(-3600)).toBe('expired');
    expect(check(-61, 60)).toBe('expired');
    expect(check(-59, 60)).toBe('accepted');
    // The real clock by default: a delivery signed an hour ago is a replay.
    const old = signedDelivery(secret, event, { at: new Date(Date.now() - 3_600_000) });
    expect(refusal(() => verifyDelivery({ secret, ...old }))).toBe('expired');
  });

  it('accepts either secret during a rotation, and a header signed with both', () => {
    const oldSecret = newWebhookSecret();
    const newSecret = newWebhookSecret();
    const event = diamondsEvent();
    const byOld = signedDelivery(oldSecret, event);
    const byNew = signedDelivery(newSecret, event);
    const byBoth = signedDelivery([newSecret, oldSecret], event);
    expect(byBoth.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const delivery of [byOld, byNew, byBoth]) {
      expect(verifyDelivery({ secret: [newSecret, oldSecret], ...delivery })).toEqual(event);
      expect(verifyDelivery({ secret: `${newSecret} ${oldSecret}`, ...delivery })).toEqual(event);
    }
    // Before the game learns the new secret, and after it drops the old one.
    expect(verifyDelivery({ secret: oldSecret, ...byBoth })).toEqual(event);
    expect(verifyDelivery({ secret: newSecret, ...byBoth })).toEqual(event);
    expect(refusal(() => verifyDelivery({ secret: newSecret, ...byOld }))).toBe('bad-signature');
  });

  it('refuses a signed body that is no event of the contract', () => {
    const event = diamondsEvent();
    const notJson = signedDelivery(secret, event, { rawBody: 'not json' });
    expect(refusal(() => verifyDelivery({ secret, ...notJson }))).toBe('bad-body');
    const wrongShape = signedDelivery(secret, event, {
      rawBody: JSON.stringify({ ...event, type: 'other' }),
    });
    expect(refusal(() => verifyDelivery({ secret, ...wrongShape }))).toBe('bad-body');
    const otherId = signedDelivery(secret, event, {
      rawBody: JSON.stringify({ ...event, id: diamondsEvent().id }),
    });
    expect(refusal(() => verifyDelivery({ secret, ...otherId }))).toBe('bad-body');
  });

  it('reads whsec_ secrets, with or without the prefix, and refuses anything else as a configuration error', () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    expect(webhookSigningKeys(`whsec_${key.toString('base64')}`)).toEqual([key]);
    expect(webhookSigningKeys(` ${key.toString('base64')}  whsec_${key.toString('base64')} `)).toEqual([
      key,
      key,
    ]);
    for (const bad of ['', 'whsec_', 'whsec_abc', 'whsec_not base64!', 'sk_live_abcd']) {
      expect(() => webhookSigningKeys(bad)).toThrow(TypeError);
    }
  });
});
