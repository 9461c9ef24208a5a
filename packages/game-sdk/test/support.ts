import { randomBytes } from 'node:crypto';
import type { TGameEvent } from '@promoter/contract';
import { Webhook } from 'standardwebhooks';

/** What the game's tests share: events of the contract, signed by the `standardwebhooks` package as the server signs. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function diamondsEvent(data: Partial<TGameEvent['data']> = {}): TGameEvent {
  const diamonds = data.diamonds ?? 100;
  return {
    id: `evt_${randomBytes(16).toString('hex')}`,
    type: diamonds < 0 ? 'diamonds.debited' : 'diamonds.credited',
    timestamp: new Date().toISOString(),
    data: {
      playerId: 10001,
      diamonds,
      sequence: 1,
      source: { type: 'recharge', id: '42' },
      agentId: 7,
      ledgerEntryId: '1001',
      ...data,
    },
  };
}

/** A delivery of `event` as the server sends it: its JSON body and the three Standard Webhooks headers. */
export function signedDelivery(
  secrets: string | string[],
  event: { id: string },
  options: { at?: Date; rawBody?: string } = {},
): { headers: Record<string, string>; rawBody: string } {
  const rawBody = options.rawBody ?? JSON.stringify(event);
  const at = options.at ?? new Date();
  const signature = (typeof secrets === 'string' ? [secrets] : secrets)
    .map((secret) => new Webhook(secret).sign(event.id, at, rawBody))
    .join(' ');
  return {
    headers: {
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    rawBody,
  };
}
