import { randomUUID } from 'node:crypto';
import {
  calls,
  type CallDef,
  type CallName,
  SERVER_ERROR_MSG,
  ZGameMintTicket,
  ZGameUpsertPlayer,
} from '@promoter/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signGameRequest } from '../../src/modules/game/game-signature';
import type { SandboxPaymentProvider } from '../../src/platform/payments/sandbox-provider';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/platform/payments/sandbox-provider';
import { createAgent, createGoods, createPlayer, fund, signIn } from '../factories';
import { build, callRaw, TEST_GAME_SECRET, type TestApp } from '../helper';
import { createTestOperator, operatorToken } from '../operator-factories';
import { fuzzInput, hostileValue } from '../zod-arbitrary';

/**
 * Every call of the contract, the game API and the payment notification, fed inputs generated from the
 * contract's own schemas plus hostile values (NUL, 2147483648, 1e308, year 0000, null bodies, arrays, ...):
 * nothing answers 5xx, and nothing refused moves money. `npm test` runs a bounded number of inputs per call and
 * caller; FUZZ_RUNS makes it larger (`npm run chaos`).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/**
 * Time for one call's runs, all its callers: a call that hashes a password (argon2id, 64 MiB) takes up to a few
 * hundred milliseconds per accepted input, so the larger runs of `npm run chaos` get time in proportion.
 */
const CALL_TIMEOUT_MS = Math.max(60_000, RUNS * 3 * 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
let agent: { agentId: number; playerId: number; token: string };
let player: { playerId: number; token: string };
let pendingOrder: { orderId: string; amountFen: number };
/** The owner operator: the console's calls are fuzzed with its rights too. */
let ownerId: number;
const TAKEN_MOBILE = '13800138000';

/** Counts and sums of everything money: a refused input must leave every figure as it was. */
async function moneySnapshot(): Promise<string> {
  const result = await t.db.execute(sql`select
    (select count(*) from accounts) as accounts, (select coalesce(sum(value), 0) from accounts) as "accountSum",
    (select count(*) from ledger_entries) as entries, (select coalesce(sum(amount), 0) from ledger_entries) as "entrySum",
    (select count(*) from orders) as orders, (select count(*) from orders where status <> 'pending') as "ordersClosed",
    (select count(*) from withdrawals) as withdrawals, (select coalesce(sum(amount_fen), 0) from withdrawals) as "withdrawalSum",
    (select count(*) from recharges) as recharges, (select count(*) from transfers) as transfers,
    (select count(*) from exchanges) as exchanges`);
  return JSON.stringify(result.rows[0]);
}

const asQueryValue = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);

async function send(name: CallName, input: unknown, caller: 'anonymous' | 'agent' | 'owner') {
  const def = calls[name] as CallDef;
  const headers: Record<string, string> = {};
  // A session of its own for each call: a fuzzed logout or revokeSessions may end it.
  if (caller === 'owner') headers['x-operator-token'] = await operatorToken(t.db, ownerId);
  if (caller === 'agent') {
    // logout revokes its session: it gets one of its own.
    headers['xx-token'] = name === 'logout' ? await signIn(t.app, t.db, agent.playerId) : agent.token;
    if (def.uidHeader) headers.uid = String(agent.playerId);
  }
  if (def.method === 'GET') {
    const params = new URLSearchParams();
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
      for (const [key, value] of Object.entries(input)) params.set(key, asQueryValue(value));
    } else params.set('value', asQueryValue(input));
    return t.app.inject({ method: 'GET', url: `/api/${def.path}?${params.toString()}`, headers });
  }
  const payload = JSON.stringify(input);
  return t.app.inject({
    method: 'POST',
    url: `/api/${def.path}`,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

/** The property every answer keeps: below 500, an envelope, and a refusal leaves the money as it was. */
async function checkAnswer(
  label: string,
  input: unknown,
  response: { statusCode: number; body: string },
  before: string,
  refused: boolean,
): Promise<string> {
  const where = `${label} ${JSON.stringify(input)?.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(response.body, where).not.toContain(SERVER_ERROR_MSG);
  const after = await moneySnapshot();
  if (refused) expect(after, `refused but money moved: ${where}`).toBe(before);
  return after;
}

beforeAll(async () => {
  // A route that makes PostgreSQL refuse on purpose: the error handler's net under the schemas.
  t = await build({}, (app) => {
    app.get('/api/test/database-refuses/:kind', async (request) => {
      const { kind } = request.params as { kind: string };
      const statements: Record<string, ReturnType<typeof sql>> = {
        nul: sql`select ${'a\u0000b'}::text`,
        int4: sql`select ${'2147483648'}::int4`,
        date: sql`select ${'0000-01-01'}::date`,
        number: sql`select ${'NaN-ish'}::int4`,
        unique: sql`insert into players (id, nickname, avatar) values (1, 'a', ''), (1, 'b', '')`,
        reference: sql`update players set bound_agent_id = 2147483647 where id = (select min(id) from players)`,
        check: sql`update accounts set value = -1 where id = (select min(id) from accounts)`,
      };
      await t.db.execute(statements[kind] as ReturnType<typeof sql>);
      return { code: 1, msg: 'not refused', data: null };
    });
  });
  const a = await createAgent(t.db, { level: 1, nickname: 'fuzz-agent' });
  await createAgent(t.db, { level: 2, parentId: a.agentId });
  await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'balance', 1_000_000);
  await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'diamonds', 100_000);
  agent = { ...a, token: await signIn(t.app, t.db, a.playerId) };
  ownerId = (await createTestOperator(t.db, 'owner')).id;
  const p = await createPlayer(t.db, { boundAgentId: a.agentId, mobile: TAKEN_MOBILE });
  player = { playerId: p, token: await signIn(t.app, t.db, p) };
  await createGoods(t.db);
  const goodsId = await createGoods(t.db, { name: '100钻石', diamonds: 100, category: '小包' });
  const order = await callRaw<{ orderId: string; amount: string }>(t.app, 'POST', 'shop/goods/buyGoods', {
    token: player.token,
    headers: { uid: String(player.playerId) },
    body: { goodsId, quantity: 1, requestId: randomUUID() },
  });
  expect(order.code).toBe(1);
  pendingOrder = { orderId: order.data.orderId, amountFen: Math.round(Number(order.data.amount) * 100) };
});
afterAll(async () => t.close());

describe('hostile inputs answer a clear refusal', () => {
  it('answers what PostgreSQL refuses as a refusal, never 500', async () => {
    const expected: [string, number, string][] = [
      ['nul', 400, '包含不允许的字符'],
      ['int4', 400, '数值超出允许范围'],
      ['date', 400, '数值超出允许范围'],
      ['number', 400, '数据不符合平台规则'],
      ['unique', 200, '该数据已被其他记录使用，不能重复'],
      ['reference', 200, '请求引用的数据不存在'],
      ['check', 200, '数据不符合平台规则'],
    ];
    for (const [kind, status, msg] of expected) {
      const response = await t.app.inject({ method: 'GET', url: `/api/test/database-refuses/${kind}` });
      expect({ kind, status: response.statusCode, body: response.json() }).toEqual({
        kind,
        status,
        body: { code: 0, msg, data: null },
      });
    }
    const english = await t.app.inject({
      method: 'GET',
      url: '/api/test/database-refuses/nul',
      headers: { 'x-lang': 'en' },
    });
    expect(english.json().msg).toBe('The request contains characters that are not allowed');
  });

  const invalid = (status: number, msg: string) => ({ status, code: 0, msg: expect.stringContaining(msg) });

  it('refuses out-of-range ids, NUL characters, years 0000 and huge amounts with 400 naming the field', async () => {
    const agentCall = { token: agent.token };
    expect(
      await callRaw(t.app, 'POST', 'portal/articles/read', { body: { id: 2_147_483_648 } }),
    ).toMatchObject(invalid(400, '参数错误：id'));
    expect(
      await callRaw(t.app, 'POST', 'shop/goods/buyGoods', {
        ...agentCall,
        headers: { uid: String(agent.playerId) },
        body: { goodsId: 2_147_483_648, quantity: 1, requestId: randomUUID() },
      }),
    ).toMatchObject(invalid(400, '参数错误：goodsId'));
    expect(
      await callRaw(t.app, 'POST', 'shop/order/orderquery', {
        ...agentCall,
        headers: { uid: String(agent.playerId) },
        body: { orderId: 'O1\u0000' },
      }),
    ).toMatchObject(invalid(400, '参数错误'));
    expect(
      await callRaw(t.app, 'POST', 'system/version/getOptionsByKey', { body: { key: 'a\u0000' } }),
    ).toMatchObject(invalid(400, '参数错误'));
    expect(
      await callRaw(t.app, 'GET', 'agent/user/bill', {
        ...agentCall,
        query: { currency: 1, from: '0000-01-01T00:00:00Z', to: '2024-01-01T00:00:00Z' },
      }),
    ).toMatchObject(invalid(400, '参数错误：from'));
    const before = await moneySnapshot();
    expect(
      await callRaw(t.app, 'POST', 'agent/user/withdrawExchange', {
        ...agentCall,
        body: { amount: '9999999999', requestId: randomUUID() },
      }),
    ).toMatchObject(invalid(400, '参数错误：amount'));
    expect(await moneySnapshot()).toBe(before);
  });

  it('refuses NUL in the game API and a mobile another player has', async () => {
    const signed = (path: string, body: unknown) => {
      const raw = JSON.stringify(body);
      return t.app.inject({
        method: 'POST',
        url: `/api/game/${path}`,
        payload: raw,
        headers: gameHeaders(raw),
      });
    };
    for (const body of [
      { playerId: 800_001, nickname: 'a\u0000b' },
      { playerId: 800_001, nickname: 'ok', avatar: '\u0000' },
      { playerId: 2_147_483_648, nickname: 'ok' },
    ]) {
      const response = await signed('players/upsert', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().msg).toContain('参数错误');
    }
    const taken = await signed('players/upsert', { playerId: 800_002, nickname: 'ok', mobile: TAKEN_MOBILE });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ code: 0, msg: '该手机号已被其他账号使用' });
  });

  it('refuses a signed notification whose body is null, an array, or carries a NUL', async () => {
    const before = await moneySnapshot();
    for (const raw of [
      'null',
      '[]',
      '42',
      JSON.stringify({ out_trade_no: 'O\u0000', amount: { total: 1 }, trade_state: 'SUCCESS' }),
      JSON.stringify({
        out_trade_no: pendingOrder.orderId,
        amount: { total: 1e308 },
        trade_state: 'SUCCESS',
      }),
      JSON.stringify({ out_trade_no: pendingOrder.orderId, transaction_id: 'T\u0000', amount: { total: 1 } }),
    ]) {
      const response = await notify(raw);
      expect(response.statusCode, raw).toBe(400);
      expect(response.json(), raw).toEqual({ code: 'FAIL', message: 'verification failed' });
    }
    expect(await moneySnapshot()).toBe(before);
  });
});

function gameHeaders(raw: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = randomUUID().replace(/-/g, '');
  return {
    'content-type': 'application/json',
    'x-game-timestamp': String(timestamp),
    'x-game-nonce': nonce,
    'x-game-signature': signGameRequest(TEST_GAME_SECRET, timestamp, nonce, raw),
  };
}

function notify(raw: string) {
  const sandbox = t.app.platform.payments as SandboxPaymentProvider;
  return t.app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/notify',
    payload: raw,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(raw) },
  });
}

describe(`fuzz from the contract (${RUNS} inputs per call and caller)`, () => {
  const names = Object.keys(calls) as CallName[];

  it.each(names)(
    '%s: no 5xx, nothing refused moves money',
    async (name) => {
      const def = calls[name] as CallDef;
      const callers =
        def.auth === 'operator'
          ? (['anonymous', 'agent', 'owner'] as const)
          : (['anonymous', 'agent'] as const);
      for (const caller of callers) {
        let before = await moneySnapshot();
        await fc.assert(
          fc.asyncProperty(fuzzInput(def.input), async (input) => {
            const response = await send(name, input, caller);
            let refused = response.statusCode >= 400;
            if (!refused) refused = (response.json() as { code: number }).code !== 1;
            before = await checkAnswer(`${name} as ${caller}`, input, response, before, refused);
          }),
          { numRuns: RUNS, seed: SEED },
        );
      }
    },
    CALL_TIMEOUT_MS,
  );

  it('the game API: no 5xx for signed requests of any shape', async () => {
    for (const [path, schema] of [
      ['players/upsert', ZGameUpsertPlayer],
      ['tickets', ZGameMintTicket],
    ] as const) {
      let before = await moneySnapshot();
      await fc.assert(
        fc.asyncProperty(fuzzInput(schema), async (input) => {
          const raw = JSON.stringify(input) ?? '';
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/game/${path}`,
            payload: raw,
            headers: gameHeaders(raw),
          });
          // The game API moves no money at all.
          before = await checkAnswer(`game/${path}`, input, response, before, true);
        }),
        { numRuns: RUNS * 4, seed: SEED },
      );
    }
  });

  it('the payment notification: no 5xx for signed bodies of any shape; only a delivery moves money', async () => {
    const total = fc.oneof(fc.integer(), fc.constant(pendingOrder.amountFen + 1), hostileValue);
    const body = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record(
          {
            out_trade_no: fc.oneof(fc.string(), fc.constant(pendingOrder.orderId), hostileValue),
            transaction_id: fc.oneof(fc.string(), hostileValue),
            trade_state: fc.oneof(fc.constantFrom('SUCCESS', 'CLOSED', 'NOTPAY'), hostileValue),
            amount: fc.oneof(fc.record({ total }), hostileValue),
          },
          { requiredKeys: [] },
        ),
      },
      { weight: 1, arbitrary: hostileValue },
    );
    let before = await moneySnapshot();
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const raw = JSON.stringify(value) ?? '';
        const response = await notify(raw);
        const delivered = response.statusCode === 200 && response.json().message === 'delivered';
        before = await checkAnswer('pay/sandbox/notify', value, response, before, !delivered);
      }),
      { numRuns: RUNS * 8, seed: SEED },
    );
    // Unsigned and forged: refused before anything is read.
    for (const raw of ['null', '{"out_trade_no":"\\u0000"}', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/pay/sandbox/notify',
        payload: raw,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 'f'.repeat(64) },
      });
      expect(response.statusCode, raw).toBe(400);
    }
  });

  it('the sandbox checkout: a NUL or a huge id in the order id answers no 5xx', async () => {
    const sandbox = t.app.platform.payments as SandboxPaymentProvider;
    for (const orderId of ['O\u0000', 'x'.repeat(64), '2147483648', pendingOrder.orderId]) {
      const sig = sandbox.checkoutSignature(orderId);
      const url = `/api/pay/sandbox/checkout/${encodeURIComponent(orderId)}?sig=${sig}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, orderId).toBeLessThan(500);
    }
  });
});
