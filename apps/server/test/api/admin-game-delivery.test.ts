import {
  GAME_RESPONSE_KEPT_BYTES,
  ResponseCode,
  ZGameEvent,
  ZGameTestEvent,
  type CallInput,
  type CallName,
} from '@promoter/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveKey } from '../../src/crypto/seal';
import { auditLog } from '../../src/db/schema';
import { deliverEvent } from '../../src/modules/game-delivery/delivery-service';
import {
  type GameEndpoint,
  gameSecretRefusals,
  signingSecrets,
} from '../../src/modules/game-delivery/endpoint-secrets';
import { playerOwner } from '../../src/modules/ledger/ledger-service';
import { createPlayer, fund } from '../factories';
import { api, build, type TestApp } from '../helper';
import { asOperator, createTestOperator, operatorToken, type TestOperator } from '../operator-factories';
import { GameStandIn, TEST_WEBHOOK_SECRET } from '../stand-ins/game-stand-in';
import { csvTable, requestCsv } from './csv-support';

/**
 * The console's page of the game's deliveries (decision 040): the figures, the events with every try, retry one or
 * all, pause and resume, a test message, the signing secret's rotation, and the daily reconciliation with its CSV
 * file. Every action is audited; reads need `read`, actions `game.manage` (owner, finance), the secret the owner's
 * `operators.manage` and a fresh code, the reconciliation `reports`.
 */
let t: TestApp;
let game: GameStandIn;
let endpoint: GameEndpoint;
let owner: TestOperator;
const tokens = {} as Record<'owner' | 'finance' | 'support' | 'viewer', string>;

beforeAll(async () => {
  game = new GameStandIn();
  const url = await game.start();
  t = await build({ GAME_WEBHOOK_URL: url, GAME_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET });
  endpoint = t.app.config.gameWebhook as GameEndpoint;
  owner = await createTestOperator(t.db, 'owner');
  tokens.owner = await operatorToken(t.db, owner.id);
  for (const role of ['finance', 'support', 'viewer'] as const)
    tokens[role] = await operatorToken(t.db, (await createTestOperator(t.db, role)).id);
});
afterAll(async () => {
  await game.stop();
  await t.close();
});
beforeEach(async () => {
  game.received = [];
  game.applied.clear();
  game.answer = { status: 204 };
  game.secret = TEST_WEBHOOK_SECRET;
  await t.db.execute(sql`update game_endpoint set paused = false, paused_at = null, paused_reason = null,
    paused_by = null, secret_sealed = null, previous_secret_sealed = null, secret_rotated_at = null,
    rotation_finished_at = null`);
});

const as = <N extends CallName>(role: keyof typeof tokens, name: N, input: CallInput<N>) =>
  api(t.app, name, { input, ...asOperator(tokens[role]) });

async function ok<N extends CallName>(role: keyof typeof tokens, name: N, input: CallInput<N>) {
  const answer = await as(role, name, input);
  expect(answer.code, `${name}: ${answer.msg}`).toBe(ResponseCode.success);
  return answer.data;
}

/** A player credited `diamonds` (an adjustment through the ledger): its event, pending. */
async function creditedEvent(diamonds = 50, at?: Date) {
  const playerId = await createPlayer(t.db);
  await fund(t.db, playerOwner(playerId), 'diamonds', diamonds, at);
  const result = await t.db.execute<{ id: string }>(
    sql`select id from game_events where player_id = ${playerId} order by sequence`,
  );
  return { playerId, eventId: (result.rows[0] as { id: string }).id };
}

async function eventRow(id: string) {
  const result = await t.db.execute<{ status: string; attempts: number; next_attempt_at: string | null }>(
    sql`select status, attempts, next_attempt_at from game_events where id = ${id}`,
  );
  return result.rows[0];
}

async function jobRunAt(eventId: string): Promise<number | undefined> {
  const result = await t.db.execute<{ run_at: string }>(
    sql`select run_at from graphile_worker.jobs where key = ${`game_event:${eventId}`}`,
  );
  const row = result.rows[0];
  return row ? new Date(row.run_at).getTime() : undefined;
}

async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const deliver = (eventId: string) => deliverEvent(t.db, endpoint, eventId);
const forbidden = (right: string) => ({
  code: ResponseCode.operatorForbidden,
  msg: `您的角色没有此操作的权限（${right}）`,
});

describe('the overview', () => {
  it('shows the endpoint’s host, the backlog, the lag, the queue’s depth and the last hour', async () => {
    const before = await ok('viewer', 'adminGameOverview', {});
    expect(before).toMatchObject({
      configured: true,
      host: new URL(endpoint.url).host,
      endpoint: { paused: false, pausedAt: null, pausedReason: null, pausedBy: null },
      secret: { mode: 'configured', signatures: 1, rotatedAt: null, finishedAt: null },
    });
    const first = await creditedEvent(30);
    const second = await creditedEvent(40);
    await t.db.execute(
      sql`update game_events set created_at = now() - interval '90 seconds' where id = ${first.eventId}`,
    );
    const waiting = await ok('support', 'adminGameOverview', {});
    expect(waiting.pending).toBe(before.pending + 2);
    expect(waiting.lagSeconds).toBeGreaterThanOrEqual(89);
    expect(waiting.queueDepth).toBeGreaterThanOrEqual(before.queueDepth + 2);

    expect(await deliver(first.eventId)).toBe('delivered');
    game.answer = { status: 503, body: 'busy' };
    expect(await deliver(second.eventId)).toBe('retrying');
    const after = await ok('viewer', 'adminGameOverview', {});
    expect(after.pending).toBe(before.pending + 1);
    expect(after.deliveredLastHour).toBe(before.deliveredLastHour + 1);
    expect(after.failedAttemptsLastHour).toBe(before.failedAttemptsLastHour + 1);
    expect(after.latencyP50Ms).toEqual(expect.any(Number));
    expect(after.latencyP99Ms).toBeGreaterThanOrEqual(after.latencyP50Ms as number);
    // The URL's path stays out of the answer (it may carry a token).
    expect(JSON.stringify(after)).not.toContain('/webhooks');
  });
});

describe('the events', () => {
  it('list by status, player and time, newest first, each with its last try', async () => {
    const { playerId, eventId } = await creditedEvent(70);
    game.answer = { status: 500, body: 'x'.repeat(5000) };
    await deliver(eventId);
    const list = await ok('support', 'adminGameEventList', { playerId });
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      id: eventId,
      type: 'diamonds.credited',
      playerId,
      diamonds: 70,
      sequence: 1,
      source: { type: 'adjustment' },
      status: 'pending',
      attempts: 1,
      lastError: 'HTTP 500',
      inFlight: false,
      lastAttempt: { httpStatus: 500, latencyMs: expect.any(Number) },
    });
    expect((await ok('viewer', 'adminGameEventList', { playerId, status: 'failed' })).total).toBe(0);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await ok('viewer', 'adminGameEventList', { playerId, from: hourAgo })).total).toBe(1);
    expect((await ok('viewer', 'adminGameEventList', { playerId, to: hourAgo })).total).toBe(0);
    const paged = await ok('viewer', 'adminGameEventList', { page: 1, pageSize: 1 });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
  });

  it('one event shows what the game is sent and every try: time, status, latency, the answer’s first 1 KB, error', async () => {
    const { playerId, eventId } = await creditedEvent(80);
    game.answer = { status: 500, body: '失'.repeat(2000) };
    await deliver(eventId);
    await t.db.execute(sql`update game_events set next_attempt_at = now() where id = ${eventId}`);
    game.answer = { status: 200, body: 'ok' };
    await deliver(eventId);
    const detail = await ok('support', 'adminGameEventDetail', { id: eventId });
    expect(ZGameEvent.parse(detail.payload)).toMatchObject({ id: eventId, data: { playerId, diamonds: 80 } });
    expect(detail.event).toMatchObject({ status: 'delivered', attempts: 2, deliveredAt: expect.any(String) });
    expect(detail.attempts.map((a) => [a.httpStatus, a.error])).toEqual([
      [500, null],
      [200, null],
    ]);
    expect(Buffer.byteLength(detail.attempts[0]!.response)).toBeLessThanOrEqual(GAME_RESPONSE_KEPT_BYTES);
    expect(detail.attempts[0]!.response.startsWith('失失')).toBe(true);
    expect(detail.attempts[1]).toMatchObject({ response: 'ok', latencyMs: expect.any(Number) });

    const missing = await as('viewer', 'adminGameEventDetail', { id: `evt_${'f'.repeat(32)}` });
    expect([missing.code, missing.msg]).toEqual([ResponseCode.failure, '该推送事件不存在']);
  });
});

describe('retrying', () => {
  it('puts a failed event back in the queue now, audited; a delivered one is refused; support may not', async () => {
    const { eventId } = await creditedEvent(90);
    await t.db.execute(sql`update game_events set status = 'failed', attempts = 12, next_attempt_at = null,
      last_error = 'HTTP 500' where id = ${eventId}`);
    expect(await as('support', 'adminGameRetry', { id: eventId })).toMatchObject(forbidden('game.manage'));
    const before = Date.now();
    const retried = await ok('finance', 'adminGameRetry', { id: eventId });
    expect(retried).toMatchObject({ id: eventId, status: 'pending', attempts: 12 });
    expect(new Date(retried.nextAttemptAt as string).getTime()).toBeGreaterThan(before - 2_000);
    expect(await jobRunAt(eventId)).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await lastAudit('game.retry')).toMatchObject({
      targetType: 'gameEvent',
      targetId: eventId,
      before: { status: 'failed', attempts: 12 },
      after: { status: 'pending' },
    });
    // The game is back: the try succeeds.
    expect(await deliver(eventId)).toBe('delivered');
    const again = await as('finance', 'adminGameRetry', { id: eventId });
    expect([again.code, again.msg]).toEqual([ResponseCode.failure, '该事件已送达游戏，无需重试']);
  });

  it('puts every failed event back (a bounded batch), with a reason, and says how many', async () => {
    const ids = [
      (await creditedEvent(1)).eventId,
      (await creditedEvent(2)).eventId,
      (await creditedEvent(3)).eventId,
    ];
    await t.db.execute(sql`update game_events set status = 'failed', next_attempt_at = null
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const failed = (await ok('viewer', 'adminGameOverview', {})).failed;
    expect(failed).toBeGreaterThanOrEqual(3);
    const answer = await ok('owner', 'adminGameRetryAll', { reason: 'the game is back' });
    expect(answer).toEqual({ retried: failed, remaining: 0 });
    for (const id of ids) {
      expect((await eventRow(id))?.status).toBe('pending');
      expect(await jobRunAt(id)).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    expect(await lastAudit('game.retryAll')).toMatchObject({
      targetType: 'gameEndpoint',
      after: { retried: failed, remaining: 0, reason: 'the game is back' },
    });
    expect((await as('owner', 'adminGameRetryAll', { reason: '' })).status).toBe(400);
  });
});

describe('pause and resume', () => {
  it('pause holds every delivery with the operator’s reason; resume makes every pending event due now', async () => {
    const { eventId } = await creditedEvent(15);
    expect(await as('support', 'adminGamePause', { reason: 'maintenance' })).toMatchObject(
      forbidden('game.manage'),
    );
    const paused = await ok('finance', 'adminGamePause', { reason: 'the game upgrades tonight' });
    expect(paused).toMatchObject({ paused: true, pausedReason: 'the game upgrades tonight' });
    const overview = await ok('viewer', 'adminGameOverview', {});
    expect(overview.endpoint).toEqual(paused);
    expect(paused.pausedBy).toMatch(/^finance-/);
    expect(await deliver(eventId)).toBe('paused');
    expect(game.received).toHaveLength(0);
    const twice = await as('owner', 'adminGamePause', { reason: 'again' });
    expect([twice.code, twice.msg]).toEqual([ResponseCode.failure, '游戏推送已处于暂停状态']);
    expect(await lastAudit('game.pause')).toMatchObject({
      targetType: 'gameEndpoint',
      targetId: '1',
      after: { paused: true, reason: 'the game upgrades tonight' },
    });

    // Its job was moved to later meanwhile (a retry's wait): the resume makes it due now.
    await t.db.execute(sql`select game_event_schedule(${eventId}, now() + interval '3 hours')`);
    const resumed = await ok('owner', 'adminGameResume', { reason: 'the upgrade is done' });
    expect(resumed.endpoint).toEqual({ paused: false, pausedAt: null, pausedReason: null, pausedBy: null });
    expect(resumed.scheduled).toBeGreaterThanOrEqual(1);
    expect(await jobRunAt(eventId)).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await deliver(eventId)).toBe('delivered');
    expect(await lastAudit('game.resume')).toMatchObject({
      before: { paused: true, pausedReason: 'the game upgrades tonight' },
      after: { paused: false, scheduled: resumed.scheduled, reason: 'the upgrade is done' },
    });
    const notPaused = await as('owner', 'adminGameResume', { reason: 'again' });
    expect([notPaused.code, notPaused.msg]).toEqual([ResponseCode.failure, '游戏推送未暂停']);
  });

  it('shows a pause by the game’s 410 Gone as nobody’s', async () => {
    const { eventId } = await creditedEvent(16);
    game.answer = { status: 410 };
    expect(await deliver(eventId)).toBe('paused');
    expect((await ok('viewer', 'adminGameOverview', {})).endpoint).toMatchObject({
      paused: true,
      pausedBy: null,
      pausedReason: 'the endpoint answered 410 Gone',
    });
  });
});

describe('the test message', () => {
  it('is a signed webhook.test the game verifies, not an outbox event, answered and audited', async () => {
    const events = await t.db.execute(sql`select count(*)::int as n from game_events`);
    game.answer = { status: 200, body: '{"ok":true}' };
    const answer = await ok('finance', 'adminGameTest', {});
    expect(answer).toMatchObject({ ok: true, httpStatus: 200, response: '{"ok":true}', error: null });
    expect(game.received).toHaveLength(1);
    const [request] = game.received;
    expect(request!.verified).toBe(true);
    expect(ZGameTestEvent.parse(JSON.parse(request!.body)).id).toBe(answer.id);
    expect(request!.headers['webhook-id']).toBe(answer.id);
    expect((await t.db.execute(sql`select count(*)::int as n from game_events`)).rows).toEqual(events.rows);
    expect(await lastAudit('game.test')).toMatchObject({
      targetType: 'gameEndpoint',
      after: { id: answer.id, ok: true, httpStatus: 200 },
    });

    game.answer = { status: 401, body: 'bad signature' };
    expect(await ok('owner', 'adminGameTest', {})).toMatchObject({
      ok: false,
      httpStatus: 401,
      response: 'bad signature',
    });
    expect(await as('support', 'adminGameTest', {})).toMatchObject(forbidden('game.manage'));
  });

  it('is refused without an endpoint (the game reads the pull feed)', async () => {
    const pulling = await build({ ALLOW_NO_GAME_DELIVERY: 'true' });
    try {
      const token = await operatorToken(pulling.db, (await createTestOperator(pulling.db, 'owner')).id);
      const answer = await api(pulling.app, 'adminGameTest', { input: {}, ...asOperator(token) });
      expect([answer.code, answer.msg]).toEqual([
        ResponseCode.failure,
        '未配置游戏推送地址（GAME_WEBHOOK_URL），游戏通过拉取接口读取事件',
      ]);
      const overview = await api(pulling.app, 'adminGameOverview', { input: {}, ...asOperator(token) });
      expect(overview.data).toMatchObject({ configured: false, host: null, secret: { signatures: 0 } });
    } finally {
      await pulling.close();
    }
  });
});

describe('the secret’s rotation', () => {
  const rotate = (code: string) => as('owner', 'adminGameRotateSecret', { reason: 'yearly rotation', code });
  /** Lets the owner's authenticator give a code of the same 30 s again (each step is good once). */
  const freshStep = () =>
    t.db.execute(sql`update operators set totp_last_step = null where id = ${owner.id}`);
  const verifies = (secret: string, request: { body: string; headers: object }) => {
    try {
      new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };

  it('is the owner’s with a fresh code: finance is refused, a wrong or spent code changes nothing', async () => {
    expect(await as('finance', 'adminGameRotateSecret', { reason: 'r', code: '123456' })).toMatchObject(
      forbidden('operators.manage'),
    );
    await freshStep();
    const wrong = await rotate(owner.code() === '000000' ? '111111' : '000000');
    expect([wrong.code, wrong.msg]).toEqual([ResponseCode.failure, '验证码错误或已使用']);
    expect((await ok('viewer', 'adminGameOverview', {})).secret.mode).toBe('configured');
    const code = owner.code();
    expect((await rotate(code)).code).toBe(ResponseCode.success);
    const spent = await rotate(code);
    expect(spent.msg).toBe('验证码错误或已使用');
  });

  it('signs with the new and the old secret until it is finished, then with the new one alone', async () => {
    await freshStep();
    const rotated = await ok('owner', 'adminGameRotateSecret', {
      reason: 'yearly rotation',
      code: owner.code(),
    });
    const fresh = rotated.secret;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(fresh.slice(6), 'base64')).toHaveLength(32);
    expect(rotated.state).toMatchObject({ mode: 'rotating', signatures: 2, finishedAt: null });

    // Kept sealed, never in the audit log.
    const stored = await t.db.execute<{ secret_sealed: string }>(
      sql`select secret_sealed from game_endpoint where id = 1`,
    );
    expect(stored.rows[0]!.secret_sealed).toMatch(/^v1:/);
    expect(stored.rows[0]!.secret_sealed).not.toContain(fresh.slice(6));
    const audit = await lastAudit('game.rotateSecret');
    expect(audit).toMatchObject({ after: { mode: 'rotating', signatures: 2, reason: 'yearly rotation' } });
    expect(JSON.stringify(audit)).not.toContain(fresh.slice(6));
    expect(await signingSecrets(t.db, endpoint)).toEqual([fresh, TEST_WEBHOOK_SECRET]);

    // During: a game on the old secret and one on the new both verify every delivery and the test message.
    const during = await creditedEvent(21);
    expect(await deliver(during.eventId)).toBe('delivered');
    await ok('owner', 'adminGameTest', {});
    for (const request of game.received) {
      expect(request.verified).toBe(true);
      expect(verifies(fresh, request)).toBe(true);
      expect((request.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    }
    // The game switches to the new secret at its pace.
    game.secret = fresh;
    const switched = await creditedEvent(22);
    expect(await deliver(switched.eventId)).toBe('delivered');
    expect(game.applied.has(switched.eventId)).toBe(true);

    expect(await as('finance', 'adminGameFinishRotation', { reason: 'done' })).toMatchObject(
      forbidden('operators.manage'),
    );
    const finished = await ok('owner', 'adminGameFinishRotation', { reason: 'the game uses the new one' });
    expect(finished).toMatchObject({ mode: 'rotated', signatures: 1, finishedAt: expect.any(String) });
    expect(await lastAudit('game.finishRotation')).toMatchObject({
      before: { mode: 'rotating' },
      after: { mode: 'rotated', reason: 'the game uses the new one' },
    });
    const again = await as('owner', 'adminGameFinishRotation', { reason: 'twice' });
    expect([again.code, again.msg]).toEqual([ResponseCode.failure, '当前没有进行中的密钥轮换']);

    // After: the new secret alone; a game still on the old one no longer verifies.
    game.received = [];
    const after = await creditedEvent(23);
    expect(await deliver(after.eventId)).toBe('delivered');
    const [request] = game.received;
    expect(request!.verified).toBe(true);
    expect((request!.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect(verifies(TEST_WEBHOOK_SECRET, request!)).toBe(false);
    expect((await ok('viewer', 'adminGameOverview', {})).secret).toMatchObject({ mode: 'rotated' });

    // A second rotation signs with its secret and the first one, no more with the configured one.
    await freshStep();
    const second = await ok('owner', 'adminGameRotateSecret', { reason: 'again', code: owner.code() });
    expect(await signingSecrets(t.db, endpoint)).toEqual([second.secret, fresh]);
  });

  it('started again while open keeps what the game may still verify with', async () => {
    await freshStep();
    const lost = await ok('owner', 'adminGameRotateSecret', { reason: 'first', code: owner.code() });
    await freshStep();
    const again = await ok('owner', 'adminGameRotateSecret', {
      reason: 'the first was lost',
      code: owner.code(),
    });
    expect(await signingSecrets(t.db, endpoint)).toEqual([again.secret, TEST_WEBHOOK_SECRET]);
    expect(again.secret).not.toBe(lost.secret);
  });

  it('is opened at start only with the key it was sealed with (decision 034)', async () => {
    await freshStep();
    await ok('owner', 'adminGameRotateSecret', { reason: 'checked at start', code: owner.code() });
    expect(await gameSecretRefusals(t.db, endpoint)).toEqual([]);
    const other = { ...endpoint, sealKey: deriveKey('another payout key', 'game-webhook-secret') };
    expect(await gameSecretRefusals(t.db, other)).toEqual([
      'PAYOUT_ENCRYPTION_KEY does not open the game webhook secret the console rotated (game_endpoint)',
    ]);
  });
});

describe('the reconciliation', () => {
  /** 2030-01-01 23:30 and 2030-01-02 00:30 in Shanghai (the platform's zone): both 2030-01-01 in UTC. */
  const lateOnThe1st = new Date('2030-01-01T15:30:00Z');
  const earlyOnThe2nd = new Date('2030-01-01T16:30:00Z');

  it('sums each platform day’s credits and debits against what the game acknowledged, with the difference', async () => {
    const delivered = await creditedEvent(300, lateOnThe1st);
    const failed = await creditedEvent(40, lateOnThe1st);
    const pendingPlayer = await createPlayer(t.db);
    await fund(t.db, playerOwner(pendingPlayer), 'diamonds', 100, lateOnThe1st);
    await fund(t.db, playerOwner(pendingPlayer), 'diamonds', -20, lateOnThe1st);
    await creditedEvent(7, earlyOnThe2nd);
    expect(await deliver(delivered.eventId)).toBe('delivered');
    await t.db.execute(sql`update game_events set status = 'failed' where id = ${failed.eventId}`);

    expect(await as('support', 'adminGameReconciliation', { days: 7 })).toMatchObject(forbidden('reports'));
    const report = await ok('finance', 'adminGameReconciliation', { from: '2030-01-01', to: '2030-01-03' });
    expect(report.timeZone).toBe('Asia/Shanghai');
    expect(report.days.map((d) => d.day)).toEqual(['2030-01-01', '2030-01-02', '2030-01-03']);
    expect(report.days[0]).toEqual({
      day: '2030-01-01',
      credited: { count: 3, diamonds: 440 },
      debited: { count: 1, diamonds: -20 },
      acknowledged: { count: 1, diamonds: 300 },
      difference: { count: 3, diamonds: 120 },
      pending: 2,
      failed: 1,
    });
    expect(report.days[1]).toMatchObject({
      credited: { count: 1, diamonds: 7 },
      difference: { count: 1, diamonds: 7 },
      pending: 1,
    });
    expect(report.days[2]).toMatchObject({ credited: { count: 0, diamonds: 0 }, pending: 0 });
    expect(report.totals).toEqual({
      credited: { count: 4, diamonds: 447 },
      debited: { count: 1, diamonds: -20 },
      acknowledged: { count: 1, diamonds: 300 },
      difference: { count: 4, diamonds: 127 },
      pending: 3,
      failed: 1,
    });

    // The CSV file says the same, with its headers in the operator's language; the export is audited.
    const csv = csvTable(
      await requestCsv(t.app, 'gameReconciliation', {
        token: tokens.finance,
        query: { from: '2030-01-01', to: '2030-01-02' },
      }),
    );
    expect(csv.header[0]).toBe('日期（Asia/Shanghai）');
    expect(csv.rows).toHaveLength(2);
    expect(csv.rows[0]).toMatchObject({
      '日期（Asia/Shanghai）': '2030-01-01',
      入账笔数: '3',
      入账钻石: '440',
      扣回钻石: '-20',
      '游戏已确认钻石（净额）': '300',
      '差异钻石（净额）': '120',
      待推送: '2',
      推送失败: '1',
    });
    const english = csvTable(
      await requestCsv(t.app, 'gameReconciliation', {
        token: tokens.owner,
        query: { from: '2030-01-02', to: '2030-01-02' },
        lang: 'en',
      }),
    );
    expect(english.rows).toEqual([expect.objectContaining({ 'Diamonds credited': '7', Waiting: '1' })]);
    const [exported] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.export'), eq(auditLog.targetId, 'gameReconciliation')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(exported?.after).toMatchObject({ kind: 'gameReconciliation', rows: 1, completed: true });
    const refused = await requestCsv(t.app, 'gameReconciliation', { token: tokens.support });
    expect(JSON.parse(refused.body)).toMatchObject(forbidden('reports'));
  });
});
