import type { GameDelivery } from '@promoter/game-sdk';

/** How many of the latest events the page shows. */
export const KEPT_EVENTS = 200;

/** How an event reached the game: pushed to POST /webhooks, or read from the pull feed. */
export type Channel = 'webhook' | 'feed';

export interface DemoPlayer {
  playerId: number;
  diamonds: number;
  /** The highest `sequence` received: the player's events are numbered 1, 2, 3... */
  lastSequence: number;
  /** Sequences below lastSequence not received yet: events still on their way (a retry, or the feed). */
  missing: number;
}

export interface ReceivedEvent {
  id: string;
  type: GameDelivery['type'];
  timestamp: string;
  receivedAt: string;
  via: Channel;
  /** How many times it arrived (retries, the feed): applied the first time only. */
  deliveries: number;
  playerId: number | null;
  diamonds: number | null;
  sequence: number | null;
  source: string | null;
}

export interface DemoState {
  players: DemoPlayer[];
  /** The latest KEPT_EVENTS events, newest first. */
  events: ReceivedEvent[];
  counts: { applied: number; duplicates: number; rejected: number };
  lastRejection: { at: string; reason: string } | null;
}

/**
 * The demo game's books, in memory: each event applied once by its id (the webhook-id), whatever the channel or the
 * number of deliveries. A real game keeps the applied ids in its database, written in the same transaction as the
 * diamonds (a unique key on the id), and keeps them at least as long as the back office retries (24 hours).
 */
export class DemoLedger {
  private readonly applied = new Set<string>();
  private readonly players = new Map<number, { diamonds: number; sequences: Set<number> }>();
  private readonly recent: ReceivedEvent[] = [];
  private readonly counts = { applied: 0, duplicates: 0, rejected: 0 };
  private lastRejection: DemoState['lastRejection'] = null;

  /** Applies an event unless it was applied before; says which. */
  receive(event: GameDelivery, via: Channel): 'applied' | 'duplicate' {
    if (this.applied.has(event.id)) {
      this.counts.duplicates += 1;
      const kept = this.recent.find((one) => one.id === event.id);
      if (kept) kept.deliveries += 1;
      return 'duplicate';
    }
    this.applied.add(event.id);
    this.counts.applied += 1;
    const change = event.type === 'webhook.test' ? null : event.data;
    if (change) {
      const player = this.players.get(change.playerId) ?? { diamonds: 0, sequences: new Set<number>() };
      player.diamonds += change.diamonds;
      player.sequences.add(change.sequence);
      this.players.set(change.playerId, player);
    }
    this.recent.unshift({
      id: event.id,
      type: event.type,
      timestamp: event.timestamp,
      receivedAt: new Date().toISOString(),
      via,
      deliveries: 1,
      playerId: change?.playerId ?? null,
      diamonds: change?.diamonds ?? null,
      sequence: change?.sequence ?? null,
      source: change ? `${change.source.type} ${change.source.id}` : null,
    });
    this.recent.splice(KEPT_EVENTS);
    return 'applied';
  }

  reject(reason: string): void {
    this.counts.rejected += 1;
    this.lastRejection = { at: new Date().toISOString(), reason };
  }

  state(): DemoState {
    const players = [...this.players.entries()]
      .map(([playerId, { diamonds, sequences }]) => {
        const lastSequence = Math.max(...sequences);
        return { playerId, diamonds, lastSequence, missing: lastSequence - sequences.size };
      })
      .sort((a, b) => a.playerId - b.playerId);
    return {
      players,
      events: this.recent.map((one) => ({ ...one })),
      counts: { ...this.counts },
      lastRejection: this.lastRejection,
    };
  }
}
