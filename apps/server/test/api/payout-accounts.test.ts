import { randomUUID } from 'node:crypto';
import {
  type CallInput,
  calls,
  PAYOUT_ACCOUNTS_MAX,
  ResponseCode,
  type TPayoutAccount,
} from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openSealed } from '../../src/crypto/seal';
import { auditLog, payoutAccounts, withdrawals } from '../../src/db/schema';
import { sealClearAccountNumbers } from '../../src/modules/withdrawals/withdrawal-account';
import { createAgent, fund, signIn } from '../factories';
import { api, apiUnchecked, TEST_PAYOUT_KEY } from '../helper';
import { adminApi, signInOperators, useAdminTestApp } from './admin-support';
import { agentOwner } from './money-support';

/**
 * An agent's saved payout accounts (decision 019). Numbers are sealed at rest, answered masked (the first 12
 * characters hidden), a withdrawal keeps its own copy; only an operator allowed to pay reads a whole number, audited.
 */
const t = useAdminTestApp({ checkLedger: true });
const admin = adminApi(t);
const KEY = Buffer.from(TEST_PAYOUT_KEY, 'hex');

/** Luhn-valid bank cards (16 and 19 digits), an Alipay mobile and e-mail, a WeChat id. */
const CARD = '6222020000000015';
const CARD_19 = '6217000000001234560';
const ALIPAY_MOBILE = '13812345678';
const ALIPAY_MAIL = 'zhang.san@example.com';
const WECHAT_ID = 'wxid_zhangsan';

const card = (accountNo = CARD, holderName = '张三') =>
  ({ type: 'bank', holderName, bankName: '工商银行', accountNo }) as const;

async function agentWith(fen = 0) {
  const agent = await createAgent(t.db, { nickname: `p-${randomUUID().slice(0, 6)}` });
  if (fen > 0) await fund(t.db, agentOwner(agent.agentId), 'balance', fen);
  return { ...agent, token: await signIn(t.app, t.db, agent.playerId) };
}

const add = (token: string, input: CallInput<'payoutAccountAdd'>) =>
  api(t.app, 'payoutAccountAdd', { token, input });
const list = async (token: string) => (await api(t.app, 'payoutAccountList', { token })).data.list;
const rowsOf = (agentId: number) =>
  t.db.select().from(payoutAccounts).where(eq(payoutAccounts.agentId, agentId));

async function added(token: string, input: Parameters<typeof add>[1]): Promise<TPayoutAccount> {
  const answer = await add(token, input);
  expect(answer.code, answer.msg).toBe(ResponseCode.success);
  return answer.data.account;
}

describe('saving payout accounts', () => {
  it('saves each kind, answers it masked (the first 12 characters hidden) and keeps the number sealed', async () => {
    const agent = await agentWith();
    const bank = await added(agent.token, card('6222 0200 0000 0015'));
    expect(calls.payoutAccountAdd.data.parse({ account: bank })).toEqual({ account: bank });
    expect(bank).toMatchObject({
      type: 'bank',
      holderName: '张三',
      bankName: '工商银行',
      accountMasked: '************0015',
      isDefault: true,
    });
    const long = await added(agent.token, card(CARD_19));
    expect(long.accountMasked).toBe('************1234560');
    const mobile = await added(agent.token, { type: 'alipay', holderName: '张三', accountNo: ALIPAY_MOBILE });
    expect(mobile).toMatchObject({ accountMasked: '*******5678', bankName: null, isDefault: false });
    const mail = await added(agent.token, { type: 'alipay', holderName: '张三', accountNo: ALIPAY_MAIL });
    expect(mail.accountMasked).toBe('************ample.com');
    // A bank name sent with a non-bank account is not kept.
    const wechat = await added(agent.token, {
      type: 'wechat',
      holderName: '张三',
      bankName: 'ignored',
      accountNo: WECHAT_ID,
    });
    expect(wechat).toMatchObject({ accountMasked: '************n', bankName: null });

    // The default first, then the newest.
    expect((await list(agent.token)).map((a) => a.id)).toEqual([
      bank.id,
      wechat.id,
      mail.id,
      mobile.id,
      long.id,
    ]);
    const rows = await rowsOf(agent.agentId);
    for (const [row, number] of [
      [rows.find((r) => r.id === bank.id), CARD],
      [rows.find((r) => r.id === mail.id), ALIPAY_MAIL],
      [rows.find((r) => r.id === wechat.id), WECHAT_ID],
    ] as const) {
      expect(JSON.stringify(row)).not.toContain(number);
      expect(openSealed(KEY, row?.accountSealed ?? '')).toBe(number);
    }
  });

  it('refuses what cannot be an account of its type, in the reader’s language, writing nothing', async () => {
    const agent = await agentWith();
    const cases = [
      [
        card('6222020000000016'),
        '银行卡号应为 12 到 19 位数字，请核对是否输错',
        'A bank card number has 12 to 19',
      ],
      [card('62220200000'), '银行卡号应为 12 到 19 位数字', 'A bank card number'],
      [card('62220200000000000000'), '银行卡号应为 12 到 19 位数字', 'A bank card number'],
      [card('6222-0200-abcd-0015'), '银行卡号应为 12 到 19 位数字', 'A bank card number'],
      [
        { ...card(), bankName: '  ' },
        '银行卡提现需要填写开户银行',
        'A bank card withdrawal needs the bank name',
      ],
      [{ ...card(), bankName: undefined }, '银行卡提现需要填写开户银行', 'bank name'],
      [
        { type: 'alipay', holderName: '张', accountNo: '1381234567' },
        '支付宝账号应为 11 位手机号或电子邮箱',
        'Alipay',
      ],
      [
        { type: 'alipay', holderName: '张', accountNo: 'zhang@example' },
        '支付宝账号应为 11 位手机号或电子邮箱',
        'Alipay',
      ],
      [
        { type: 'wechat', holderName: '张', accountNo: '1wxid_abc' },
        '微信号应为 6 到 20 位字母',
        'A WeChat ID has 6 to 20',
      ],
      [{ type: 'wechat', holderName: '张', accountNo: 'wx_ab' }, '微信号应为 6 到 20 位字母', 'WeChat ID'],
      [
        { type: 'wechat', holderName: '张', accountNo: 'wx.abcdef' },
        '微信号应为 6 到 20 位字母',
        'WeChat ID',
      ],
    ] as const;
    for (const [input, cn, en] of cases) {
      const chinese = await apiUnchecked(t.app, 'payoutAccountAdd', { token: agent.token, input });
      expect({ code: chinese.code, data: chinese.data }, JSON.stringify(input)).toEqual({
        code: 0,
        data: null,
      });
      expect(chinese.msg).toContain(cn);
      const english = await apiUnchecked(t.app, 'payoutAccountAdd', {
        token: agent.token,
        input,
        headers: { 'x-lang': 'en' },
      });
      expect(english.msg).toContain(en);
    }
    // The shape itself (missing, too long, unknown type) is a 400 naming the field.
    for (const [input, field] of [
      [{ type: 'paypal', holderName: '张', accountNo: ALIPAY_MOBILE }, 'type'],
      [{ type: 'alipay', holderName: ' ', accountNo: ALIPAY_MOBILE }, 'holderName'],
      [{ type: 'alipay', holderName: '张', accountNo: 'x'.repeat(65) }, 'accountNo'],
    ] as const) {
      const answer = await apiUnchecked(t.app, 'payoutAccountAdd', { token: agent.token, input });
      expect({ status: answer.status, code: answer.code }).toEqual({ status: 400, code: 0 });
      expect(answer.msg).toContain(field);
    }
    expect(await rowsOf(agent.agentId)).toEqual([]);
  });

  it(`keeps at most ${PAYOUT_ACCOUNTS_MAX} accounts and each number once`, async () => {
    const agent = await agentWith();
    for (let i = 0; i < PAYOUT_ACCOUNTS_MAX; i++)
      await added(agent.token, { type: 'alipay', holderName: '张三', accountNo: `1380000000${i}` });
    const again = await add(agent.token, { type: 'alipay', holderName: '李四', accountNo: '13800000003' });
    expect(again).toMatchObject({ code: 0, msg: '该收款账户已保存过' });
    const over = await add(agent.token, card());
    expect(over).toMatchObject({
      code: 0,
      msg: `最多可保存 ${PAYOUT_ACCOUNTS_MAX} 个收款账户，请先删除不用的账户`,
    });
    expect(await rowsOf(agent.agentId)).toHaveLength(PAYOUT_ACCOUNTS_MAX);
    // The same digits as another type are another account.
    const other = await agentWith();
    await added(other.token, { type: 'alipay', holderName: '张三', accountNo: '13800000003' });
    expect(
      (await add(other.token, { type: 'wechat', holderName: '张三', accountNo: 'a13800000003' })).code,
    ).toBe(1);
  });

  it('under parallel adds, keeps the limit, each number once and one default', async () => {
    const agent = await agentWith();
    const numbers = Array.from(
      { length: PAYOUT_ACCOUNTS_MAX + 5 },
      (_, i) => `1390000${String(i).padStart(4, '0')}`,
    );
    const answers = await Promise.all(
      [...numbers, numbers[0] as string, numbers[1] as string].map((accountNo) =>
        add(agent.token, { type: 'alipay', holderName: '张三', accountNo }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(PAYOUT_ACCOUNTS_MAX);
    for (const refused of answers.filter((a) => a.code !== 1))
      expect([
        '该收款账户已保存过',
        `最多可保存 ${PAYOUT_ACCOUNTS_MAX} 个收款账户，请先删除不用的账户`,
      ]).toContain(refused.msg);
    const rows = await rowsOf(agent.agentId);
    expect(rows).toHaveLength(PAYOUT_ACCOUNTS_MAX);
    expect(new Set(rows.map((r) => r.accountMasked)).size).toBe(PAYOUT_ACCOUNTS_MAX);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });
});

describe('the default account, deleting, and another agent’s accounts', () => {
  it('makes the first the default, moves it on request, and hands it to the newest when deleted', async () => {
    const agent = await agentWith();
    const first = await added(agent.token, card());
    const second = await added(agent.token, { type: 'alipay', holderName: '张三', accountNo: ALIPAY_MOBILE });
    const third = await added(agent.token, { type: 'wechat', holderName: '张三', accountNo: WECHAT_ID });
    expect([first.isDefault, second.isDefault, third.isDefault]).toEqual([true, false, false]);

    const moved = await api(t.app, 'payoutAccountSetDefault', {
      token: agent.token,
      input: { id: second.id },
    });
    expect(moved.code).toBe(1);
    expect(moved.data.list.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [third.id, false],
      [first.id, false],
    ]);
    // Again: nothing changes.
    const same = await api(t.app, 'payoutAccountSetDefault', {
      token: agent.token,
      input: { id: second.id },
    });
    expect(same.data).toEqual(moved.data);

    const deleted = await api(t.app, 'payoutAccountDelete', { token: agent.token, input: { id: second.id } });
    expect(deleted.data.list.map((a) => [a.id, a.isDefault])).toEqual([
      [third.id, true],
      [first.id, false],
    ]);
    const notDefault = await api(t.app, 'payoutAccountDelete', {
      token: agent.token,
      input: { id: first.id },
    });
    expect(notDefault.data.list.map((a) => [a.id, a.isDefault])).toEqual([[third.id, true]]);
    const last = await api(t.app, 'payoutAccountDelete', { token: agent.token, input: { id: third.id } });
    expect(last.data.list).toEqual([]);
    const gone = await api(t.app, 'payoutAccountDelete', { token: agent.token, input: { id: third.id } });
    expect(gone).toMatchObject({ code: 0, msg: '收款账户不存在' });
    // With none left, the next one is the default again.
    expect((await added(agent.token, card())).isDefault).toBe(true);
  });

  it('under parallel default changes, ends with exactly one default', async () => {
    const agent = await agentWith();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (await added(agent.token, { type: 'alipay', holderName: '张', accountNo: `1370000000${i}` })).id,
      );
    const answers = await Promise.all(
      [...ids, ...ids].map((id) =>
        api(t.app, 'payoutAccountSetDefault', { token: agent.token, input: { id } }),
      ),
    );
    for (const answer of answers) expect(answer.code, answer.msg).toBe(1);
    expect((await rowsOf(agent.agentId)).filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('treats another agent’s account as unknown: no delete, no default, no withdrawal to it', async () => {
    const owner = await agentWith();
    const stranger = await agentWith(100_000);
    const theirs = await added(owner.token, card());
    const before = await rowsOf(owner.agentId);
    for (const name of ['payoutAccountDelete', 'payoutAccountSetDefault'] as const) {
      const answer = await api(t.app, name, { token: stranger.token, input: { id: theirs.id } });
      expect(answer).toMatchObject({ code: 0, msg: '收款账户不存在', data: null });
    }
    const withdrawal = await api(t.app, 'withdraw', {
      token: stranger.token,
      input: { amount: '100.00', payoutAccountId: theirs.id, requestId: randomUUID() },
    });
    expect(withdrawal).toMatchObject({ code: 0, msg: '收款账户不存在' });
    expect(await rowsOf(owner.agentId)).toEqual(before);
    expect(await list(stranger.token)).toEqual([]);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.agentId, stranger.agentId))).toEqual(
      [],
    );
  });

  it('is for agents only', async () => {
    expect((await api(t.app, 'payoutAccountList', {})).code).toBe(ResponseCode.notSignedIn);
  });
});

describe('withdrawing to a payout account', () => {
  it('withdraws to a saved account without the number, keeps its own copy when the account is deleted', async () => {
    const agent = await agentWith(100_000);
    const saved = await added(agent.token, card(CARD, '王总'));
    const applied = await api(t.app, 'withdraw', {
      token: agent.token,
      input: { amount: '100.00', payoutAccountId: saved.id, requestId: randomUUID() },
    });
    expect(applied.code, applied.msg).toBe(1);
    expect(applied.data.withdrawal).toMatchObject({
      accountType: 'bank',
      accountName: '王总',
      bankName: '工商银行',
      accountNo: '************0015',
    });
    const id = Number(applied.data.withdrawal.id);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({
      payoutAccountId: saved.id,
      accountNo: null,
      accountMasked: '************0015',
    });
    expect(openSealed(KEY, row?.accountSealed ?? '')).toBe(CARD);

    await api(t.app, 'payoutAccountDelete', { token: agent.token, input: { id: saved.id } });
    const [after] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(after).toEqual(row);
    const log = await api(t.app, 'withdrawLog', { token: agent.token, input: {} });
    expect(log.data.list[0]).toEqual(applied.data.withdrawal);
    const [finance] = await signInOperators(t, ['finance'] as const);
    const detail = await admin('adminWithdrawalDetail', finance, { id: String(id) });
    expect(detail.data.withdrawal).toMatchObject({ accountNo: '************0015', accountName: '王总' });
    const revealed = await admin('adminWithdrawalRevealAccount', finance, { id: String(id) });
    expect(revealed.data).toEqual({ id: String(id), accountNo: CARD });
  });

  it('saves an account typed with a withdrawal when asked, once, and nothing when the withdrawal is refused', async () => {
    const agent = await agentWith(100_000);
    const typed = {
      amount: '100.00',
      accountType: 'alipay',
      accountName: '张三',
      accountNo: ` ${ALIPAY_MAIL} `,
      saveAccount: true,
    } as const;
    const refused = await api(t.app, 'withdraw', {
      token: agent.token,
      input: { ...typed, amount: '99.99', requestId: randomUUID() },
    });
    expect(refused).toMatchObject({ code: 0, msg: '提现金额不能低于 100.00 元' });
    expect(await rowsOf(agent.agentId)).toEqual([]);

    const requestId = randomUUID();
    const first = await api(t.app, 'withdraw', { token: agent.token, input: { ...typed, requestId } });
    expect(first.code, first.msg).toBe(1);
    expect(await api(t.app, 'withdraw', { token: agent.token, input: { ...typed, requestId } })).toEqual(
      first,
    );
    const [saved] = await list(agent.token);
    expect(saved).toMatchObject({ type: 'alipay', accountMasked: '************ample.com', isDefault: true });
    // The same account typed again is the saved one, not a second copy.
    const second = await api(t.app, 'withdraw', {
      token: agent.token,
      input: { ...typed, requestId: randomUUID() },
    });
    expect(second.code).toBe(1);
    expect(await rowsOf(agent.agentId)).toHaveLength(1);
    const made = await t.db.select().from(withdrawals).where(eq(withdrawals.agentId, agent.agentId));
    expect(made.map((w) => w.payoutAccountId)).toEqual([saved?.id, saved?.id]);
    // Without saveAccount nothing is saved; the same requestId with another account is refused.
    const plain = await api(t.app, 'withdraw', {
      token: agent.token,
      input: {
        amount: '100.00',
        accountType: 'wechat',
        accountName: '张三',
        accountNo: WECHAT_ID,
        requestId,
      },
    });
    expect(plain).toMatchObject({ code: 0, msg: '请求编号已用于另一笔操作，请刷新后重试' });
    expect(await rowsOf(agent.agentId)).toHaveLength(1);
  });

  it('refuses a typed account it cannot pay, and an input naming both a saved and a typed account', async () => {
    const agent = await agentWith(100_000);
    const bad = await api(t.app, 'withdraw', {
      token: agent.token,
      input: {
        amount: '100.00',
        accountType: 'bank',
        accountName: '张',
        accountNo: '6222',
        bankName: 'b',
        requestId: randomUUID(),
      },
    });
    expect(bad).toMatchObject({ code: 0, msg: '银行卡号应为 12 到 19 位数字，请核对是否输错' });
    const both = await apiUnchecked(t.app, 'withdraw', {
      token: agent.token,
      input: {
        amount: '100.00',
        payoutAccountId: 1,
        accountType: 'alipay',
        accountName: '张',
        accountNo: ALIPAY_MAIL,
        requestId: randomUUID(),
      },
    });
    expect({ status: both.status, code: both.code }).toEqual({ status: 400, code: 0 });
    expect(both.msg).toContain('payoutAccountId');
    const neither = await apiUnchecked(t.app, 'withdraw', {
      token: agent.token,
      input: { amount: '100.00', requestId: randomUUID() },
    });
    expect(neither.status).toBe(400);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.agentId, agent.agentId))).toEqual([]);
  });
});

describe('the operator reading a whole number', () => {
  it('answers it to the roles allowed to pay only, and audits every reading without the number', async () => {
    const agent = await agentWith(100_000);
    const saved = await added(agent.token, card(CARD_19));
    const applied = await api(t.app, 'withdraw', {
      token: agent.token,
      input: { amount: '100.00', payoutAccountId: saved.id, requestId: randomUUID() },
    });
    const id = applied.data.withdrawal.id;
    const [finance, owner, support, viewer] = await signInOperators(t, [
      'finance',
      'owner',
      'support',
      'viewer',
    ] as const);
    for (const token of [finance, owner])
      expect((await admin('adminWithdrawalRevealAccount', token, { id })).data).toEqual({
        id,
        accountNo: CARD_19,
      });
    for (const token of [support, viewer])
      expect(await admin('adminWithdrawalRevealAccount', token, { id })).toMatchObject({
        code: ResponseCode.operatorForbidden,
        data: null,
      });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.revealAccount'), eq(auditLog.targetId, id)));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      targetType: 'withdrawal',
      after: { accountType: 'bank', accountMasked: '************1234560' },
    });
    expect(JSON.stringify(entries)).not.toContain(CARD_19);
    expect(await admin('adminWithdrawalRevealAccount', finance, { id: '999999999' })).toMatchObject({
      code: 0,
      msg: '提现记录不存在',
    });
  });
});

describe('withdrawals from before the sealed numbers', () => {
  it('seals the clear numbers at start, once, and answers them masked until then', async () => {
    const agent = await agentWith(100_000);
    const legacy = await t.db
      .insert(withdrawals)
      .values([
        {
          agentId: agent.agentId,
          amountFen: 10_000,
          feeFen: 0,
          accountType: 'bank',
          accountName: '张',
          accountNo: '6222 0200 0000 0015',
          bankName: '工行',
        },
        {
          agentId: agent.agentId,
          amountFen: 10_000,
          feeFen: 0,
          accountType: 'alipay',
          accountName: '张',
          accountNo: ALIPAY_MOBILE,
        },
      ])
      .returning({ id: withdrawals.id });
    const log = async () => (await api(t.app, 'withdrawLog', { token: agent.token, input: {} })).data.list;
    expect((await log()).map((w) => w.accountNo).sort()).toEqual(['*******5678', '************0015'].sort());

    const sealed = await sealClearAccountNumbers(t.db, KEY);
    expect(sealed).toBeGreaterThanOrEqual(2);
    expect(await sealClearAccountNumbers(t.db, KEY)).toBe(0);
    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.agentId, agent.agentId));
    expect(rows.map((r) => r.accountNo)).toEqual([null, null]);
    expect(rows.map((r) => openSealed(KEY, r.accountSealed ?? '')).sort()).toEqual(
      [CARD, ALIPAY_MOBILE].sort(),
    );
    expect((await log()).map((w) => w.accountNo).sort()).toEqual(['*******5678', '************0015'].sort());
    const remaining = await t.db.execute(
      sql`select count(*)::int as n from withdrawals where account_no is not null`,
    );
    expect((remaining.rows[0] as { n: number }).n).toBe(0);
    const [finance] = await signInOperators(t, ['finance'] as const);
    const revealed = await admin('adminWithdrawalRevealAccount', finance, { id: String(legacy[0]?.id) });
    expect(revealed.data.accountNo).toBe(CARD);
  });
});
