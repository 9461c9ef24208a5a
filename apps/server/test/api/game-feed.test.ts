import { ResponseCode, ZGameEventsResult, type TGameEvent } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import { memo, playerOwner, post } from '../../src/modules/ledger/ledger-service';
import { BillType } from '@promoter/contract';
import { createPlayer } from '../factories';
import { signedGameCall } from '../game-support';
import { build, type TestApp } from '../helper';

/**
 * The pull feed `game/events` (decision 040): a game that follows `next` sees every event once, in commit-safe order,
 * even when a transaction that began first commits last.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
  // The queue's first job of a kind registers the kind; done here, so no test's transactions wait on it.
  const warm = await createPlayer(t.db);
  await t.db.transaction((tx) => credit(tx, warm, 1));
});
afterAll(async () => t.close());

async function page(after?: string, limit = 100) {
  const response = await signedGameCall(t.app, 'events', { ...(after ? { after } : {}), limit });
  const answer = response.json() as { code: number; data: unknown };
  expect(answer.code).toBe(ResponseCode.success);
  return ZGameEventsResult.parse(answer.data);
}

/** Reads the whole feed from `after`, page by page. */
async function readAll(after?: string, limit = 2): Promise<{ events: TGameEvent[]; next: string | null }> {
  const events: TGameEvent[] = [];
  let cursor = after;
  for (;;) {
    const { events: got, next } = await page(cursor, limit);
    events.push(...got);
    if (got.length === 0) return { events, next: next ?? cursor ?? null };
    cursor = next ?? undefined;
  }
}

/**
 * Reads on from `after` until `done` holds for what was read: the feed serves a transaction once every older one in
 * the whole PostgreSQL cluster has ended, and other test files share the cluster.
 */
async function readUntil(after: string | undefined, done: (events: TGameEvent[]) => boolean) {
  const events: TGameEvent[] = [];
  let cursor = after;
  for (;;) {
    const read = await readAll(cursor);
    events.push(...read.events);
    cursor = read.next ?? cursor;
    if (done(events)) return { events, next: cursor ?? null };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const credit = (tx: Tx, playerId: number, diamonds: number) =>
  post(tx, {
    owner: playerOwner(playerId),
    currency: 'diamonds',
    amount: diamonds,
    billType: BillType.adjustment,
    ref: { type: 'adjustment', id: `feed-${diamonds}` },
    memo: memo('memoAdjustment', { reason: 'feed' }),
  });

describe('the game’s pull feed', () => {
  it('refuses an unsigned read and a malformed cursor', async () => {
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/game/events', payload: {} });
    expect(unsigned.json().code).not.toBe(ResponseCode.success);
    const bad = await signedGameCall(t.app, 'events', { after: 'abc' });
    expect(bad.json().code).not.toBe(ResponseCode.success);
  });

  it('never skips an event whose transaction began first and committed last', async () => {
    const { next: start } = await readAll();
    const [early, late] = [await createPlayer(t.db), await createPlayer(t.db)];

    // A slow transaction writes first and stays open; a quick one writes after it and commits.
    let finishSlow!: () => void;
    let slowWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (slowWrote = resolve));
    const slow = t.db.transaction(async (tx) => {
      await credit(tx, early, 1);
      slowWrote();
      await new Promise<void>((resolve) => (finishSlow = resolve));
    });
    await wrote;
    await t.db.transaction((tx) => credit(tx, late, 2));

    // The quick one committed, but the feed holds it back while the slow one may still commit before it.
    const during = await readAll(start ?? undefined);
    const ours = (events: TGameEvent[]) => events.filter((e) => [early, late].includes(e.data.playerId));
    expect(ours(during.events)).toEqual([]);

    finishSlow();
    await slow;
    const after = await readUntil(during.next ?? undefined, (events) => ours(events).length >= 2);
    expect(ours(after.events).map((e) => [e.data.playerId, e.data.diamonds])).toEqual([
      [early, 1],
      [late, 2],
    ]);
    // Read on from the end: nothing again, and the cursor stays.
    const again = await page(after.next ?? undefined);
    expect(again.events).toEqual([]);
    expect(again.next).toBe(after.next);
  });

  it('serves every event once to a reader polling while many transactions commit at once', async () => {
    const { next: start } = await readAll();
    const players = await Promise.all([1, 2, 3, 4].map(() => createPlayer(t.db)));
    const seen: TGameEvent[] = [];
    let cursor = start ?? undefined;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const { events, next } = await page(cursor, 7);
        seen.push(...events);
        cursor = next ?? cursor;
      }
    })();
    await Promise.all(
      players.map(async (playerId) => {
        for (let i = 1; i <= 15; i++)
          await t.db.transaction(async (tx) => {
            await credit(tx, playerId, i);
            // Some transactions linger after their write, so commits come out of order.
            if (i % 3 === 0) await tx.execute(sql`select pg_sleep(0.02)`);
          });
      }),
    );
    writing = false;
    await reader;
    const mineOf = (events: TGameEvent[]) => events.filter((e) => players.includes(e.data.playerId));
    const rest = await readUntil(cursor, (events) => mineOf([...seen, ...events]).length >= 60);
    const mine = mineOf([...seen, ...rest.events]);
    expect(new Set(mine.map((e) => e.id)).size).toBe(mine.length);
    for (const playerId of players)
      expect(mine.filter((e) => e.data.playerId === playerId).map((e) => e.data.sequence)).toEqual(
        Array.from({ length: 15 }, (_, i) => i + 1),
      );
  });
});
