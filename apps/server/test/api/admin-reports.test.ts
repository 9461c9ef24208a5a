import { randomUUID } from 'node:crypto';
import {
  BillType,
  type ExportKind,
  exportDefs,
  hasRight,
  REPORT_MAX_DAYS,
  ResponseCode,
} from '@promoter/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, auditLog, orders, players, withdrawals } from '../../src/db/schema';
import { EXPORT_BATCH_ROWS } from '../../src/modules/reports/export-service';
import { createAgent, createGoods, createPlayer, fund, signIn } from '../factories';
import { apiUnchecked } from '../helper';
import { asOperator } from '../operator-factories';
import { adminApi, signInOperators, useAdminTestApp } from './admin-support';
import { type CsvAnswer, csvTable, requestCsv } from './csv-support';
import { agentOwner, clearOption, playerOwner, postEntry, setOption } from './money-support';

/**
 * The console's reports (decision 018): the dashboard's figures (per day in the platform's time zone, totals, top agents, what is owed
 * now) and the CSV exports (rights and refusals in the envelope, content, escaping, keyset batches, the audit entry).
 * The world below is a few days of March 2024 written through the ledger at known times.
 */
const t = useAdminTestApp({ checkLedger: true });
const call = adminApi(t);

let owner: string;
let finance: string;
let support: string;
let viewer: string;
let a: { agentId: number; playerId: number };
let b: { agentId: number; playerId: number };
let p: number;
let goodsId: number;
const ids = { paidWithdrawal: 0, pendingWithdrawal: 0, agentOrder: '', playerOrder: '' };

const at = (iso: string) => new Date(iso);

async function insertOrder(values: {
  playerId: number;
  agentId: number | null;
  diamonds: number;
  unitPriceFen: number;
  status: 'pending' | 'paid' | 'held' | 'cancelled' | 'expired';
  createdAt: string;
  paidAt: string | null;
}): Promise<string> {
  const id = `T${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  await t.db.insert(orders).values({
    id,
    playerId: values.playerId,
    agentId: values.agentId,
    requestId: randomUUID(),
    goodsId,
    goodsName: `${values.diamonds} 钻石`,
    quantity: 1,
    diamonds: values.diamonds,
    unitPriceFen: values.unitPriceFen,
    amountFen: values.diamonds * values.unitPriceFen,
    status: values.status,
    provider: 'sandbox',
    createdAt: at(values.createdAt),
    expiresAt: new Date(Date.parse(values.createdAt) + 30 * 60_000),
    paidAt: values.paidAt ? at(values.paidAt) : null,
  });
  return id;
}

/** A withdrawal as the agent's application writes it (type 6 out of the balance), in a state the operator left it. */
async function insertWithdrawal(values: {
  agentId: number;
  amountFen: number;
  status: 'pending' | 'approved' | 'paid';
  createdAt: string;
  settledAt?: string;
  accountName?: string;
}): Promise<number> {
  const [row] = await t.db
    .insert(withdrawals)
    .values({
      agentId: values.agentId,
      amountFen: values.amountFen,
      feeFen: 100,
      status: values.status,
      accountType: 'alipay',
      accountName: values.accountName ?? '王总',
      accountMasked: '************7788',
      createdAt: at(values.createdAt),
      reviewedAt: values.status === 'pending' ? null : at(values.createdAt),
      settledAt: values.settledAt ? at(values.settledAt) : null,
      reference: values.status === 'paid' ? 'ALIPAY-0001' : null,
    })
    .returning({ id: withdrawals.id });
  const id = (row as { id: number }).id;
  await postEntry(t.db, {
    owner: agentOwner(values.agentId),
    currency: 'balance',
    amount: -values.amountFen,
    billType: BillType.withdrawal,
    refType: 'withdrawal',
    refId: String(id),
    at: at(values.createdAt),
  });
  return id;
}

beforeAll(async () => {
  [owner, finance, support, viewer] = await signInOperators(t, ['owner', 'finance', 'support', 'viewer']);
  a = await createAgent(t.db, { level: 1, nickname: '王总' });
  b = await createAgent(t.db, {
    level: 2,
    parentId: a.agentId,
    nickname: '=HYPERLINK("http://x.test","点我")',
  });
  p = await createPlayer(t.db, { nickname: '小明, "阿强"\n第二行', boundAgentId: b.agentId });
  goodsId = await createGoods(t.db);
  // Every row of the world born long before March, then the births the report should see.
  await t.db.execute(sql`update players set created_at = '2024-01-01T00:00:00Z'`);
  await t.db.execute(sql`update agents set created_at = '2024-01-01T00:00:00Z'`);
  await t.db
    .update(agents)
    .set({ createdAt: at('2024-03-01T17:00:00Z') })
    .where(eq(agents.id, a.agentId));
  await t.db
    .update(agents)
    .set({ createdAt: at('2024-03-03T01:00:00Z') })
    .where(eq(agents.id, b.agentId));
  await t.db
    .update(players)
    .set({ createdAt: at('2024-03-02T02:00:00Z') })
    .where(eq(players.id, p));

  // Stock and cash before the period: adjustments, which no figure counts.
  await fund(t.db, agentOwner(a.agentId), 'diamonds', 1000, at('2024-02-20T00:00:00Z'));
  await fund(t.db, agentOwner(b.agentId), 'balance', 10_000, at('2024-02-20T00:00:00Z'));

  // 03-01 23:30 in Shanghai: B buys 1000 diamonds in the shop (0.60 each), A earns 100.00 on it.
  ids.agentOrder = await insertOrder({
    playerId: b.playerId,
    agentId: b.agentId,
    diamonds: 1000,
    unitPriceFen: 60,
    status: 'paid',
    createdAt: '2024-03-01T15:25:00Z',
    paidAt: '2024-03-01T15:30:00Z',
  });
  await postEntry(t.db, {
    owner: agentOwner(b.agentId),
    currency: 'diamonds',
    amount: 1000,
    billType: BillType.buyDiamonds,
    refType: 'order',
    refId: ids.agentOrder,
    at: at('2024-03-01T15:30:00Z'),
  });
  await postEntry(t.db, {
    owner: agentOwner(a.agentId),
    currency: 'balance',
    amount: 10_000,
    billType: BillType.profit,
    refType: 'order',
    refId: ids.agentOrder,
    at: at('2024-03-01T15:30:00Z'),
  });
  // 03-02 00:30 in Shanghai (still 03-01 in UTC): B recharges 200 diamonds to its player.
  await postEntry(t.db, {
    owner: agentOwner(b.agentId),
    currency: 'diamonds',
    amount: -200,
    billType: BillType.rechargePlayer,
    at: at('2024-03-01T16:30:00Z'),
  });
  await postEntry(t.db, {
    owner: playerOwner(p),
    currency: 'diamonds',
    amount: 200,
    billType: BillType.rechargePlayer,
    at: at('2024-03-01T16:30:00Z'),
  });
  // 03-02 11:00: the player buys 300 diamonds (1.00 each), B earns 30.00 commission; a held order is no sale.
  ids.playerOrder = await insertOrder({
    playerId: p,
    agentId: null,
    diamonds: 300,
    unitPriceFen: 100,
    status: 'paid',
    createdAt: '2024-03-02T02:55:00Z',
    paidAt: '2024-03-02T03:00:00Z',
  });
  await postEntry(t.db, {
    owner: playerOwner(p),
    currency: 'diamonds',
    amount: 300,
    billType: BillType.buyDiamonds,
    refType: 'order',
    refId: ids.playerOrder,
    at: at('2024-03-02T03:00:00Z'),
  });
  await postEntry(t.db, {
    owner: agentOwner(b.agentId),
    currency: 'balance',
    amount: 3_000,
    billType: BillType.profit,
    refType: 'order',
    refId: ids.playerOrder,
    at: at('2024-03-02T03:00:00Z'),
  });
  await insertOrder({
    playerId: b.playerId,
    agentId: b.agentId,
    diamonds: 5000,
    unitPriceFen: 60,
    status: 'held',
    createdAt: '2024-03-02T03:55:00Z',
    paidAt: '2024-03-02T04:00:00Z',
  });
  await insertOrder({
    playerId: p,
    agentId: null,
    diamonds: 100,
    unitPriceFen: 100,
    status: 'pending',
    createdAt: '2024-03-02T04:30:00Z',
    paidAt: null,
  });
  // 03-02 13:00: A passes 500 to B; 14:00: B exchanges 10.00 of its balance for 20 diamonds.
  await postEntry(t.db, {
    owner: agentOwner(a.agentId),
    currency: 'diamonds',
    amount: -500,
    billType: BillType.transferOut,
    at: at('2024-03-02T05:00:00Z'),
  });
  await postEntry(t.db, {
    owner: agentOwner(b.agentId),
    currency: 'diamonds',
    amount: 500,
    billType: BillType.transferIn,
    at: at('2024-03-02T05:00:00Z'),
  });
  await postEntry(t.db, {
    owner: agentOwner(b.agentId),
    currency: 'balance',
    amount: -1_000,
    billType: BillType.exchange,
    at: at('2024-03-02T06:00:00Z'),
  });
  await postEntry(t.db, {
    owner: agentOwner(b.agentId),
    currency: 'diamonds',
    amount: 20,
    billType: BillType.exchange,
    at: at('2024-03-02T06:00:00Z'),
  });
  // 03-03 10:00: B applies to withdraw 50.00, paid at 12:00; and one still pending, applied for long after.
  ids.paidWithdrawal = await insertWithdrawal({
    agentId: b.agentId,
    amountFen: 5_000,
    status: 'paid',
    createdAt: '2024-03-03T02:00:00Z',
    settledAt: '2024-03-03T04:00:00Z',
  });
  ids.pendingWithdrawal = await insertWithdrawal({
    agentId: b.agentId,
    amountFen: 2_000,
    status: 'pending',
    createdAt: '2024-06-01T02:00:00Z',
    accountName: '+SUM(A1:A9)',
  });
});

const summary = (token: string, input: Record<string, unknown>) =>
  apiUnchecked(t.app, 'adminReportSummary', { input, ...asOperator(token) });

const zeroDay = {
  orders: 0,
  sales: '0.00',
  diamondsToAgents: 0,
  diamondsToPlayers: 0,
  newAgents: 0,
  newPlayers: 0,
  profitPaid: '0.00',
  withdrawalsRequested: '0.00',
  withdrawalsPaid: '0.00',
};

describe('admin/reports/summary', () => {
  it('sums each day of the period in the platform’s time zone', async () => {
    const answer = await call('adminReportSummary', finance, { from: '2024-03-01', to: '2024-03-04' });
    expect(answer.code, answer.msg).toBe(ResponseCode.success);
    const data = answer.data;
    expect([data.from, data.to, data.timeZone]).toEqual(['2024-03-01', '2024-03-04', 'Asia/Shanghai']);
    expect(data.days).toEqual([
      {
        ...zeroDay,
        day: '2024-03-01',
        orders: 1,
        sales: '600.00',
        diamondsToAgents: 1000,
        profitPaid: '100.00',
      },
      {
        ...zeroDay,
        day: '2024-03-02',
        orders: 1,
        sales: '300.00',
        diamondsToAgents: 20,
        diamondsToPlayers: 500,
        newAgents: 1,
        newPlayers: 1,
        profitPaid: '30.00',
      },
      {
        ...zeroDay,
        day: '2024-03-03',
        newAgents: 1,
        withdrawalsRequested: '50.00',
        withdrawalsPaid: '50.00',
      },
      { ...zeroDay, day: '2024-03-04' },
    ]);
    expect(data.totals).toEqual({
      orders: 2,
      sales: '900.00',
      diamondsToAgents: 1020,
      diamondsToPlayers: 500,
      newAgents: 2,
      newPlayers: 1,
      profitPaid: '130.00',
      withdrawalsRequested: '50.00',
      withdrawalsPaid: '50.00',
    });
  });

  it('ranks the agents of the period by diamonds sold (recharges and transfers) and by profit', async () => {
    const { data } = await call('adminReportSummary', owner, { from: '2024-03-01', to: '2024-03-03' });
    const row = (agent: { agentId: number }, level: number, diamondsSold: number, profit: string) => ({
      agentId: agent.agentId,
      level,
      diamondsSold,
      profit,
      nickname: expect.any(String),
    });
    expect(data.top.byDiamonds).toEqual([row(a, 1, 500, '100.00'), row(b, 2, 200, '30.00')]);
    expect(data.top.byProfit).toEqual([row(a, 1, 500, '100.00'), row(b, 2, 200, '30.00')]);
    expect(data.top.byDiamonds[0]?.nickname).toBe('王总');
    // A period where only B earned: A is not ranked by profit, nor anyone by diamonds.
    const later = await call('adminReportSummary', owner, { from: '2024-03-02', to: '2024-03-02' });
    expect(later.data.top.byProfit.map((x) => x.agentId)).toEqual([b.agentId]);
    expect(later.data.top.byDiamonds.map((x) => x.agentId)).toEqual([a.agentId, b.agentId]);
    const empty = await call('adminReportSummary', owner, { from: '2023-01-01', to: '2023-01-31' });
    expect(empty.data.top).toEqual({ byDiamonds: [], byProfit: [] });
    expect(empty.data.days).toHaveLength(31);
    expect(empty.data.totals).toEqual(zeroDay);
  });

  it('answers what is owed and held now, whatever the period', async () => {
    const { data } = await call('adminReportSummary', owner, { from: '2023-01-01', to: '2023-01-01' });
    // A: 100.00 profit. B: 100.00 funded + 30.00 - 10.00 exchanged - 50.00 - 20.00 withdrawn.
    expect(data.now).toMatchObject({
      balancesOwed: '150.00',
      agentDiamonds: 500 + 1320,
      playerDiamonds: 500,
      withdrawalsPending: { count: 1, amount: '20.00' },
      withdrawalsApproved: { count: 0, amount: '0.00' },
    });
    expect(Math.abs(Date.parse(data.now.at) - Date.now())).toBeLessThan(60_000);
  });

  it('cuts the days where the time zone option says', async () => {
    await setOption(t.db, 'platform.timezone', 'UTC');
    try {
      const { data } = await call('adminReportSummary', owner, { from: '2024-03-01', to: '2024-03-02' });
      expect(data.timeZone).toBe('UTC');
      // The recharge of 16:30 UTC falls on the 1st now.
      expect(data.days.map((d) => [d.day, d.diamondsToPlayers, d.newAgents])).toEqual([
        ['2024-03-01', 200, 1],
        ['2024-03-02', 300, 0],
      ]);
    } finally {
      await clearOption(t.db, 'platform.timezone');
    }
  });

  it('defaults to the last 30 days, today included; `days` asks another length', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const byDefault = await call('adminReportSummary', finance, {});
    expect(byDefault.data.days).toHaveLength(30);
    expect(byDefault.data.to).toBe(today);
    expect(byDefault.data.days.at(-1)?.day).toBe(today);
    const week = await call('adminReportSummary', finance, { days: 7 });
    expect(week.data.days).toHaveLength(7);
    expect(week.data.to).toBe(today);
    const one = await call('adminReportSummary', finance, { days: 1 });
    expect([one.data.from, one.data.to]).toEqual([today, today]);
  });

  it('takes a whole leap year, refuses longer periods and malformed days as bad requests', async () => {
    const year = await call('adminReportSummary', finance, { from: '2024-01-01', to: '2024-12-31' });
    expect(year.data.days).toHaveLength(REPORT_MAX_DAYS);
    for (const input of [
      { from: '2024-01-01', to: '2025-01-01' },
      { from: '2024-03-02', to: '2024-03-01' },
      { from: '2024-02-30', to: '2024-03-01' },
      { from: '2024-03-01' },
      { from: '24-03-01', to: '2024-03-02' },
      { days: 0 },
      { days: REPORT_MAX_DAYS + 1 },
      { days: 7, from: '2024-03-01', to: '2024-03-02' },
      { from: '1999-12-31', to: '2000-01-01' },
    ]) {
      const answer = await summary(finance, input);
      expect({ status: answer.status, code: answer.code }, JSON.stringify(input)).toEqual({
        status: 400,
        code: ResponseCode.failure,
      });
    }
  });

  it('is for the roles holding `reports` only', async () => {
    for (const token of [support, viewer]) {
      const answer = await summary(token, {});
      expect([answer.code, answer.msg]).toEqual([
        ResponseCode.operatorForbidden,
        '您的角色没有此操作的权限（reports）',
      ]);
    }
    expect((await summary('', {})).code).toBe(ResponseCode.operatorNotSignedIn);
  });
});

// ---- CSV exports ---------------------------------------------------------------------------------------------------

const exportCsv = (
  kind: ExportKind,
  options: { token?: string; agentToken?: string; query?: Record<string, string>; lang?: string } = {},
) => requestCsv(t.app, kind, options);
/** The rows of an export as objects keyed by the header's labels. */
const table = (answer: CsvAnswer) => csvTable(answer).rows;

async function lastExportAudit() {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'report.export'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('CSV exports', () => {
  it('refuse without an operator session, without the right and with a bad filter, in the envelope', async () => {
    const agentToken = await signIn(t.app, t.db, a.playerId);
    for (const kind of Object.keys(exportDefs) as ExportKind[]) {
      for (const answer of [await exportCsv(kind), await exportCsv(kind, { agentToken })]) {
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toEqual({
          code: ResponseCode.operatorNotSignedIn,
          msg: '请先登录运营后台',
          data: null,
        });
      }
      // Each export's right: `reports`, the audit log's `audit.read` (finance may not read it).
      const { right } = exportDefs[kind];
      for (const [role, token] of [
        ['finance', finance],
        ['support', support],
        ['viewer', viewer],
      ] as const) {
        if (hasRight(role, right)) continue;
        const answer = await exportCsv(kind, { token });
        expect(JSON.parse(answer.body), `${kind} as ${role}`).toEqual({
          code: ResponseCode.operatorForbidden,
          msg: `您的角色没有此操作的权限（${right}）`,
          data: null,
        });
      }
    }
    const denied = await t.db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'call.denied'), eq(auditLog.targetId, 'admin/export/ledger')));
    expect(denied.length).toBe(2);

    for (const [kind, query] of [
      ['withdrawals', { status: 'lost' }],
      ['withdrawals', { minAmount: '-1' }],
      ['ledger', { agentId: '1', playerId: '2' }],
      ['ledger', { playerId: '2', currency: 'balance' }],
      ['ledger', { billType: '12' }],
      ['orders', { from: 'yesterday' }],
      ['agents', { level: '4' }],
    ] as const) {
      const answer = await exportCsv(kind, { token: finance, query });
      expect(answer.status, `${kind} ${JSON.stringify(query)}`).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: ResponseCode.failure, data: null });
    }
    const unknown = await exportCsv('ledger', { token: finance, query: { agentId: '999999' } });
    expect(JSON.parse(unknown.body)).toEqual({ code: ResponseCode.failure, msg: '推广员不存在', data: null });
  });

  it('withdrawals: the queue’s rows, newest first, in the operator’s language, formulas neutralized', async () => {
    const answer = await exportCsv('withdrawals', { token: finance });
    expect(answer.disposition).toMatch(/^attachment; filename="withdrawals-\d{8}-\d{6}\.csv"/);
    const rows = table(answer);
    expect(rows.map((r) => r['提现编号'])).toEqual([
      String(ids.pendingWithdrawal),
      String(ids.paidWithdrawal),
    ]);
    expect(rows[1]).toEqual({
      提现编号: String(ids.paidWithdrawal),
      推广员ID: String(b.agentId),
      // A nickname that is a formula reads as text: the quote before it.
      昵称: `'=HYPERLINK("http://x.test","点我")`,
      '金额（元）': '50.00',
      '手续费（元）': '1.00',
      '实付金额（元）': '49.00',
      状态: '已打款',
      收款方式: '支付宝',
      收款人: '王总',
      '收款账号（已遮盖）': '************7788',
      开户银行: '',
      '创建时间（Asia/Shanghai）': '2024-03-03 10:00:00',
      '审核时间（Asia/Shanghai）': '2024-03-03 10:00:00',
      '结算时间（Asia/Shanghai）': '2024-03-03 12:00:00',
      转账凭证: 'ALIPAY-0001',
      原因: '',
    });
    expect(rows[0]?.['收款人']).toBe(`'+SUM(A1:A9)`);
    // The raw text quotes what holds a quote or a comma.
    expect(answer.body).toContain(`"'=HYPERLINK(""http://x.test"",""点我"")"`);

    const english = table(
      await exportCsv('withdrawals', { token: finance, lang: 'en', query: { status: 'paid' } }),
    );
    expect(english).toHaveLength(1);
    expect(english[0]).toMatchObject({
      Status: 'Paid',
      'Payout method': 'Alipay',
      'Settled (Asia/Shanghai)': '2024-03-03 12:00:00',
    });
  });

  it('withdrawals: the queue’s filters name the same rows as the list', async () => {
    const queries: Record<string, string>[] = [
      { status: 'pending' },
      { status: 'paid' },
      { agentId: String(b.agentId), minAmount: '30' },
      { maxAmount: '30.00' },
      { from: '2024-03-01T00:00:00+08:00', to: '2024-04-01T00:00:00+08:00' },
      { agentId: String(a.agentId) },
    ];
    for (const query of queries) {
      const listed = await call('adminWithdrawalList', finance, { ...query, pageSize: 100 } as never);
      const exported = table(await exportCsv('withdrawals', { token: finance, query }));
      expect(exported.map((r) => r['提现编号']).sort(), JSON.stringify(query)).toEqual(
        listed.data.list.map((w) => w.id).sort(),
      );
    }
  });

  it('ledger: one agent’s two currencies or everyone’s, signed amounts as numbers, memos in the operator’s language', async () => {
    const rows = table(await exportCsv('ledger', { token: owner, query: { agentId: String(b.agentId) } }));
    // The balance first, then the diamonds, each newest first.
    expect(rows.map((r) => [r['币种'], r['类型'], r['变动'], r['变动后']])).toEqual([
      ['余额', '提现', '-20.00', '50.00'],
      ['余额', '提现', '-50.00', '70.00'],
      ['余额', '余额兑换钻石', '-10.00', '120.00'],
      ['余额', '收益', '30.00', '130.00'],
      ['余额', '人工调整', '100.00', '100.00'],
      ['钻石', '余额兑换钻石', '20', '1320'],
      ['钻石', '转入', '500', '1300'],
      ['钻石', '为玩家充值', '-200', '800'],
      ['钻石', '购买钻石', '1000', '1000'],
    ]);
    expect(rows[3]).toMatchObject({
      账户类型: '推广员',
      账户ID: String(b.agentId),
      类型编号: '5',
      '时间（Asia/Shanghai）': '2024-03-02 11:00:00',
      关联类型: 'order',
      关联编号: ids.playerOrder,
    });
    const diamonds = table(
      await exportCsv('ledger', {
        token: owner,
        query: { agentId: String(b.agentId), currency: 'diamonds', billType: '2' },
      }),
    );
    expect(diamonds.map((r) => r['变动'])).toEqual(['-200']);

    const everyone = table(await exportCsv('ledger', { token: owner, query: { billType: '5' } }));
    expect(everyone.map((r) => [r['账户ID'], r['变动']])).toEqual([
      [String(b.agentId), '30.00'],
      [String(a.agentId), '100.00'],
    ]);
    const player = table(
      await exportCsv('ledger', { token: owner, query: { playerId: String(p) }, lang: 'en' }),
    );
    expect(player.map((r) => [r['Account of'], r['Type'], r['Change']])).toEqual([
      ['Player', 'Diamonds bought', '300'],
      ['Player', 'Recharge to a player', '200'],
    ]);
    // The player's nickname holds a comma, quotes and a line break: one line, quoted, as typed otherwise.
    expect(player[0]?.['Nickname']).toBe('小明, "阿强" 第二行');
  });

  it('orders and agents: the lists’ filters, statuses in the operator’s language', async () => {
    const all = table(await exportCsv('orders', { token: finance }));
    expect(all.map((r) => r['状态'])).toEqual(['已过期', '已冻结待退款', '已支付', '已支付']);
    const paid = table(
      await exportCsv('orders', { token: finance, query: { status: 'paid', buyer: 'agent' } }),
    );
    expect(paid).toEqual([
      expect.objectContaining({
        订单号: ids.agentOrder,
        '支付时间（Asia/Shanghai）': '2024-03-01 23:30:00',
        购买方: '推广员',
        推广员ID: String(b.agentId),
        钻石: '1000',
        '单价（元）': '0.60',
        '金额（元）': '600.00',
        支付渠道: 'sandbox',
      }),
    ]);
    const agentsCsv = table(
      await exportCsv('agents', { token: finance, query: { parentId: String(a.agentId) } }),
    );
    expect(agentsCsv).toEqual([
      expect.objectContaining({
        推广员ID: String(b.agentId),
        等级: '2',
        等级名称: '黄金',
        状态: '正常',
        上级ID: String(a.agentId),
        '余额（元）': '50.00',
        钻石: '1320',
        直属下级数: '0',
        '创建时间（Asia/Shanghai）': '2024-03-03 09:00:00',
      }),
    ]);
    const top = table(await exportCsv('agents', { token: finance, query: { level: '1' } }));
    expect(top.map((r) => [r['推广员ID'], r['直属下级数']])).toEqual([[String(a.agentId), '1']]);
  });

  it('is an action of the audit log: the kind, the filters and the rows written', async () => {
    const rows = table(await exportCsv('withdrawals', { token: finance, query: { status: 'paid' } }));
    const entry = await lastExportAudit();
    expect(entry).toMatchObject({
      action: 'report.export',
      targetType: 'export',
      targetId: 'withdrawals',
      after: { kind: 'withdrawals', filters: { status: 'paid' }, rows: rows.length, completed: true },
    });
    expect(entry?.operatorName).toMatch(/^finance-/);
  });

  it('walks past many batches, ties of time included, each row once', async () => {
    const rows = EXPORT_BATCH_ROWS * 2 + 345;
    const { agentId } = await createAgent(t.db, { level: 3, parentId: b.agentId, nickname: 'many' });
    // One transaction, one now(): every entry has the same time, so only the id orders them.
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < rows; i += 500) {
        await tx.execute(sql`
          with acct as (
            insert into accounts (owner_type, owner_id, currency, value) values ('agent', ${agentId}, 'diamonds', 0)
            on conflict (owner_type, owner_id, currency) do update set value = accounts.value
            returning id, value
          )
          insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id)
          select acct.id, 1, acct.value + g, 9, 'test', 'bulk-' || g
          from acct, generate_series(1, least(500, ${rows}::int - ${i}::int)) g`);
        await tx.execute(sql`update accounts
          set value = value + least(500, ${rows}::int - ${i}::int), entry_count = entry_count + least(500, ${rows}::int - ${i}::int)
          where owner_type = 'agent' and owner_id = ${agentId} and currency = 'diamonds'`);
      }
    });
    const ledger = table(await exportCsv('ledger', { token: owner, query: { agentId: String(agentId) } }));
    const ids = ledger.map((r) => r['流水编号']);
    expect(ids).toHaveLength(rows);
    expect(new Set(ids).size).toBe(rows);
    const numeric = ids.map(Number);
    expect(numeric).toEqual([...numeric].sort((x, y) => y - x));
    expect((await lastExportAudit())?.after).toMatchObject({ rows, completed: true });
    const everyone = table(await exportCsv('ledger', { token: owner, query: { billType: '9' } }));
    expect(new Set(everyone.map((r) => r['流水编号'])).size).toBe(everyone.length);
    expect(everyone.length).toBe(rows + 2);
  });
});
