import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BillType, type CallData, type CallInput, ResponseCode } from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentNotifications, players, withdrawals } from '../../src/db/schema';
import { translate } from '../../src/i18n/messages';
import { quietLog, startTestJobs } from '../test-jobs';
import { transferIdOf, transferJobKey } from '../../src/modules/withdrawals/transfer-handoff';
import {
  runTransfer,
  sweepTransfers,
  type TransferDeps,
} from '../../src/modules/payout-transfers/transfer-service';
import type { PaymentProvider } from '../../src/platform/payments/payment-provider';
import { SandboxPaymentProvider } from '../../src/platform/payments/sandbox-provider';
import { WechatPayProvider } from '../../src/platform/payments/wechat-pay';
import { createAgent, fund, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import { asOperator, createTestOperator, operatorToken } from '../operator-factories';
import { makeWechatPayKeys, WechatPayStandIn, wechatPayEnv } from '../stand-ins/wechat-pay-stand-in';
import { adminApi, NO_DAILY_LIMITS, setOptions } from './admin-support';
import { accountValue, agentOwner, applyToWithdraw } from './money-support';

/**
 * Automatic payouts (decision 046): an approved withdrawal to a WeChat payout account is paid through WeChat Pay's
 * merchant transfer by the job queue, against the loopback stand-in of WeChat Pay with keys made here and the app
 * listening on a real port (the stand-in posts its notifications there). Paid once with the provider's reference,
 * failed and refunded once, a silence asked about rather than sent again, never two transfers for one withdrawal
 * (two workers at once, a job run twice, a worker killed between the provider's answer and its commit).
 */

const keys = makeWechatPayKeys();
const pay = new WechatPayStandIn(keys);
let t: TestApp;
let deps: TransferDeps;
let finance: string;
let port: number;

const TRANSFER_BILLS = '/v3/fund-app/mch-transfer/transfer-bills';

beforeAll(async () => {
  await pay.start();
  t = await build(wechatPayEnv(keys, pay.baseUrl));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  deps = {
    db: t.db,
    payments: t.app.platform.payments,
    log: quietLog,
    notifyBase: `http://127.0.0.1:${port}`,
  };
  finance = await operatorToken(t.db, (await createTestOperator(t.db, 'finance')).id);
  await setOptions(t, NO_DAILY_LIMITS);
});
afterEach(async () => {
  pay.transferAnswerState = 'WAIT_USER_CONFIRM';
  pay.transferNotifyMode = 'once';
  await setOptions(t, { 'withdraw.autoTransfer': 'true' });
  await assertLedgerInvariants(t.db);
});
afterAll(async () => {
  await t?.close();
  await pay.stop();
});

const admin = <N extends 'adminWithdrawalApprove' | 'adminWithdrawalDetail'>(name: N, input: CallInput<N>) =>
  adminApi(t)(name, finance, input);

/** An agent (whose player has an openid unless `openid` is null) that applied to withdraw `amount` to WeChat. */
async function applied(amount = '300.00', openid: string | null = `o-${randomBytes(8).toString('hex')}`) {
  const agent = await createAgent(t.db, { nickname: `wx-${randomBytes(3).toString('hex')}` });
  if (openid) await t.db.update(players).set({ wechatOpenId: openid }).where(eq(players.id, agent.playerId));
  await fund(t.db, agentOwner(agent.agentId), 'balance', 1_000_000);
  const token = await signIn(t.app, t.db, agent.playerId);
  const answer = await applyToWithdraw(t.app, token, amount, {
    accountType: 'wechat',
    accountName: '王小明',
    accountNo: 'wxid_payee01',
  });
  expect(answer.code, answer.msg).toBe(ResponseCode.success);
  const id = answer.data.withdrawal.id;
  return { ...agent, token, openid, id, transferId: transferIdOf(Number(id)) };
}

/** Applied and approved by one operator (below the review threshold). */
async function approved(amount = '300.00', openid?: string | null) {
  const w = await applied(amount, openid);
  const answer = await admin('adminWithdrawalApprove', { id: w.id });
  expect(answer.code, answer.msg).toBe(ResponseCode.success);
  return w;
}

const rowOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, Number(id)))
  )[0] as typeof withdrawals.$inferSelect;

/** The transfer requests the stand-in received for one withdrawal (sent, whatever their answer). */
const transferPosts = () => pay.received.filter((r) => r.method === 'POST' && r.path === TRANSFER_BILLS);

async function refundsOf(id: string): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ledger_entries where bill_type = ${BillType.withdrawalRefund}
        and ref_type = 'withdrawal' and ref_id = ${id}`,
  );
  return result.rows[0]?.n ?? 0;
}

async function auditOf(id: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, id)))
    .orderBy(auditLog.id);
}

const jobOf = async (id: string) =>
  (
    await t.db.execute<{ task_identifier: string; run_at: string; payload: { withdrawalId: number } }>(
      sql`select t.identifier as task_identifier, j.run_at, j.payload
            from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
           where j.key = ${transferJobKey(Number(id))}`,
    )
  ).rows[0];

/** Its time to look again has come (as if the minutes of the backoff had passed). */
const makeDue = (id: string) =>
  t.db
    .update(withdrawals)
    .set({ transferCheckAt: sql`now()` })
    .where(eq(withdrawals.id, Number(id)));

const withdrawalsOf = async (token: string) =>
  (await api(t.app, 'withdrawLog', { token, input: { page: 1, pageSize: 20 } })).data.list;

const noticesOf = async (token: string, lang = 'cn') =>
  (
    await api(t.app, 'notificationList', {
      token,
      input: { page: 1, pageSize: 20 },
      headers: { 'x-lang': lang },
    })
  ).data.list;

describe('the hand-off at approval', () => {
  it('gives a WeChat withdrawal of an agent with an openid to the job queue, in the approval’s transaction', async () => {
    const w = await approved();
    const row = await rowOf(w.id);
    expect(row).toMatchObject({
      status: 'approved',
      payoutMethod: 'transfer',
      transferStatus: null,
      transferAttempts: 0,
      transferError: null,
    });
    expect(row.transferCheckAt).toBeInstanceOf(Date);
    expect(await jobOf(w.id)).toMatchObject({
      task_identifier: 'withdrawal_transfer',
      payload: { withdrawalId: Number(w.id) },
    });
    const [approval] = await auditOf(w.id);
    expect(approval?.after).toMatchObject({ status: 'approved', payout: 'transfer' });
    const detail = await admin('adminWithdrawalDetail', { id: w.id });
    expect(detail.data.withdrawal.payout).toEqual({
      method: 'transfer',
      transferStatus: null,
      transferRef: null,
      transferError: null,
      transferOpen: true,
      batchId: null,
    });
  });

  it('leaves it to be paid by hand when the agent has no openid, and says why; paid by hand as before', async () => {
    const w = await approved('300.00', null);
    expect(await rowOf(w.id)).toMatchObject({
      payoutMethod: null,
      transferError: 'NO_OPENID',
      transferCheckAt: null,
    });
    expect(await jobOf(w.id)).toBeUndefined();
    const detail = await admin('adminWithdrawalDetail', { id: w.id });
    expect(detail.data.withdrawal.payout).toMatchObject({
      method: 'hand',
      transferError: 'NO_OPENID',
      transferOpen: false,
    });
    const paid = await api(t.app, 'adminWithdrawalPay', {
      input: { id: w.id, reference: 'BANK-123' },
      ...asOperator(await operatorToken(t.db, (await createTestOperator(t.db, 'finance')).id)),
    });
    expect(paid.code, paid.msg).toBe(ResponseCode.success);
    expect(paid.data.status).toBe('paid');
    expect(pay.transfers.has(w.transferId)).toBe(false);
  });

  it('leaves every withdrawal to be paid by hand while withdraw.autoTransfer is off', async () => {
    await setOptions(t, { 'withdraw.autoTransfer': 'false' });
    const w = await approved();
    expect(await rowOf(w.id)).toMatchObject({
      payoutMethod: null,
      transferError: null,
      transferCheckAt: null,
    });
    expect(await jobOf(w.id)).toBeUndefined();
    expect((await admin('adminWithdrawalDetail', { id: w.id })).data.withdrawal.payout.method).toBe('hand');
  });

  it('refuses to mark paid or failed by hand a withdrawal whose transfer is open, and changes nothing', async () => {
    const w = await approved();
    const second = asOperator(await operatorToken(t.db, (await createTestOperator(t.db, 'finance')).id));
    const paid = await api(t.app, 'adminWithdrawalPay', {
      input: { id: w.id, reference: 'BY-HAND' },
      ...second,
    });
    expect(paid.code).toBe(ResponseCode.failure);
    expect(paid.msg).toBe(translate('cn', 'withdrawalTransferOpen'));
    const failed = await api(t.app, 'adminWithdrawalFail', {
      input: { id: w.id, reason: 'by hand' },
      ...second,
      headers: { ...second.headers, 'x-lang': 'en' },
    });
    expect(failed.code).toBe(ResponseCode.failure);
    expect(failed.msg).toBe(translate('en', 'withdrawalTransferOpen'));
    expect(await rowOf(w.id)).toMatchObject({ status: 'approved', reference: null, remark: null });
    expect(await refundsOf(w.id)).toBe(0);
  });
});

describe('the job', () => {
  it('pays a transfer WeChat Pay completes at once: paid with its transfer_bill_no, told and audited once', async () => {
    pay.transferAnswerState = 'SUCCESS';
    const w = await approved('300.00');
    expect(await runTransfer(deps, Number(w.id))).toBe('paid');

    const made = pay.transfers.get(w.transferId);
    expect(made?.request).toMatchObject({
      appid: keys.appId,
      out_bill_no: w.transferId,
      openid: w.openid,
      transfer_amount: 30000,
      notify_url: `http://127.0.0.1:${port}/api/pay/wechat/transfer-notify`,
    });
    expect(w.transferId).toMatch(/^WD\d{10}$/);
    const row = await rowOf(w.id);
    expect(row).toMatchObject({
      status: 'paid',
      reference: made?.bill.transfer_bill_no,
      transferRef: made?.bill.transfer_bill_no,
      transferStatus: 'succeeded',
      transferCheckAt: null,
      transferAttempts: 1,
    });
    expect(row.settledAt).toBeInstanceOf(Date);
    const audit = await auditOf(w.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'withdrawal.pay',
      operatorId: null,
      operatorName: 'WeChat Pay',
      after: { status: 'paid', reference: made?.bill.transfer_bill_no, transferId: w.transferId },
    });
    const notices = await noticesOf(w.token);
    expect(notices.filter((n) => n.kind === 'withdrawalPaid')).toHaveLength(1);
    // The job run again, or its job left over: nothing more.
    const posts = transferPosts().length;
    expect(await runTransfer(deps, Number(w.id))).toBe('not claimed');
    expect(transferPosts()).toHaveLength(posts);
  });

  it('sends the fee’s share to nobody: the payee gets the amount less the fee', async () => {
    await setOptions(t, { 'withdraw.feeRate': '1.5' });
    try {
      pay.transferAnswerState = 'SUCCESS';
      const w = await approved('200.00');
      expect(await runTransfer(deps, Number(w.id))).toBe('paid');
      expect(pay.transfers.get(w.transferId)?.request.transfer_amount).toBe(20000 - 300);
    } finally {
      await setOptions(t, { 'withdraw.feeRate': '0' });
    }
  });

  it('waits for the payee: the agent is told, its call gives WeChat’s parameters, its confirmation pays it', async () => {
    const w = await approved('150.00');
    expect(await runTransfer(deps, Number(w.id))).toBe('waiting for confirmation');
    const made = pay.transfers.get(w.transferId);
    expect(made?.bill.state).toBe('WAIT_USER_CONFIRM');
    const row = await rowOf(w.id);
    expect(row).toMatchObject({
      status: 'approved',
      transferStatus: 'waitUserConfirm',
      transferPackage: made?.packageInfo,
    });
    // Looked at again in about ten minutes, by its own job.
    const waitMs = (row.transferCheckAt as Date).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(9 * 60_000);
    expect(new Date(String((await jobOf(w.id))?.run_at)).getTime()).toBe(row.transferCheckAt?.getTime());

    // The agent's records offer the confirmation; its inbox says so (in its language).
    expect((await withdrawalsOf(w.token)).find((x) => x.id === w.id)).toMatchObject({
      status: 'approved',
      confirm: true,
    });
    const told = (await noticesOf(w.token, 'en')).filter((n) => n.kind === 'withdrawalConfirm');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toBe(translate('en', 'noticeWithdrawalConfirmText', { amount: '150.00' }));

    // Only the agent's own withdrawal: another agent does not find it.
    const params = await api(t.app, 'withdrawalTransferConfirm', { token: w.token, input: { id: w.id } });
    expect(params.code, params.msg).toBe(ResponseCode.success);
    expect(params.data).toEqual({ mchId: keys.mchId, appId: keys.appId, package: made?.packageInfo });
    const other = await applied('100.00');
    const foreign = await api(t.app, 'withdrawalTransferConfirm', {
      token: other.token,
      input: { id: w.id },
    });
    expect(foreign).toMatchObject({
      code: ResponseCode.failure,
      msg: translate('cn', 'withdrawalNotFound'),
      data: null,
    });
    const notWaiting = await api(t.app, 'withdrawalTransferConfirm', {
      token: other.token,
      input: { id: other.id },
    });
    expect(notWaiting.msg).toBe(translate('cn', 'withdrawalNotAwaitingConfirm'));

    // A check before the payee confirms changes nothing, tells nothing again.
    await makeDue(w.id);
    expect(await runTransfer(deps, Number(w.id))).toBe('waiting for confirmation');
    expect((await noticesOf(w.token)).filter((n) => n.kind === 'withdrawalConfirm')).toHaveLength(1);

    // The payee confirms in WeChat: WeChat Pay notifies the server over HTTP, and it is paid.
    expect(await pay.confirmTransfer(w.transferId)).toEqual([200]);
    const paid = await rowOf(w.id);
    expect(paid).toMatchObject({
      status: 'paid',
      reference: made?.bill.transfer_bill_no,
      transferPackage: null,
    });
    expect((await withdrawalsOf(w.token)).find((x) => x.id === w.id)).toMatchObject({
      status: 'paid',
      confirm: false,
    });
    const [recorded] = await t.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.providerRef, String(made?.bill.transfer_bill_no)));
    expect(recorded).toMatchObject({ provider: 'wechat', outcome: 'transfer: succeeded', amountFen: 15000 });
    expect((await api(t.app, 'withdrawalTransferConfirm', { token: w.token, input: { id: w.id } })).msg).toBe(
      translate('cn', 'withdrawalNotAwaitingConfirm'),
    );
    // Its job, still waiting, finds nothing to do.
    const posts = transferPosts().length;
    expect(await runTransfer(deps, Number(w.id))).toBe('not claimed');
    expect(transferPosts()).toHaveLength(posts);
  });

  it('fails and refunds once a transfer WeChat Pay reports FAIL, with a reason the agent reads in its language', async () => {
    pay.transferAnswerState = 'ACCEPTED';
    const w = await approved('120.00');
    const before = await accountValue(t.db, agentOwner(w.agentId), 'balance');
    expect(await runTransfer(deps, Number(w.id))).toBe('on its way');
    expect(await rowOf(w.id)).toMatchObject({ status: 'approved', transferStatus: 'accepted' });

    pay.transferNotifyMode = 'twice';
    expect(await pay.confirmTransfer(w.transferId, 'failed')).toEqual([200, 200]);
    const row = await rowOf(w.id);
    expect(row).toMatchObject({
      status: 'failed',
      remark: translate('cn', 'transferFailAccount'),
      transferStatus: 'failed',
      transferError: 'PAYEE_ACCOUNT_ABNORMAL',
      transferCheckAt: null,
    });
    expect(await refundsOf(w.id)).toBe(1);
    expect(await accountValue(t.db, agentOwner(w.agentId), 'balance')).toBe(before + 12000);
    const failedNotices = (await noticesOf(w.token, 'fr')).filter((n) => n.kind === 'withdrawalFailed');
    expect(failedNotices).toHaveLength(1);
    expect(failedNotices[0]?.text).toBe(
      translate('fr', 'noticeWithdrawalFailedText', {
        amount: '120.00',
        reason: translate('fr', 'transferFailAccount'),
      }),
    );
    expect((await auditOf(w.id)).filter((a) => a.action === 'withdrawal.fail')).toEqual([
      expect.objectContaining({
        operatorName: 'WeChat Pay',
        after: expect.objectContaining({ refunded: '120.00' }),
      }),
    ]);
    // The job run again after the notifications: nothing, the refund stays one.
    await makeDue(w.id);
    expect(await runTransfer(deps, Number(w.id))).toBe('not claimed');
    expect(await refundsOf(w.id)).toBe(1);
    const recorded = await t.db
      .select()
      .from(paymentNotifications)
      .where(
        eq(paymentNotifications.providerRef, String(pay.transfers.get(w.transferId)?.bill.transfer_bill_no)),
      );
    expect(recorded.map((r) => r.outcome)).toEqual(['transfer: failed', 'transfer: failed']);
  });

  it('fails and refunds a transfer WeChat Pay closed unconfirmed after 24 hours, found by its check', async () => {
    const w = await approved('140.00');
    expect(await runTransfer(deps, Number(w.id))).toBe('waiting for confirmation');
    // A day later WeChat Pay has closed it: its notification lost, the next check finds it.
    const made = pay.transfers.get(w.transferId);
    if (!made) throw new Error('no transfer made');
    made.bill.state = 'CANCELLED';
    made.bill.fail_reason = 'OVERDUE_CLOSE';
    await makeDue(w.id);
    expect(await runTransfer(deps, Number(w.id))).toBe('failed');
    expect(await rowOf(w.id)).toMatchObject({
      status: 'failed',
      remark: translate('cn', 'transferFailNotConfirmed'),
      transferStatus: 'cancelled',
      transferError: 'OVERDUE_CLOSE',
      transferPackage: null,
    });
    expect(await refundsOf(w.id)).toBe(1);
    expect((await withdrawalsOf(w.token)).find((x) => x.id === w.id)).toMatchObject({
      status: 'failed',
      confirm: false,
    });
  });

  it('asks about a transfer whose answer never came, and pays it once without sending it again', async () => {
    // A provider that gives up after a second: the stand-in acts and never answers.
    const impatient: TransferDeps = {
      ...deps,
      payments: new WechatPayProvider({
        apiBase: pay.baseUrl,
        appId: keys.appId,
        mchId: keys.mchId,
        serialNo: keys.merchantSerialNo,
        privateKey: keys.merchantPrivateKey,
        apiV3Key: keys.apiV3Key,
        platformPublicKey: keys.platformPublicKey,
        platformSerial: keys.platformSerialNo,
        requestTimeoutMs: 1_000,
      }),
    };
    pay.transferAnswerState = 'SUCCESS';
    const w = await approved('180.00');
    const posts = transferPosts().length;
    pay.failNextTransfer('timeout-after-acting');
    expect(await runTransfer(impatient, Number(w.id))).toBe('retrying');
    expect(pay.transfers.get(w.transferId)?.bill.state).toBe('SUCCESS');
    const row = await rowOf(w.id);
    expect(row).toMatchObject({ status: 'approved', transferStatus: 'sending' });
    expect(row.transferError).toMatch(/^TIMEOUT: /);

    await makeDue(w.id);
    expect(await runTransfer(impatient, Number(w.id))).toBe('paid');
    expect(transferPosts()).toHaveLength(posts + 1);
    expect(
      pay.received.filter(
        (r) => r.method === 'GET' && r.path === `${TRANSFER_BILLS}/out-bill-no/${w.transferId}`,
      ),
    ).toHaveLength(1);
    expect(await rowOf(w.id)).toMatchObject({
      status: 'paid',
      reference: pay.transfers.get(w.transferId)?.bill.transfer_bill_no,
    });
    expect((await noticesOf(w.token)).filter((n) => n.kind === 'withdrawalPaid')).toHaveLength(1);
  });

  it('tries the same transfer again later when the merchant’s balance is short, and tells the console', async () => {
    pay.transferAnswerState = 'SUCCESS';
    const w = await approved('220.00');
    pay.failNextTransfer('NOT_ENOUGH');
    expect(await runTransfer(deps, Number(w.id))).toBe('retrying');
    const row = await rowOf(w.id);
    expect(row).toMatchObject({ status: 'approved', transferStatus: 'sending', transferAttempts: 1 });
    expect(row.transferError).toMatch(/^NOT_ENOUGH: /);
    expect(pay.transfers.has(w.transferId)).toBe(false);
    const waitMs = (row.transferCheckAt as Date).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(5_000);
    expect(new Date(String((await jobOf(w.id))?.run_at)).getTime()).toBe(row.transferCheckAt?.getTime());
    const detail = await admin('adminWithdrawalDetail', { id: w.id });
    expect(detail.data.withdrawal.payout).toMatchObject({
      method: 'transfer',
      transferStatus: 'sending',
      transferOpen: true,
      transferError: expect.stringMatching(/^NOT_ENOUGH: /),
    });
    // Not due yet: nothing is sent.
    expect(await runTransfer(deps, Number(w.id))).toBe('not claimed');

    await makeDue(w.id);
    expect(await runTransfer(deps, Number(w.id))).toBe('paid');
    expect([...pay.transfers.keys()].filter((id) => id === w.transferId)).toHaveLength(1);
    expect(await rowOf(w.id)).toMatchObject({ status: 'paid', transferError: null, transferAttempts: 2 });
  });

  it('fails and refunds a transfer WeChat Pay refuses for good and never took (asked once to make sure)', async () => {
    await setOptions(t, { 'withdraw.min': '0.01' });
    try {
      const w = await approved('0.05');
      expect(await runTransfer(deps, Number(w.id))).toBe('failed');
      expect(pay.transfers.has(w.transferId)).toBe(false);
      expect(
        pay.received.filter(
          (r) => r.method === 'GET' && r.path === `${TRANSFER_BILLS}/out-bill-no/${w.transferId}`,
        ),
      ).toEqual([expect.objectContaining({ status: 404 })]);
      const row = await rowOf(w.id);
      expect(row).toMatchObject({ status: 'failed', remark: translate('cn', 'transferFailRefused') });
      expect(row.transferError).toMatch(/^INVALID_REQUEST: /);
      expect(await refundsOf(w.id)).toBe(1);
    } finally {
      await setOptions(t, { 'withdraw.min': '100.00' });
    }
  });

  it('holds a transfer not sent yet while its agent is frozen', async () => {
    const w = await approved();
    await t.db.execute(sql`update agents set status = 'frozen' where id = ${w.agentId}`);
    try {
      expect(await runTransfer(deps, Number(w.id))).toBe('not claimed');
      const row = await rowOf(w.id);
      expect(row).toMatchObject({ status: 'approved', transferStatus: null, transferError: 'AGENT_FROZEN' });
      expect((row.transferCheckAt as Date).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(pay.transfers.has(w.transferId)).toBe(false);
    } finally {
      await t.db.execute(sql`update agents set status = 'active' where id = ${w.agentId}`);
    }
    pay.transferAnswerState = 'SUCCESS';
    await makeDue(w.id);
    expect(await runTransfer(deps, Number(w.id))).toBe('paid');
  });
});

describe('never two transfers for one withdrawal', () => {
  it('ten workers at once on one withdrawal: one claims it, one transfer, paid once', async () => {
    pay.transferAnswerState = 'SUCCESS';
    const w = await approved('260.00');
    const posts = transferPosts().length;
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => runTransfer(deps, Number(w.id))));
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'not claimed')).toHaveLength(9);
    expect(transferPosts()).toHaveLength(posts + 1);
    expect(await rowOf(w.id)).toMatchObject({ status: 'paid', transferAttempts: 1 });
    expect((await auditOf(w.id)).filter((a) => a.action === 'withdrawal.pay')).toHaveLength(1);
  });

  it('a worker killed between the provider’s answer and its commit: the sweep finds it, the query pays it once', async () => {
    pay.transferAnswerState = 'SUCCESS';
    const w = await approved('240.00');
    // The provider acts, then the worker dies before it writes anything.
    const killed: TransferDeps = {
      ...deps,
      payments: new Proxy(deps.payments, {
        get(target, name, receiver) {
          if (name !== 'transfer') return Reflect.get(target, name, receiver) as unknown;
          return async (...args: Parameters<PaymentProvider['transfer']>) => {
            await target.transfer(...args);
            throw new Error('worker killed');
          };
        },
      }),
    };
    await expect(runTransfer(killed, Number(w.id))).rejects.toThrow('worker killed');
    expect(pay.transfers.get(w.transferId)?.bill.state).toBe('SUCCESS');
    const row = await rowOf(w.id);
    expect(row).toMatchObject({ status: 'approved', transferStatus: 'sending', transferAttempts: 1 });
    // Its claim holds it meanwhile: a job now does nothing, and the sweep leaves it alone.
    expect(await runTransfer(deps, Number(w.id))).toBe('not claimed');
    await t.db.execute(
      sql`delete from graphile_worker._private_jobs where key = ${transferJobKey(Number(w.id))}`,
    );
    expect(await sweepTransfers(t.db)).toBe(0);
    expect(await jobOf(w.id)).toBeUndefined();

    // Its claim ran out a minute ago: the sweep gives it a job, which asks WeChat Pay and pays it.
    await t.db
      .update(withdrawals)
      .set({ transferCheckAt: sql`now() - interval '61 seconds'` })
      .where(eq(withdrawals.id, Number(w.id)));
    expect(await sweepTransfers(t.db)).toBe(1);
    expect(await jobOf(w.id)).toMatchObject({ task_identifier: 'withdrawal_transfer' });
    const posts = transferPosts().length;
    expect(await runTransfer(deps, Number(w.id))).toBe('paid');
    expect(transferPosts()).toHaveLength(posts);
    expect(await rowOf(w.id)).toMatchObject({ status: 'paid', transferAttempts: 2 });
    expect([...pay.transfers.keys()].filter((id) => id === w.transferId)).toHaveLength(1);
  });

  it('a notification and the job at once settle it once', async () => {
    pay.transferAnswerState = 'ACCEPTED';
    const w = await approved('210.00');
    expect(await runTransfer(deps, Number(w.id))).toBe('on its way');
    pay.transferNotifyMode = 'never';
    await pay.confirmTransfer(w.transferId);
    await makeDue(w.id);
    const notification = pay.transferNotification(w.transferId);
    const [job, ...delivered] = await Promise.all([
      runTransfer(deps, Number(w.id)),
      pay.deliverTransferNotification(w.transferId, notification),
      pay.deliverTransferNotification(w.transferId, notification),
    ]);
    expect(delivered).toEqual([200, 200]);
    // The job came first (paid), or after a notification (not claimed), or between them (stale): once either way.
    expect(['paid', 'stale', 'not claimed']).toContain(job);
    expect(await rowOf(w.id)).toMatchObject({ status: 'paid' });
    expect((await auditOf(w.id)).filter((a) => a.action === 'withdrawal.pay')).toHaveLength(1);
    expect((await noticesOf(w.token)).filter((n) => n.kind === 'withdrawalPaid')).toHaveLength(1);
  });
});

describe('the notification route', () => {
  it('refuses what it cannot trust (400, recorded, nothing changed) and acknowledges what is not ours', async () => {
    pay.transferAnswerState = 'ACCEPTED';
    const w = await approved('130.00');
    expect(await runTransfer(deps, Number(w.id))).toBe('on its way');
    pay.transferNotifyMode = 'never';
    await pay.confirmTransfer(w.transferId);
    const forged = pay.transferNotification(w.transferId, { signingKey: keys.merchantPrivateKey });
    const url = `http://127.0.0.1:${port}/api/pay/wechat/transfer-notify`;
    const refused = await fetch(url, { method: 'POST', body: forged.body, headers: forged.headers });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'FAIL' });
    expect(await rowOf(w.id)).toMatchObject({ status: 'approved' });
    const other = await fetch(url.replace('/wechat/', '/sandbox/'), {
      method: 'POST',
      body: forged.body,
      headers: forged.headers,
    });
    expect(other.status).toBe(404);

    const good = pay.transferNotification(w.transferId);
    const taken = await fetch(url, { method: 'POST', body: good.body, headers: good.headers });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ code: 'SUCCESS', message: 'paid' });
    const again = await fetch(url, { method: 'POST', body: good.body, headers: good.headers });
    expect(await again.json()).toEqual({ code: 'SUCCESS', message: 'already settled' });
    expect(await rowOf(w.id)).toMatchObject({ status: 'paid' });
  });
});

describe('the job queue', () => {
  it('pays an approved withdrawal on its own: the approval’s job, WeChat Pay’s answer, the notification', async () => {
    await t.db.execute(sql`delete from graphile_worker._private_jobs`);
    const jobs = await startTestJobs(t, { port });
    try {
      const w = await approved('310.00');
      await expect
        .poll(async () => (await rowOf(w.id)).transferStatus, { timeout: 30_000 })
        .toBe('waitUserConfirm');
      expect(await pay.confirmTransfer(w.transferId)).toEqual([200]);
      expect(await rowOf(w.id)).toMatchObject({ status: 'paid' });
    } finally {
      await jobs.stop();
    }
  });
});

describe('the sandbox (the demo)', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await build();
    await setOptions(demo, NO_DAILY_LIMITS);
  });
  afterAll(async () => demo?.close());

  it('pays an approved WeChat withdrawal at once, by its own job queue', async () => {
    expect(demo.app.platform.payments).toBeInstanceOf(SandboxPaymentProvider);
    const agent = await createAgent(demo.db);
    await demo.db
      .update(players)
      .set({ wechatOpenId: 'o-sandbox-payee' })
      .where(eq(players.id, agent.playerId));
    await fund(demo.db, agentOwner(agent.agentId), 'balance', 100_000);
    const token = await signIn(demo.app, demo.db, agent.playerId);
    const applied = await applyToWithdraw(demo.app, token, '100.00', {
      accountType: 'wechat',
      accountName: '赵六',
      accountNo: 'wxid_sandbox1',
    });
    expect(applied.code, applied.msg).toBe(ResponseCode.success);
    const operator = await operatorToken(demo.db, (await createTestOperator(demo.db, 'finance')).id);
    const jobs = await startTestJobs(demo, { concurrency: 1 });
    try {
      const approval = await api(demo.app, 'adminWithdrawalApprove', {
        input: { id: applied.data.withdrawal.id },
        ...asOperator(operator),
      });
      expect(approval.code, approval.msg).toBe(ResponseCode.success);
      let list: CallData<'withdrawLog'>['list'] = [];
      await expect
        .poll(
          async () => {
            list = (await api(demo.app, 'withdrawLog', { token, input: { page: 1, pageSize: 5 } })).data.list;
            return list[0]?.status;
          },
          { timeout: 30_000 },
        )
        .toBe('paid');
      const [row] = await demo.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, Number(applied.data.withdrawal.id)));
      expect(row?.reference).toMatch(/^SANDBOX-TRANSFER-/);
      const [entry] = await demo.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'withdrawal.pay'), eq(auditLog.targetId, String(row?.id))));
      expect(entry?.operatorName).toBe('Sandbox pay');
    } finally {
      await jobs.stop();
    }
    await assertLedgerInvariants(demo.db);
  });
});
