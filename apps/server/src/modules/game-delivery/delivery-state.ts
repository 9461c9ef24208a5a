import type { GameDelivery } from '@promoter/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { gameEvents } from '../../db/schema';

/**
 * How long an event may wait before people are told it is late. A delivery reaches the game well within a second
 * (decision 040), and the first retries come after about 5 s and 30 s: an event still pending after two minutes has
 * missed them, so the agent and the player hear that the platform is on it rather than "on its way" for an hour.
 */
export const DELAYED_AFTER_MS = 2 * 60_000;

/** What of an event (a row of game_events) the state shown is read from. */
export interface DeliveryFacts {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  createdAt: Date | string;
}

/**
 * The one rule of what a recharge or an order shows of the game's side (the contract's ZGameDelivery): delivered once
 * the game acknowledged it; delayed when every try failed, when one try already failed (the retries are the
 * platform's business, the person should not wait for them in silence), or when it has waited longer than
 * DELAYED_AFTER_MS (no endpoint, a paused one, a lost job); otherwise on its way.
 */
export function deliveryState(event: DeliveryFacts, now: Date = new Date()): GameDelivery {
  if (event.status === 'delivered') return 'delivered';
  if (event.status === 'failed' || event.attempts >= 1) return 'delayed';
  const waited = now.getTime() - new Date(event.createdAt).getTime();
  return waited > DELAYED_AFTER_MS ? 'delayed' : 'onItsWay';
}

/**
 * The state of an event read through a left join (its columns null when the record has none: then null). The
 * attempts may come as text (a bigint) or a number.
 */
export function joinedDeliveryState(
  event: {
    status: DeliveryFacts['status'] | null;
    attempts: number | string | null;
    createdAt: Date | string | null;
  },
  now: Date = new Date(),
): GameDelivery | null {
  if (event.status === null || event.createdAt === null) return null;
  return deliveryState(
    { status: event.status, attempts: Number(event.attempts ?? 0), createdAt: event.createdAt },
    now,
  );
}

/**
 * The state of the event a source wrote (`order` and an order's id, `recharge` and a recharge's id): one probe of
 * game_events_source_idx; null when it wrote none.
 */
export async function sourceDeliveryState(
  db: DbOrTx,
  source: { type: 'recharge' | 'order'; id: string },
): Promise<GameDelivery | null> {
  const [event] = await db
    .select({ status: gameEvents.status, attempts: gameEvents.attempts, createdAt: gameEvents.createdAt })
    .from(gameEvents)
    .where(and(eq(gameEvents.sourceType, source.type), eq(gameEvents.sourceId, source.id)))
    .limit(1);
  return event ? deliveryState(event) : null;
}
