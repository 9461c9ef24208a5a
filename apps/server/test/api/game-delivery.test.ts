import { BillType, ResponseCode, ZGameEvent } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliverEvent,
  type GameEndpoint,
  OVERDUE_SECONDS,
  scheduleOverdue,
} from '../../src/modules/game-delivery/delivery-service';
import { sendWebhook } from '../../src/modules/game-delivery/webhook';
import { startTestJobs } from '../test-jobs';
import { agentOwner, memo, playerOwner, post, postAll } from '../../src/modules/ledger/ledger-service';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';
import { GameStandIn, OTHER_WEBHOOK_SECRET, TEST_WEBHOOK_SECRET } from '../stand-ins/game-stand-in';
import { uuid } from './money-support';

/**
 * The game's outbox and its delivery (decision 040): every change of a player's diamonds writes one event in the
 * transaction of its ledger entry, with its delivery job; a delivery is a Standard Webhooks request the game
 * verifies; failures are retried on the schedule, 410 pauses the endpoint, and nothing is ever dropped.
 */
let t: TestApp;
let game: GameStandIn;
let endpoint: GameEndpoint;
beforeAll(async () => {
  t = await build();
  game = new GameStandIn();
  endpoint = { url: await game.start(), secrets: [TEST_WEBHOOK_SECRET] };
});
afterAll(async () => {
  await game.stop();
  await t.close();
});
beforeEach(async () => {
  game.received = [];
  game.applied.clear();
  game.answer = { status: 204 };
  await t.db.execute(sql`update game_endpoint set paused = false, paused_at = null, paused_reason = null`);
});

interface EventRow extends Record<string, unknown> {
  id: string;
  type: string;
  player_id: number;
  diamonds: number;
  sequence: number;
  source_type: string;
  source_id: string;
  agent_id: number | null;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
}

async function eventsOf(playerId: number): Promise<EventRow[]> {
  const result = await t.db.execute<EventRow>(
    sql`select * from game_events where player_id = ${playerId} order by sequence`,
  );
  return result.rows;
}

async function jobOf(eventId: string) {
  const result = await t.db.execute<{ task_identifier: string; run_at: string }>(
    sql`select task_identifier, run_at from graphile_worker.jobs where key = ${`game_event:${eventId}`}`,
  );
  return result.rows[0];
}

async function rechargedPlayer(diamonds = 300) {
  const agent = await createAgent(t.db);
  await fund(t.db, agentOwner(agent.agentId), 'diamonds', 10_000);
  const token = await signIn(t.app, t.db, agent.playerId);
  const playerId = await createPlayer(t.db, { boundAgentId: agent.agentId });
  const answer = await api(t.app, 'recharge', {
    token,
    input: { playerId, diamonds, requestId: uuid() },
  });
  expect(answer.code).toBe(ResponseCode.success);
  return { agent, token, playerId };
}

describe('the outbox', () => {
  it('writes one event with its job for a recharge, none for a refused one, in the player’s own order', async () => {
    const { agent, token, playerId } = await rechargedPlayer(300);
    const refused = await api(t.app, 'recharge', {
      token,
      input: { playerId, diamonds: 1_000_000, requestId: uuid() },
    });
    expect(refused.code).not.toBe(ResponseCode.success);
    const requestId = uuid();
    await api(t.app, 'recharge', { token, input: { playerId, diamonds: 40, requestId } });
    await api(t.app, 'recharge', { token, input: { playerId, diamonds: 40, requestId } }); // a retry: replayed

    const events = await eventsOf(playerId);
    expect(events.map((e) => [e.type, Number(e.diamonds), e.sequence, e.source_type, e.agent_id])).toEqual([
      ['diamonds.credited', 300, 1, 'recharge', agent.agentId],
      ['diamonds.credited', 40, 2, 'recharge', agent.agentId],
    ]);
    for (const event of events) {
      expect(event.status).toBe('pending');
      expect(await jobOf(event.id)).toMatchObject({ task_identifier: 'game_deliver' });
    }
  });

  it('writes an event for every posting to a player’s diamonds, a debit as diamonds.debited, and none for agents', async () => {
    const playerId = await createPlayer(t.db);
    const agent = await createAgent(t.db);
    await t.db.transaction(async (tx) => {
      await postAll(tx, [
        {
          owner: playerOwner(playerId),
          currency: 'diamonds',
          amount: 70,
          billType: BillType.adjustment,
          ref: { type: 'adjustment', id: 'a1' },
          memo: memo('memoAdjustment', { reason: 'test' }),
        },
        {
          owner: agentOwner(agent.agentId),
          currency: 'diamonds',
          amount: 5,
          billType: BillType.adjustment,
          ref: { type: 'adjustment', id: 'a1' },
          memo: memo('memoAdjustment', { reason: 'test' }),
        },
      ]);
      await post(tx, {
        owner: playerOwner(playerId),
        currency: 'diamonds',
        amount: -20,
        billType: BillType.adjustment,
        ref: { type: 'adjustment', id: 'a2' },
        memo: memo('memoAdjustment', { reason: 'test' }),
      });
    });
    expect((await eventsOf(playerId)).map((e) => [e.type, Number(e.diamonds), e.source_id])).toEqual([
      ['diamonds.credited', 70, 'a1'],
      ['diamonds.debited', -20, 'a2'],
    ]);
    const forAgents = await t.db.execute(sql`select 1 from game_events where player_id = ${agent.playerId}`);
    expect(forAgents.rows).toHaveLength(0);
  });

  it('records nothing for a transaction that rolled back', async () => {
    const playerId = await createPlayer(t.db);
    await t.db
      .transaction(async (tx) => {
        await post(tx, {
          owner: playerOwner(playerId),
          currency: 'diamonds',
          amount: 9,
          billType: BillType.adjustment,
          ref: { type: 'adjustment', id: 'rolled-back' },
          memo: memo('memoAdjustment', { reason: 'test' }),
        });
        throw new Error('the operation fails after its posting');
      })
      .catch(() => undefined);
    expect(await eventsOf(playerId)).toEqual([]);
    const jobs = await t.db.execute(sql`select 1 from graphile_worker.jobs
      where key like 'game_event:%' and substr(key, 12) not in (select id from game_events)`);
    expect(jobs.rows).toHaveLength(0);
  });
});

describe('a delivery', () => {
  it('is a Standard Webhooks request the game verifies, with the event as its body; delivered once', async () => {
    const { playerId } = await rechargedPlayer(120);
    const [event] = await eventsOf(playerId);
    expect(await deliverEvent(t.db, endpoint, event!.id)).toBe('delivered');
    expect(await deliverEvent(t.db, endpoint, event!.id)).toBe('not claimed');

    expect(game.received).toHaveLength(1);
    const [request] = game.received;
    expect(request!.verified).toBe(true);
    expect(request!.headers['webhook-id']).toBe(event!.id);
    const body = ZGameEvent.parse(JSON.parse(request!.body));
    expect(body).toMatchObject({
      id: event!.id,
      type: 'diamonds.credited',
      data: { playerId, diamonds: 120, sequence: 1, source: { type: 'recharge' } },
    });
    const [row] = await eventsOf(playerId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, next_attempt_at: null });
    const attempts = await t.db.execute<{ http_status: number; latency_ms: number }>(
      sql`select http_status, latency_ms from game_event_attempts where event_id = ${event!.id}`,
    );
    expect(attempts.rows).toEqual([{ http_status: 204, latency_ms: expect.any(Number) }]);
  });

  it('signs with both secrets during a rotation: a game on either one verifies it', async () => {
    const { playerId } = await rechargedPlayer(5);
    const [event] = await eventsOf(playerId);
    await deliverEvent(
      t.db,
      { ...endpoint, secrets: [OTHER_WEBHOOK_SECRET, TEST_WEBHOOK_SECRET] },
      event!.id,
    );
    const [request] = game.received;
    expect(request!.verified).toBe(true);
    const signature = request!.headers['webhook-signature'] as string;
    expect(signature.split(' ')).toHaveLength(2);
    expect(() =>
      new Webhook(OTHER_WEBHOOK_SECRET).verify(request!.body, request!.headers as Record<string, string>),
    ).not.toThrow();
  });

  it('that fails is tried again about 5 s later with the same id, the answer kept to 1 KB', async () => {
    game.answer = { status: 500, body: 'x'.repeat(5000) };
    const { playerId } = await rechargedPlayer(7);
    const [event] = await eventsOf(playerId);
    const before = Date.now();
    expect(await deliverEvent(t.db, endpoint, event!.id)).toBe('retrying');
    const after = Date.now();
    const [row] = await eventsOf(playerId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 500' });
    // 5 s with up to a fifth of jitter either way, counted from the try, whenever within the call it was made.
    const next = new Date(row!.next_attempt_at as string).getTime();
    expect(next).toBeGreaterThanOrEqual(before + 4_000);
    expect(next).toBeLessThanOrEqual(after + 6_000);
    expect(new Date((await jobOf(event!.id))!.run_at).getTime()).toBe(
      new Date(row!.next_attempt_at as string).getTime(),
    );
    const kept = await t.db.execute<{ response: string }>(
      sql`select response from game_event_attempts where event_id = ${event!.id}`,
    );
    expect(kept.rows[0]!.response).toHaveLength(1024);

    game.answer = { status: 200 };
    await t.db.execute(sql`update game_events set next_attempt_at = now() where id = ${event!.id}`);
    expect(await deliverEvent(t.db, endpoint, event!.id)).toBe('delivered');
    expect(new Set(game.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([event!.id]));
    expect(game.applied.size).toBe(1);
  });

  it('does not follow a redirect and gives up on a silent endpoint after its timeout', async () => {
    game.answer = { status: 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } };
    const { playerId } = await rechargedPlayer(3);
    const [event] = await eventsOf(playerId);
    expect(await deliverEvent(t.db, endpoint, event!.id)).toBe('retrying');
    expect(game.received).toHaveLength(1);
    expect((await eventsOf(playerId))[0]!.last_error).toBe('HTTP 302');

    game.answer = { status: 200, delayMs: 2_000 };
    await t.db.execute(sql`update game_events set next_attempt_at = now() where id = ${event!.id}`);
    const quick: typeof sendWebhook = (e, m) => sendWebhook(e, m, 200);
    expect(await deliverEvent(t.db, endpoint, event!.id, quick)).toBe('retrying');
    expect((await eventsOf(playerId))[0]!.last_error).toBe('no answer within 0.2 s');
  });

  it('that answers 410 Gone pauses the endpoint: nothing is sent until it is resumed', async () => {
    game.answer = { status: 410 };
    const { playerId } = await rechargedPlayer(11);
    const [event] = await eventsOf(playerId);
    expect(await deliverEvent(t.db, endpoint, event!.id)).toBe('paused');
    const state = await t.db.execute<{ paused: boolean }>(sql`select paused from game_endpoint`);
    expect(state.rows[0]!.paused).toBe(true);
    game.answer = { status: 204 };
    expect(await deliverEvent(t.db, endpoint, event!.id)).toBe('paused');
    expect(game.received).toHaveLength(1);
    expect(await scheduleOverdue(t.db, endpoint)).toBe(0);
  });

  it('whose job was lost (a worker killed mid-delivery) gets a new one from the sweep', async () => {
    const { playerId } = await rechargedPlayer(13);
    const [event] = await eventsOf(playerId);
    // A worker took the event and died: its claim ran out, its job is gone.
    await t.db.execute(sql`
      update game_events set claimed_until = now() - interval '1 second',
             next_attempt_at = now() - make_interval(secs => ${OVERDUE_SECONDS + 5})
       where id = ${event!.id}`);
    await t.db.execute(
      sql`delete from graphile_worker._private_jobs where key = ${`game_event:${event!.id}`}`,
    );
    expect(await jobOf(event!.id)).toBeUndefined();
    expect(await scheduleOverdue(t.db, null)).toBe(0);
    expect(await scheduleOverdue(t.db, endpoint)).toBeGreaterThanOrEqual(1);
    expect(await jobOf(event!.id)).toMatchObject({ task_identifier: 'game_deliver' });
  });
});

describe('the queue’s workers', () => {
  it('deliver a recharge to the game within seconds of its commit, once, and stop cleanly', async () => {
    const jobs = await startTestJobs(t, { gameWebhook: endpoint });
    try {
      expect(jobs.running()).toBe(true);
      const { playerId } = await rechargedPlayer(77);
      const [event] = await eventsOf(playerId);
      // Until it is there, however long the machine takes: the test's own time-out is the only bound.
      while (!game.applied.has(event!.id)) await new Promise((resolve) => setTimeout(resolve, 50));
      while ((await eventsOf(playerId))[0]!.status !== 'delivered')
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await eventsOf(playerId))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    } finally {
      await jobs.stop();
    }
    expect(jobs.running()).toBe(false);
  });
});
