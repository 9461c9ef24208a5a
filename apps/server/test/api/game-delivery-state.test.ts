import { randomUUID } from 'node:crypto';
import { BillType, calls, ResponseCode, type TBillEntry } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverEvent } from '../../src/modules/game-delivery/delivery-service';
import type { sendWebhook } from '../../src/modules/game-delivery/webhook';
import type { SandboxPaymentProvider } from '../../src/platform/payments/sandbox-provider';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/platform/payments/sandbox-provider';
import { createAgent, createGoods, createPlayer, fund, signIn } from '../factories';
import { api, build, countStatements, type TestApp } from '../helper';
import { agentOwner, fenOf, uuid } from './money-support';

/**
 * What people see of the game's side (decision 040's outbox): the agent's bill says of each recharge whether the
 * player's game has the diamonds, and the player's paid order says it of its own diamonds; every other record says
 * nothing (null). The jobs do not run in the tests: an event waits until a test delivers it or says how it went.
 */
let t: TestApp;
let goodsId: number;
beforeAll(async () => {
  t = await build();
  goodsId = await createGoods(t.db, { name: '1000 钻石' });
});
afterAll(async () => t.close());

/** A try the game answered 500: the event stays pending, its attempt counted, a retry scheduled. */
const failingGame: typeof sendWebhook = () =>
  Promise.resolve({ status: 500, ok: false, latencyMs: 3, response: 'boom', error: null });
const endpoint = { url: 'http://game.invalid/hook', secrets: ['whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQ='] };

async function eventOf(sourceType: 'recharge' | 'order', sourceId: string) {
  const result = await t.db.execute<{ id: string }>(
    sql`select id from game_events where source_type = ${sourceType} and source_id = ${sourceId}`,
  );
  expect(result.rows).toHaveLength(1);
  return (result.rows[0] as { id: string }).id;
}

const setEvent = (id: string, change: ReturnType<typeof sql>) =>
  t.db.execute(sql`update game_events set ${change} where id = ${id}`);

describe('the agent’s recharge records', () => {
  async function recharged() {
    const agent = await createAgent(t.db);
    await fund(t.db, agentOwner(agent.agentId), 'diamonds', 1_000);
    const token = await signIn(t.app, t.db, agent.playerId);
    const playerId = await createPlayer(t.db, { boundAgentId: agent.agentId });
    const answer = await api(t.app, 'recharge', {
      token,
      input: { playerId, diamonds: 300, requestId: uuid() },
    });
    expect(answer.code).toBe(ResponseCode.success);
    const eventId = await eventOf('recharge', answer.data.rechargeId);
    return { token, eventId };
  }

  /** The recharge's entry and the funding's, as the list, the recent entries and the detail answer them. */
  async function shown(token: string) {
    const list = await api(t.app, 'bill', { token, input: { currency: 2, page: 1, pageSize: 20 } });
    expect(calls.bill.data.parse(list.data)).toEqual(list.data);
    const byType = (entries: TBillEntry[], type: number) => entries.find((e) => e.billType === type);
    const recharge = byType(list.data.list, BillType.rechargePlayer) as TBillEntry;
    const funding = byType(list.data.list, BillType.adjustment) as TBillEntry;
    const filtered = await api(t.app, 'bill', {
      token,
      input: { currency: 2, billType: BillType.rechargePlayer, page: 1, pageSize: 20 },
    });
    const recent = await api(t.app, 'recentBill', { token, input: { limit: 10 } });
    const detail = await api(t.app, 'billDetail', { token, input: { id: recharge.id } });
    const fundingDetail = await api(t.app, 'billDetail', { token, input: { id: funding.id } });
    expect(calls.billDetail.data.parse(detail.data)).toEqual(detail.data);
    return {
      list: recharge.gameDelivery,
      filtered: filtered.data.list.map((e) => e.gameDelivery),
      recent: byType(recent.data.list, BillType.rechargePlayer)?.gameDelivery,
      detail: detail.data.gameDelivery,
      others: [
        funding.gameDelivery,
        byType(recent.data.list, BillType.adjustment)?.gameDelivery,
        fundingDetail.data.gameDelivery,
      ],
    };
  }

  const everywhere = (state: string) => ({
    list: state,
    filtered: [state],
    recent: state,
    detail: state,
    others: [null, null, null],
  });

  it('say the diamonds are on their way, then in the game once the game has them', async () => {
    const { token, eventId } = await recharged();
    expect(await shown(token)).toEqual(everywhere('onItsWay'));
    await setEvent(eventId, sql`status = 'delivered', attempts = 1, delivered_at = now()`);
    expect(await shown(token)).toEqual(everywhere('delivered'));
  });

  it('say delayed after a failed try, when every try failed, and after two minutes without one', async () => {
    const { token, eventId } = await recharged();
    expect(await deliverEvent(t.db, endpoint, eventId, failingGame)).toBe('retrying');
    expect(await shown(token)).toEqual(everywhere('delayed'));

    const second = await recharged();
    await setEvent(second.eventId, sql`created_at = now() - interval '121 seconds'`);
    expect(await shown(second.token)).toEqual(everywhere('delayed'));
    await setEvent(second.eventId, sql`status = 'failed', attempts = 14`);
    expect(await shown(second.token)).toEqual(everywhere('delayed'));
  });

  it('are still one round trip for the list and the recent entries', async () => {
    const { token } = await recharged();
    const [, listStatements] = await countStatements(t.app, () =>
      api(t.app, 'bill', { token, input: { currency: 2, page: 1, pageSize: 20 } }),
    );
    const [, recentStatements] = await countStatements(t.app, () =>
      api(t.app, 'recentBill', { token, input: { limit: 10 } }),
    );
    expect([listStatements, recentStatements]).toEqual([1, 1]);
  });
});

describe('the player’s order', () => {
  const sandbox = () => t.app.platform.payments as SandboxPaymentProvider;

  async function bought(playerId: number) {
    const token = await signIn(t.app, t.db, playerId);
    const order = await api(t.app, 'buyGoods', {
      token,
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(playerId) },
    });
    expect(order.code).toBe(ResponseCode.success);
    const query = async () => {
      const answer = await api(t.app, 'orderQuery', {
        token,
        input: { orderId: order.data.orderId },
        headers: { uid: String(playerId) },
      });
      expect(calls.orderQuery.data.parse(answer.data)).toEqual(answer.data);
      return { status: answer.data.status, gameDelivery: answer.data.gameDelivery };
    };
    const pay = async () => {
      const { body, signature } = sandbox().notification({
        orderId: order.data.orderId,
        providerRef: `T-${randomUUID()}`,
        amountFen: fenOf(order.data.amount),
        paid: true,
      });
      const notified = await t.app.inject({
        method: 'POST',
        url: '/api/pay/sandbox/notify',
        payload: body,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      });
      expect(notified.json()).toMatchObject({ code: 'SUCCESS', message: 'delivered' });
    };
    return { orderId: order.data.orderId, query, pay };
  }

  it('says nothing while unpaid, then on its way, in the game, or delayed, as its event goes', async () => {
    const order = await bought(await createPlayer(t.db));
    expect(await order.query()).toEqual({ status: 'pending', gameDelivery: null });
    await order.pay();
    expect(await order.query()).toEqual({ status: 'paid', gameDelivery: 'onItsWay' });
    const eventId = await eventOf('order', order.orderId);
    expect(await deliverEvent(t.db, endpoint, eventId, failingGame)).toBe('retrying');
    expect(await order.query()).toEqual({ status: 'paid', gameDelivery: 'delayed' });
    await setEvent(eventId, sql`status = 'delivered', attempts = 2, delivered_at = now()`);
    expect(await order.query()).toEqual({ status: 'paid', gameDelivery: 'delivered' });
  });

  it('says nothing of an agent’s purchase: its diamonds went to its stock, not to a game', async () => {
    const agent = await createAgent(t.db);
    const order = await bought(agent.playerId);
    await order.pay();
    expect(await order.query()).toEqual({ status: 'paid', gameDelivery: null });
    const events = await t.db.execute(
      sql`select 1 from game_events where source_type = 'order' and source_id = ${order.orderId}`,
    );
    expect(events.rows).toHaveLength(0);
  });
});
