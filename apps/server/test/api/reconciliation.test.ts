import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CallInput,
  type CallName,
  ResponseCode,
  type TReconciliationItem,
  type TReconciliationRun,
} from '@promoter/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, reconciliationRuns, refunds, withdrawals } from '../../src/db/schema';
import { translate } from '../../src/i18n/messages';
import { transferIdOf } from '../../src/modules/withdrawals/transfer-handoff';
import { addDays, dayIn } from '../../src/modules/reconciliation/reconciliation-days';
import { reconcileDay, reconcileDue } from '../../src/modules/reconciliation/reconciliation-run';
import type { SandboxPaymentProvider } from '../../src/platform/payments/sandbox-provider';
import { createAgent, createGoods, createPlayer, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import { asOperator, createTestOperator, operatorToken, type TestOperator } from '../operator-factories';
import { makeWechatPayKeys, WechatPayStandIn, wechatPayEnv } from '../stand-ins/wechat-pay-stand-in';
import { csvTable, requestCsv } from './csv-support';

/**
 * The daily reconciliation with the provider's trade bill (decision 045), against the WeChat Pay stand-in (its
 * /v3/bill/tradebill, gzipped, its SHA1 checked; its transfers asked one by one) and the sandbox: a day that matches,
 * each kind of mismatch, a payment on the other side of midnight that is no alarm, a bill whose hash is wrong (a
 * failed run, then a run that replaces it), a resolution made once and kept by a later run, the schedule's passes,
 * the CSV file and who may do what.
 *
 * Our side is written straight to the database (orders paid, refunds settled, withdrawals paid by transfer) and the
 * provider's through the stand-in (payments it took, lines added to its bill, transfers it made), so each day holds
 * exactly the disagreement a test asks for. Each test has a day of its own, three days apart, weeks back: every bill
 * it reads (the day and the day either side) is out.
 */

const keys = makeWechatPayKeys();
const standIn = new WechatPayStandIn(keys);
let t: TestApp;
let goodsId: number;
let buyer: number;
let agentId: number;
let owner: TestOperator;
const tokens = {} as Record<'owner' | 'finance' | 'support' | 'viewer', string>;

const TODAY = dayIn(new Date(), 'Asia/Shanghai');
/** Each test's day: weeks back, three days apart, beyond the schedule's week. */
const day = (n: number) => addDays(TODAY, -30 - 3 * n);
const china = (date: string, time: string) => new Date(`${date}T${time}+08:00`);
const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const deps = () => ({ db: t.db, payments: t.app.platform.payments, log: silent });

beforeAll(async () => {
  await standIn.start();
  t = await build(wechatPayEnv(keys, standIn.baseUrl));
  goodsId = await createGoods(t.db);
  buyer = await createPlayer(t.db);
  ({ agentId } = await createAgent(t.db));
  owner = await createTestOperator(t.db, 'owner');
  tokens.owner = await operatorToken(t.db, owner.id);
  for (const role of ['finance', 'support', 'viewer'] as const)
    tokens[role] = await operatorToken(t.db, (await createTestOperator(t.db, role)).id);
  // The stand-in's transfers succeed at once unless a test says otherwise.
  standIn.transferAnswerState = 'SUCCESS';
  standIn.transferNotifyMode = 'never';
});
afterAll(async () => {
  await t?.close();
  await standIn.stop();
});

let serial = 0;
const newOrderId = () => `RC${Date.now().toString(36)}${(++serial).toString().padStart(4, '0')}`;

/** An order of ours, paid (or as `status` says) at `paidAt`, straight in the database. */
async function ourPayment(
  amountFen: number,
  paidAt: Date,
  options: { status?: 'paid' | 'held' | 'refunded' | 'expired'; provider?: string } = {},
): Promise<string> {
  const id = newOrderId();
  await t.db.insert(orders).values({
    id,
    playerId: buyer,
    requestId: randomUUID(),
    goodsId,
    goodsName: '1000钻石',
    quantity: 1,
    diamonds: 1000,
    unitPriceFen: amountFen,
    amountFen,
    status: options.status ?? 'paid',
    provider: options.provider ?? 'wechat',
    providerRef: `4200${id}`,
    createdAt: new Date(paidAt.getTime() - 60_000),
    expiresAt: new Date(paidAt.getTime() + 14 * 60_000),
    paidAt: options.status === 'expired' ? null : paidAt,
  });
  return id;
}

/** The provider took the payment of `orderId` at `at` (its bill of that day in China's time lists it). */
function theirPayment(orderId: string, amountFen: number, at: Date): void {
  standIn.markPaid(orderId, { total: amountFen, successTime: at, transactionId: `4200${orderId}` });
}

/** A refund of ours that succeeded at `settledAt`. */
async function ourRefund(orderId: string, amountFen: number, settledAt: Date): Promise<string> {
  const id = `rf_${randomBytes(10).toString('hex')}`;
  await t.db.insert(refunds).values({
    id,
    orderId,
    amountFen,
    reason: '退款测试',
    status: 'succeeded',
    requestId: randomUUID(),
    createdBy: owner.id,
    providerRef: `5030${id}`,
    createdAt: settledAt,
    approvedAt: settledAt,
    settledAt,
  });
  return id;
}

/** The provider's bill lists a refund made at `at`. */
function theirRefund(orderId: string, refundId: string, amountFen: number, at: Date): void {
  standIn.addBillRow({
    kind: 'refund',
    outTradeNo: orderId,
    transactionId: `4200${orderId}`,
    outRefundNo: refundId,
    refundId: `5030${refundId}`,
    amountFen,
    at,
  });
}

/** A withdrawal paid (or failed) through the provider's transfer at `settledAt`; answers its transferId. */
async function ourTransfer(amountFen: number, settledAt: Date, status: 'paid' | 'failed' = 'paid') {
  const [row] = await t.db
    .insert(withdrawals)
    .values({
      agentId,
      amountFen,
      feeFen: 100,
      status,
      accountType: 'wechat',
      accountName: '张三',
      accountMasked: '************1234',
      payoutMethod: 'transfer',
      transferStatus: status === 'paid' ? 'succeeded' : 'failed',
      createdAt: settledAt,
      reviewedAt: settledAt,
      settledAt,
    })
    .returning({ id: withdrawals.id });
  return { transferId: transferIdOf((row as { id: number }).id), netFen: amountFen - 100 };
}

/** The provider made the transfer, of `amountFen` (what it moved). */
async function theirTransfer(transferId: string, amountFen: number): Promise<void> {
  await t.app.platform.payments.transfer({
    transferId,
    openid: 'oReconciliationPayee0000000',
    amountFen,
    remark: '佣金提现',
    notifyUrl: 'http://promoter.test/api/pay/wechat/transfer-notify',
  });
}

const call = <N extends CallName>(name: N, token: string, input: CallInput<N>) =>
  api(t.app, name, { input, ...asOperator(token) });

let addresses = 0;
/** A run now, each from an address of its own: the call's rate limit (10 a minute an address) is not tested here. */
async function runDay(date: string, token = tokens.finance) {
  addresses++;
  return api(t.app, 'adminReconciliationRun', {
    input: { date },
    ip: `10.45.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    ...asOperator(token),
  });
}

async function itemsOf(runId: string, filter: { outcome?: 'mismatched' | 'matched' } = {}) {
  const answer = await call('adminReconciliationDetail', tokens.viewer, {
    id: runId,
    pageSize: 100,
    ...filter,
  });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
}

const byRef = (items: TReconciliationItem[]) => new Map(items.map((item) => [item.ref, item]));

describe('a day compared with the provider’s bill', () => {
  it('matches a day where both sides agree: payments, a refund, a transfer', async () => {
    const d = day(0);
    const a = await ourPayment(70_000, china(d, '09:15:00'));
    const b = await ourPayment(3_500, china(d, '20:40:00'), { status: 'refunded' });
    theirPayment(a, 70_000, china(d, '09:15:00'));
    theirPayment(b, 3_500, china(d, '20:40:00'));
    const refund = await ourRefund(b, 3_500, china(d, '21:00:05'));
    theirRefund(b, refund, 3_500, china(d, '21:00:00'));
    const transfer = await ourTransfer(10_100, china(d, '12:00:00'));
    await theirTransfer(transfer.transferId, transfer.netFen);

    const answer = await runDay(d);
    expect(answer.code, answer.msg).toBe(1);
    const run = answer.data;
    expect(run).toMatchObject({
      date: d,
      provider: 'wechat',
      status: 'matched',
      matched: 4,
      mismatched: 0,
      unresolved: 0,
      error: null,
      final: true,
    });
    const detail = await itemsOf(run.id);
    expect(detail.counts).toEqual({
      matched: 4,
      missingHere: 0,
      missingThere: 0,
      amountDiffers: 0,
      unresolved: 0,
    });
    const items = byRef(detail.items.list);
    expect(items.get(a)).toMatchObject({
      kind: 'payment',
      ours: '700.00',
      theirs: '700.00',
      outcome: 'matched',
      providerRef: `4200${a}`,
      ourStatus: 'paid',
      ourAt: china(d, '09:15:00').toISOString(),
    });
    expect(items.get(refund)).toMatchObject({
      kind: 'refund',
      ours: '35.00',
      theirs: '35.00',
      ourStatus: 'succeeded',
    });
    expect(items.get(transfer.transferId)).toMatchObject({
      kind: 'transfer',
      ours: '100.00',
      theirs: '100.00',
      outcome: 'matched',
      ourStatus: 'paid',
    });

    const list = await call('adminReconciliationList', tokens.viewer, {});
    expect(list.data.list.find((listed) => listed.id === run.id)).toEqual(run);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.run'), eq(auditLog.targetId, run.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ date: d, status: 'matched', matched: 4, mismatched: 0 });
  });

  it('finds what is missing on either side and amounts that differ', async () => {
    const d = day(1);
    const matched = await ourPayment(1_000, china(d, '08:00:00'));
    theirPayment(matched, 1_000, china(d, '08:00:00'));
    // Paid at the provider, expired here (the money came after we closed the order): the provider has it, we do not.
    const expired = await ourPayment(2_000, china(d, '09:00:00'), { status: 'expired' });
    theirPayment(expired, 2_000, china(d, '09:00:00'));
    // A line of an order we never made at all.
    const stranger = `NOTOURS${Date.now()}`;
    standIn.addBillRow({
      kind: 'payment',
      outTradeNo: stranger,
      transactionId: `4200${stranger}`,
      amountFen: 990,
      at: china(d, '10:00:00'),
    });
    // Paid here, unknown to the provider.
    const unpaid = await ourPayment(3_000, china(d, '11:00:00'));
    // The provider took another amount.
    const differs = await ourPayment(4_000, china(d, '12:00:00'));
    theirPayment(differs, 4_000, china(d, '12:00:00'));
    standIn.changeBillAmount(differs, 4_100);
    // A refund settled here that the provider's bill does not list.
    const refund = await ourRefund(matched, 500, china(d, '13:00:00'));
    // Transfers: paid here but never made there; failed here but made there; made there for another amount.
    const lost = await ourTransfer(5_100, china(d, '14:00:00'));
    const paidThere = await ourTransfer(6_100, china(d, '15:00:00'), 'failed');
    await theirTransfer(paidThere.transferId, paidThere.netFen);
    const other = await ourTransfer(7_100, china(d, '16:00:00'));
    await theirTransfer(other.transferId, other.netFen - 1);

    const answer = await runDay(d);
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data).toMatchObject({ status: 'mismatched', matched: 1, mismatched: 8, unresolved: 8 });
    const detail = await itemsOf(answer.data.id);
    expect(detail.counts).toEqual({
      matched: 1,
      missingHere: 3,
      missingThere: 3,
      amountDiffers: 2,
      unresolved: 8,
    });
    const items = byRef(detail.items.list);
    const outcome = (ref: string) => {
      const item = items.get(ref);
      return item && [item.outcome, item.ours, item.theirs];
    };
    expect(outcome(matched)).toEqual(['matched', '10.00', '10.00']);
    expect(outcome(expired)).toEqual(['missingHere', null, '20.00']);
    expect(items.get(expired)?.ourStatus).toBe('expired');
    expect(outcome(stranger)).toEqual(['missingHere', null, '9.90']);
    expect(items.get(stranger)).toMatchObject({
      ourStatus: null,
      ourAt: null,
      providerRef: `4200${stranger}`,
    });
    expect(outcome(unpaid)).toEqual(['missingThere', '30.00', null]);
    expect(outcome(differs)).toEqual(['amountDiffers', '40.00', '41.00']);
    expect(outcome(refund)).toEqual(['missingThere', '5.00', null]);
    expect(outcome(lost.transferId)).toEqual(['missingThere', '50.00', null]);
    expect(outcome(paidThere.transferId)).toEqual(['missingHere', null, '60.00']);
    expect(outcome(other.transferId)).toEqual(['amountDiffers', '70.00', '69.99']);
    // The open mismatches first, the matched last; filtered to the mismatches, only those.
    expect(detail.items.list.at(-1)?.ref).toBe(matched);
    const mismatches = await itemsOf(answer.data.id, { outcome: 'mismatched' });
    expect(mismatches.items.total).toBe(8);
    expect(mismatches.items.list.every((item) => item.outcome !== 'matched')).toBe(true);
    standIn.resetBill();
  });

  it('does not call a payment missing because it fell on the other side of midnight', async () => {
    const d = day(2);
    const next = addDays(d, 1);
    // Ours at 23:58 (our clock), the provider's at 00:00:30 the next day: on the next day's bill.
    const late = await ourPayment(1_200, china(d, '23:58:00'));
    theirPayment(late, 1_200, china(next, '00:00:30'));
    // The provider's at 23:59:50, ours after midnight (a notification applied late, without the provider's time).
    const early = await ourPayment(1_300, china(next, '00:00:20'));
    theirPayment(early, 1_300, china(d, '23:59:50'));
    // A refund the provider made before midnight that our job learnt of after it.
    const refunded = await ourPayment(1_400, china(d, '18:00:00'));
    theirPayment(refunded, 1_400, china(d, '18:00:00'));
    const refund = await ourRefund(refunded, 1_400, china(next, '00:03:00'));
    theirRefund(refunded, refund, 1_400, china(d, '23:59:00'));

    const first = await runDay(d);
    expect(first.code, first.msg).toBe(1);
    expect(first.data).toMatchObject({ status: 'matched', mismatched: 0 });
    const onDay = byRef((await itemsOf(first.data.id)).items.list);
    expect([...onDay.keys()].sort()).toEqual([early, refund, refunded].sort());
    expect(onDay.get(early)?.outcome).toBe('matched');
    expect(onDay.get(refund)?.outcome).toBe('matched');

    const second = await runDay(next);
    expect(second.code, second.msg).toBe(1);
    expect(second.data).toMatchObject({ status: 'matched', matched: 1, mismatched: 0 });
    const onNext = byRef((await itemsOf(second.data.id)).items.list);
    expect([...onNext.keys()]).toEqual([late]);
    expect(onNext.get(late)).toMatchObject({ outcome: 'matched', ourAt: china(d, '23:58:00').toISOString() });
  });

  it('leaves a payment near midnight for the next bill while that is not out, then decides it', async () => {
    const d = day(3);
    const next = addDays(d, 1);
    const late = await ourPayment(1_500, china(d, '23:57:00'));
    theirPayment(late, 1_500, china(next, '00:01:00'));
    const lost = await ourPayment(1_600, china(d, '23:56:00'));
    // The day after at 10:30 in Beijing: the day's bill is out, the next day's is not.
    const provisional = await reconcileDay(deps(), d, { now: china(next, '10:30:00') });
    expect(provisional).toMatchObject({ kind: 'done', deferred: 2 });
    const run = (await call('adminReconciliationList', tokens.viewer, { pageSize: 100 })).data.list.find(
      (listed) => listed.date === d,
    ) as TReconciliationRun;
    expect(run).toMatchObject({ status: 'matched', matched: 0, mismatched: 0, final: false });
    // Once the next day's bill is out: one is on it (its home is that day), the other is missing there.
    const final = await reconcileDay(deps(), d, { now: china(addDays(d, 2), '10:35:00') });
    expect(final).toMatchObject({ kind: 'done', deferred: 0 });
    const detail = await itemsOf(run.id);
    expect(detail.run).toMatchObject({ id: run.id, status: 'mismatched', final: true });
    expect(detail.items.list.map((item) => [item.ref, item.outcome])).toEqual([[lost, 'missingThere']]);
    expect(detail.items.list.some((item) => item.ref === late)).toBe(false);
  });
});

describe('a bill that cannot be had', () => {
  it('records a failed run on a wrong hash, replaced by the next run; a complete run is kept', async () => {
    const d = day(4);
    const a = await ourPayment(2_500, china(d, '10:00:00'));
    theirPayment(a, 2_500, china(d, '10:00:00'));
    standIn.corruptBillHash(true);
    const failed = await runDay(d);
    expect(failed).toMatchObject({ code: ResponseCode.failure, data: null });
    expect(failed.msg).toContain('HASH_MISMATCH');
    expect(failed.msg.startsWith('未能取得支付渠道的对账单')).toBe(true);
    const [row] = await t.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.billDate, d));
    expect(row).toMatchObject({ status: 'failed', matched: 0, mismatched: 0 });
    expect(row?.error).toMatch(/^HASH_MISMATCH: /);
    const listed = await call('adminReconciliationList', tokens.viewer, { status: 'failed', pageSize: 100 });
    expect(listed.data.list.find((run) => run.date === d)).toMatchObject({ status: 'failed', final: false });
    expect(listed.data.summary.failed).toBeGreaterThanOrEqual(1);

    standIn.corruptBillHash(false);
    const again = await runDay(d);
    expect(again.code, again.msg).toBe(1);
    expect(again.data).toMatchObject({ id: String(row?.id), status: 'matched', matched: 1, error: null });

    // A failure now leaves the complete run as it is.
    standIn.corruptBillHash(true);
    const refused = await runDay(d);
    expect(refused.code).toBe(ResponseCode.failure);
    expect(refused.msg).toContain('HASH_MISMATCH');
    standIn.corruptBillHash(false);
    const detail = await itemsOf(String(row?.id));
    expect(detail.run).toMatchObject({ status: 'matched', matched: 1, error: null });
    expect(detail.items.list.map((item) => item.ref)).toEqual([a]);
  });

  it('refuses today, a day to come, and a bad date, changing nothing', async () => {
    const runs = await t.db.select().from(reconciliationRuns);
    const today = await runDay(TODAY);
    expect(today).toMatchObject({
      code: ResponseCode.failure,
      msg: translate('cn', 'reconciliationDateNotPast', { today: TODAY }),
    });
    expect((await runDay(addDays(TODAY, 3))).code).toBe(ResponseCode.failure);
    for (const date of ['2026-02-30', '20260301', '1999-12-31', '']) {
      const bad = await apiUnchecked(t.app, 'adminReconciliationRun', {
        input: { date },
        ip: '10.46.0.1',
        ...asOperator(tokens.finance),
      });
      expect(bad.status, date).toBe(400);
    }
    expect(await t.db.select().from(reconciliationRuns)).toEqual(runs);
  });
});

describe('resolving a mismatch', () => {
  it('resolves a mismatch once, audited; a matched item has nothing to resolve; a later run keeps it', async () => {
    const d = day(5);
    const kept = await ourPayment(8_000, china(d, '10:00:00'));
    const fine = await ourPayment(8_100, china(d, '11:00:00'));
    theirPayment(fine, 8_100, china(d, '11:00:00'));
    const run = (await runDay(d)).data;
    const items = byRef((await itemsOf(run.id)).items.list);
    const mismatch = items.get(kept) as TReconciliationItem;
    const matched = items.get(fine) as TReconciliationItem;
    expect(mismatch.outcome).toBe('missingThere');

    const resolution = '=HYPERLINK("x") 查明：买家重复下单，已人工退款';
    const resolved = await call('adminReconciliationResolve', tokens.finance, {
      itemId: mismatch.id,
      resolution,
    });
    expect(resolved.code, resolved.msg).toBe(1);
    expect(resolved.data).toMatchObject({ id: mismatch.id, resolution, outcome: 'missingThere' });
    expect(resolved.data.resolvedBy).toMatch(/^finance-/);
    expect(resolved.data.resolvedAt).not.toBeNull();

    const twice = await call('adminReconciliationResolve', tokens.owner, {
      itemId: mismatch.id,
      resolution: '再次',
    });
    expect(twice).toMatchObject({ code: 0, msg: translate('cn', 'reconciliationItemResolved') });
    const onMatched = await call('adminReconciliationResolve', tokens.owner, {
      itemId: matched.id,
      resolution: '无',
    });
    expect(onMatched).toMatchObject({ code: 0, msg: translate('cn', 'reconciliationItemMatched') });
    const unknown = await call('adminReconciliationResolve', tokens.owner, {
      itemId: '999999999',
      resolution: '无',
    });
    expect(unknown).toMatchObject({ code: 0, msg: translate('cn', 'reconciliationItemNotFound') });
    for (const text of ['', '   ', 'x'.repeat(501), 'a\u0000b'])
      expect(
        (
          await apiUnchecked(t.app, 'adminReconciliationResolve', {
            input: { itemId: mismatch.id, resolution: text },
            ...asOperator(tokens.owner),
          })
        ).status,
      ).toBe(400);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reconciliation.resolve'))
      .orderBy(desc(auditLog.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'reconciliationRun', targetId: run.id });
    expect(audit[0]?.after).toMatchObject({ itemId: mismatch.id, kind: 'payment', ref: kept, resolution });

    // Run again: new items, the resolution of the same payment kept; still a mismatch, no longer open.
    const again = await runDay(d, tokens.owner);
    expect(again.data).toMatchObject({ id: run.id, status: 'mismatched', mismatched: 1, unresolved: 0 });
    const after = byRef((await itemsOf(run.id)).items.list);
    expect(after.get(kept)?.id).not.toBe(mismatch.id);
    expect(after.get(kept)).toMatchObject({ resolution, resolvedBy: resolved.data.resolvedBy });
    expect(after.get(fine)?.resolution).toBeNull();
    // The old item is gone: resolving it tells the operator to read the run again.
    const stale = await call('adminReconciliationResolve', tokens.owner, {
      itemId: matched.id,
      resolution: '旧',
    });
    expect(stale.msg).toBe(translate('cn', 'reconciliationItemNotFound'));

    // The CSV file of the run: the operator's filter, the resolution neutralized, headers in the operator's language.
    const csv = csvTable(
      await requestCsv(t.app, 'reconciliation', {
        token: tokens.finance,
        query: { runId: run.id, outcome: 'mismatched' },
      }),
    );
    expect(csv.header).toEqual([
      '明细编号',
      '日期（Asia/Shanghai）',
      '业务类型',
      '我方单号',
      '支付流水号',
      '我方金额（元）',
      '渠道金额（元）',
      '差额（元，渠道减我方）',
      '对账结果',
      '我方记录时间（Asia/Shanghai）',
      '处理说明',
      '处理人',
      '处理时间（Asia/Shanghai）',
    ]);
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]).toMatchObject({
      '日期（Asia/Shanghai）': d,
      业务类型: '支付',
      我方单号: kept,
      '我方金额（元）': '80.00',
      '渠道金额（元）': '',
      对账结果: '渠道缺失',
      '我方记录时间（Asia/Shanghai）': `${d} 10:00:00`,
      处理说明: `'${resolution}`,
    });
    const everything = csvTable(await requestCsv(t.app, 'reconciliation', { token: tokens.owner }));
    expect(everything.rows.length).toBeGreaterThan(csv.rows.length);
    const missing = await requestCsv(t.app, 'reconciliation', {
      token: tokens.owner,
      query: { runId: '999999999' },
    });
    expect(JSON.parse(missing.body)).toMatchObject({
      code: 0,
      msg: translate('cn', 'reconciliationRunNotFound'),
    });
  });

  it('gives each role its rights: reading to all, running and resolving to owner and finance, the file to reports', async () => {
    const d = day(6);
    await ourPayment(900, china(d, '10:00:00'));
    for (const role of ['support', 'viewer'] as const) {
      const refused = await runDay(d, tokens[role]);
      expect(refused).toMatchObject({
        code: ResponseCode.operatorForbidden,
        msg: '您的角色没有此操作的权限（reconcile）',
      });
    }
    const run = await runDay(d, tokens.owner);
    expect(run.code, run.msg).toBe(1);
    const [item] = (await itemsOf(run.data.id)).items.list;
    for (const role of ['support', 'viewer'] as const) {
      expect((await call('adminReconciliationList', tokens[role], {})).code).toBe(1);
      expect((await call('adminReconciliationDetail', tokens[role], { id: run.data.id })).code).toBe(1);
      const resolve = await call('adminReconciliationResolve', tokens[role], {
        itemId: item?.id as string,
        resolution: '查明',
      });
      expect(resolve.code).toBe(ResponseCode.operatorForbidden);
      const file = await requestCsv(t.app, 'reconciliation', { token: tokens[role] });
      expect(JSON.parse(file.body)).toMatchObject({ code: ResponseCode.operatorForbidden });
    }
    const agentToken = await signIn(t.app, t.db, buyer);
    const asAgent = await api(t.app, 'adminReconciliationList', { input: {}, token: agentToken });
    expect(asAgent.code).toBe(ResponseCode.operatorNotSignedIn);
    expect(
      (
        await call('adminReconciliationResolve', tokens.finance, {
          itemId: item?.id as string,
          resolution: '查明',
        })
      ).code,
    ).toBe(1);
  });
});

describe('the schedule', () => {
  it('runs the days whose bill is out, tries a failed one again, and runs a day again once the next bill is out', async () => {
    // A week of its own, far back: "now" is moved there.
    const d = addDays(TODAY, -90);
    const next = addDays(d, 1);
    const fine = await ourPayment(1_600, china(d, '10:00:00'));
    theirPayment(fine, 1_600, china(d, '10:00:00'));
    const late = await ourPayment(1_700, china(d, '23:55:00'));
    theirPayment(late, 1_700, china(next, '00:00:40'));
    const lost = await ourPayment(1_800, china(d, '15:00:00'));
    const runsOf = async () =>
      new Map(
        (await t.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.provider, 'wechat'))).map(
          (run) => [run.billDate, run],
        ),
      );

    // 09:00 the day after: the day's bill is not out; the week before it is run (empty days).
    const early = await reconcileDue(deps(), china(next, '09:00:00'));
    expect(early).toEqual(
      Array.from({ length: 6 }, (_, i) => ({ date: addDays(d, i - 6), outcome: 'done' })),
    );
    expect((await runsOf()).has(d)).toBe(false);

    // 10:35: the day is due, and the day before again (the day's bill is out now); the download fails: a failed run
    // for the day, the day before's complete run kept.
    standIn.corruptBillHash(true);
    const failing = await reconcileDue(deps(), china(next, '10:35:00'));
    expect(failing).toEqual([
      { date: addDays(d, -1), outcome: 'failed' },
      { date: d, outcome: 'failed' },
    ]);
    expect((await runsOf()).get(d)?.status).toBe('failed');
    expect((await runsOf()).get(addDays(d, -1))?.status).toBe('matched');
    standIn.corruptBillHash(false);
    // An hour later, tried again: the day provisionally (the payment near midnight waits for the next bill).
    const retried = await reconcileDue(deps(), china(next, '11:35:00'));
    expect(retried).toEqual([
      { date: addDays(d, -1), outcome: 'done' },
      { date: d, outcome: 'done' },
    ]);
    const provisional = (await runsOf()).get(d);
    expect(provisional).toMatchObject({ status: 'mismatched', matched: 1, mismatched: 1 });
    // Nothing more to do within the day.
    expect(await reconcileDue(deps(), china(next, '12:35:00'))).toEqual([]);

    // The day after next: the day again (final now), and the next day, where the late payment is at home.
    const second = await reconcileDue(deps(), china(addDays(d, 2), '10:35:00'));
    expect(second).toEqual([
      { date: d, outcome: 'done' },
      { date: next, outcome: 'done' },
    ]);
    const runs = await runsOf();
    expect(runs.get(d)).toMatchObject({
      id: provisional?.id,
      status: 'mismatched',
      matched: 1,
      mismatched: 1,
    });
    expect(runs.get(next)).toMatchObject({ status: 'matched', matched: 1 });
    const final = await itemsOf(String(provisional?.id));
    expect(final.run.final).toBe(true);
    expect(final.items.list.map((item) => [item.ref, item.outcome])).toEqual([
      [lost, 'missingThere'],
      [fine, 'matched'],
    ]);
    const atHome = await itemsOf(String(runs.get(next)?.id));
    expect(atHome.items.list.map((item) => [item.ref, item.outcome])).toEqual([[late, 'matched']]);
    expect(await reconcileDue(deps(), china(addDays(d, 2), '11:35:00'))).toEqual([]);
  });
});

describe('the sandbox', () => {
  it('reconciles what its checkout took in this process, and calls a payment it never saw missing there', async () => {
    const sandboxApp = await build();
    try {
      const sandbox = sandboxApp.app.platform.payments as SandboxPaymentProvider;
      const goods = await createGoods(sandboxApp.db);
      const player = await createPlayer(sandboxApp.db);
      const token = await signIn(sandboxApp.app, sandboxApp.db, player);
      const bought = await api(sandboxApp.app, 'buyGoods', {
        token,
        input: { goodsId: goods, quantity: 1, requestId: randomUUID() },
        headers: { uid: String(player) },
      });
      expect(bought.code, bought.msg).toBe(1);
      const checkout = new URL(bought.data.payUrl);
      const paid = await sandboxApp.app.inject({
        method: 'POST',
        url: `${checkout.pathname}/pay${checkout.search}`,
        payload: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.statusCode).toBe(303);
      // An order paid here that the sandbox never saw (a demo's history, a restart).
      const [order] = await sandboxApp.db.select().from(orders).where(eq(orders.id, bought.data.orderId));
      const unseen = `${bought.data.orderId}X`;
      await sandboxApp.db
        .insert(orders)
        .values({ ...(order as typeof orders.$inferSelect), id: unseen, requestId: randomUUID() });

      // The platform day the payment fell on (not the clock's day after it: a run just after midnight in China put
      // the order on the day before and found nothing missing).
      const today = dayIn((order as typeof orders.$inferSelect).paidAt ?? new Date(), 'Asia/Shanghai');
      const tomorrowMorning = china(addDays(today, 1), '00:30:00');
      const done = await reconcileDue({ db: sandboxApp.db, payments: sandbox, log: silent }, tomorrowMorning);
      expect(done.at(-1)).toEqual({ date: today, outcome: 'done' });
      const [run] = await sandboxApp.db
        .select()
        .from(reconciliationRuns)
        .where(and(eq(reconciliationRuns.provider, 'sandbox'), eq(reconciliationRuns.billDate, today)));
      expect(run).toMatchObject({ status: 'mismatched', matched: 1, mismatched: 1 });
      const detail = await api(sandboxApp.app, 'adminReconciliationDetail', {
        input: { id: String(run?.id) },
        ...asOperator(
          await operatorToken(sandboxApp.db, (await createTestOperator(sandboxApp.db, 'viewer')).id),
        ),
      });
      expect(detail.data.items.list.map((item) => [item.ref, item.outcome]).sort()).toEqual(
        [
          [bought.data.orderId, 'matched'],
          [unseen, 'missingThere'],
        ].sort(),
      );
      // Today itself is refused to an operator: the day is not over.
      const owner = await operatorToken(sandboxApp.db, (await createTestOperator(sandboxApp.db, 'owner')).id);
      const refused = await api(sandboxApp.app, 'adminReconciliationRun', {
        input: { date: today },
        ...asOperator(owner),
      });
      expect(refused.code).toBe(ResponseCode.failure);
    } finally {
      await sandboxApp.close();
    }
  });
});
