import { createHash, randomUUID } from 'node:crypto';
import {
  BillType,
  calls,
  maskAccountNumber,
  ResponseCode,
  type TPayoutLine,
  withdrawalFileReference,
} from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, auditLog, payoutBatches, payoutImports, withdrawals } from '../../src/db/schema';
import { createAgent, fund, signIn } from '../factories';
import { api } from '../helper';
import { adminApi, NO_DAILY_LIMITS, setOptions, signInOperators, useAdminTestApp } from './admin-support';
import { accountValue, agentOwner } from './money-support';

/**
 * Payout files for banks and Alipay (decision 044): approved withdrawals exported in the bank's (or Alipay's) bulk
 * transfer file with their whole account numbers (audited), claimed once however many operators export at once; the
 * result file read and matched first (nothing marked), then applied once, each line through the withdrawal's own
 * transition (maker/checker, a failure refunded once); a file cancelled gives its withdrawals back.
 */
const t = useAdminTestApp({ checkLedger: true });
const admin = adminApi(t);
/** Approves withdrawals (and so may never settle them); the others export, read and apply. */
let approver: string;
let payer: string;
let payer2: string;
let support: string;
let viewer: string;
beforeAll(async () => {
  [approver, payer, payer2, support, viewer] = await signInOperators(t, [
    'finance',
    'finance',
    'owner',
    'support',
    'viewer',
  ]);
  // A 1 % fee: the file pays each amount less its fee.
  await setOptions(t, { ...NO_DAILY_LIMITS, 'withdraw.feeRate': '1', 'withdraw.dailyCount': '50' });
});

const MAKER_CHECKER = '您批准了这笔提现：须由另一名操作员标记打款或失败';

let serial = 0;
/** A bank card number of 18 digits whose Luhn check holds, different each time. */
function cardNumber(): string {
  serial += 1;
  const body = `62220${String(Date.now() % 1_000_000).padStart(6, '0')}${String(serial).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

interface Made {
  id: string;
  agentId: number;
  accountNo: string;
  accountName: string;
}

/** An agent's withdrawal of `amount` to a new bank card or Alipay account, approved by `by` (unless null). */
async function withdrawal(
  type: 'bank' | 'alipay',
  amount: string,
  by: string | null = approver,
): Promise<Made> {
  const agent = await createAgent(t.db, { nickname: `pf-${randomUUID().slice(0, 6)}` });
  await fund(t.db, agentOwner(agent.agentId), 'balance', 10_000_000);
  const token = await signIn(t.app, t.db, agent.playerId);
  const accountNo = type === 'bank' ? cardNumber() : `pf${randomUUID().slice(0, 8)}@example.com`;
  const accountName = type === 'bank' ? '张三' : '李四';
  const answer = await api(t.app, 'withdraw', {
    token,
    input: {
      amount,
      accountType: type,
      accountName,
      accountNo,
      ...(type === 'bank' ? { bankName: '中国工商银行' } : {}),
      requestId: randomUUID(),
    },
  });
  expect(answer.code, answer.msg).toBe(1);
  const id = answer.data.withdrawal.id;
  if (by !== null) {
    const approved = await admin('adminWithdrawalApprove', by, { id });
    expect(approved.data.status, approved.msg).toBe('approved');
  }
  return { id, agentId: agent.agentId, accountNo, accountName };
}

const rowOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, Number(id)))
  )[0];

async function refundsOf(id: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from ledger_entries where bill_type = ${BillType.withdrawalRefund}
        and ref_type = 'withdrawal' and ref_id = ${id}`,
  );
  return (result.rows[0] as { n: number }).n;
}

async function auditOf(action: string, batchId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.targetType, 'payoutBatch'),
        eq(auditLog.targetId, batchId),
      ),
    );
}

async function exported(channel: 'bank' | 'alipay', made: Made[], token = payer) {
  const answer = await admin('adminPayoutBatchCreate', token, { channel, ids: made.map((w) => w.id) });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data;
}

const ref = (made: Made) => withdrawalFileReference(made.id);
/** A result file's text: the lines given, CRLF, with a byte order mark as Excel saves it. */
const resultFile = (rows: string[][]) =>
  '\uFEFF' +
  rows
    .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
    .join('\r\n') +
  '\r\n';

const actionsOf = (lines: TPayoutLine[]) =>
  lines.map((line) => [line.withdrawalId, line.action, line.problem]);

describe('exporting a payout file', () => {
  it('puts approved withdrawals of its kind in one CSV with whole numbers and totals, audited once with masked numbers', async () => {
    const bank1 = await withdrawal('bank', '200.00');
    const bank2 = await withdrawal('bank', '350.00');
    const ali = await withdrawal('alipay', '120.00');
    const pending = await withdrawal('bank', '150.00', null);
    const frozen = await withdrawal('bank', '160.00');
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, frozen.agentId));

    const answer = await admin('adminPayoutBatchCreate', payer, {
      channel: 'bank',
      ids: [bank2.id, bank1.id, ali.id, pending.id, frozen.id, '999999999', bank1.id],
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminPayoutBatchCreate.data.parse(answer.data)).toEqual(answer.data);
    const { batch, file, skipped } = answer.data;
    // 200.00 and 350.00 less their 1 % fee: 198.00 + 346.50.
    expect(batch).toMatchObject({
      channel: 'bank',
      status: 'exported',
      count: 2,
      total: '544.50',
      progress: { paid: 0, failed: 0, open: 2 },
      cancelled: null,
    });
    expect(Object.fromEntries(skipped.map((s) => [s.id, s.reason]))).toEqual({
      [ali.id]: '该提现的收款账户与此付款文件的类型（银行卡或支付宝）不符',
      [pending.id]: '该提现当前状态为「待审核」，无法执行此操作',
      [frozen.id]: '该代理已被冻结：解冻前其提现暂缓处理',
      '999999999': '提现记录不存在',
    });

    expect(file.name).toBe(`payout-bank-${batch.id.padStart(6, '0')}.csv`);
    expect(file.sha256).toBe(createHash('sha256').update(file.content, 'utf8').digest('hex'));
    expect(file.sha256).toBe(batch.fileSha256);
    expect(file.content.split('\r\n')).toEqual([
      '\uFEFF序号,收款账号,收款户名,收款银行,金额(元),用途,业务参考号',
      `1,${bank1.accountNo},张三,中国工商银行,198.00,提现,${ref(bank1)}`,
      `2,${bank2.accountNo},张三,中国工商银行,346.50,提现,${ref(bank2)}`,
      '',
    ]);

    const [entry, ...more] = await auditOf('payoutBatch.export', batch.id);
    expect(more).toEqual([]);
    expect(entry?.after).toMatchObject({
      channel: 'bank',
      count: 2,
      total: '544.50',
      withdrawals: [
        { id: bank1.id, accountMasked: maskAccountNumber(bank1.accountNo) },
        { id: bank2.id, accountMasked: maskAccountNumber(bank2.accountNo) },
      ],
    });
    const logged = JSON.stringify(await t.db.select().from(auditLog));
    expect(logged).not.toContain(bank1.accountNo);
    expect(logged).not.toContain(bank2.accountNo);

    expect(await rowOf(bank1.id)).toMatchObject({ payoutMethod: 'file', payoutBatchId: Number(batch.id) });
    expect(await rowOf(ali.id)).toMatchObject({ payoutMethod: null, payoutBatchId: null });
    const queue = await admin('adminWithdrawalDetail', payer, { id: bank1.id });
    expect(queue.data.withdrawal.payout).toMatchObject({ method: 'file', batchId: batch.id });

    // Downloaded again: the same bytes, audited again.
    const again = await admin('adminPayoutBatchFile', payer, { id: batch.id });
    expect(again.data).toEqual(file);
    expect(await auditOf('payoutBatch.download', batch.id)).toHaveLength(1);

    // In an open file: no operator marks it by hand, and no other file takes it.
    for (const manual of [
      await admin('adminWithdrawalPay', payer, { id: bank1.id, reference: 'T-1' }),
      await admin('adminWithdrawalFail', payer, { id: bank1.id, reason: '退票' }),
    ])
      expect({ code: manual.code, msg: manual.msg }).toEqual({
        code: 0,
        msg: `该提现在付款文件 #${batch.id} 中：须导入该文件的结果来结算，或先取消该文件`,
      });
    expect((await rowOf(bank1.id))?.status).toBe('approved');
    expect(await admin('adminPayoutBatchCreate', payer2, { channel: 'bank', ids: [bank1.id] })).toMatchObject(
      {
        code: 0,
        msg: '所选提现都不能放入付款文件：须为已批准、收款账户与文件类型相同、代理未冻结，且不在其他付款文件或微信转账中',
      },
    );

    // Alipay's file: its own columns, the reference in the remark.
    const aliFile = await exported('alipay', [ali]);
    expect(aliFile.file.content.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFF序号,收款方支付宝账号,收款方姓名,金额,备注',
      `1,${ali.accountNo},李四,118.80,提现 ${ref(ali)}`,
    ]);

    const list = await admin('adminPayoutBatchList', viewer, { status: 'exported', channel: 'bank' });
    expect(list.data.list.map((b) => b.id)).toContain(batch.id);
    const detail = await admin('adminPayoutBatchDetail', viewer, { id: batch.id });
    expect(calls.adminPayoutBatchDetail.data.parse(detail.data)).toEqual(detail.data);
    expect(detail.data.items.map((item) => [item.seq, item.id, item.payout, item.accountNo])).toEqual([
      [1, bank1.id, '198.00', maskAccountNumber(bank1.accountNo)],
      [2, bank2.id, '346.50', maskAccountNumber(bank2.accountNo)],
    ]);
    expect(detail.data.totals.approved).toEqual({ count: 2, amount: '544.50' });
    expect(JSON.stringify(detail.data)).not.toContain(bank1.accountNo);
    await t.db.update(agents).set({ status: 'active' }).where(eq(agents.id, frozen.agentId));
  });

  it('two operators exporting the same withdrawals at once put each in one file only', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await Promise.all(Array.from({ length: 6 }, () => withdrawal('bank', '101.00')));
      const [a, b] = await Promise.all([
        admin('adminPayoutBatchCreate', payer, { channel: 'bank', ids: made.slice(0, 4).map((w) => w.id) }),
        admin('adminPayoutBatchCreate', payer2, { channel: 'bank', ids: made.slice(2).map((w) => w.id) }),
      ]);
      const files = [a, b].filter((answer) => answer.code === 1).map((answer) => answer.data);
      expect(files.length).toBeGreaterThanOrEqual(1);
      const inFiles = files.flatMap((data) =>
        made.filter((w) => data.file.content.includes(ref(w))).map((w) => w.id),
      );
      // Every withdrawal in exactly one file, its row naming that file; the counts add up.
      expect(inFiles.sort()).toEqual(made.map((w) => w.id).sort());
      expect(files.reduce((sum, data) => sum + data.batch.count, 0)).toBe(6);
      for (const data of files)
        for (const w of made.filter((x) => data.file.content.includes(ref(x))))
          expect((await rowOf(w.id))?.payoutBatchId).toBe(Number(data.batch.id));
    }
  });
});

describe('importing the result file', () => {
  it('previews matched, unmatched, not-in-file and invalid lines, liberally read, and marks nothing', async () => {
    // One after the other: the file's lines (序号) follow the withdrawals' ids.
    const w: Made[] = [];
    for (const amount of ['200.00', '300.00', '1500.00', '400.00', '500.00', '600.00'])
      w.push(await withdrawal('bank', amount));
    const [w1, w2, w3, w4, w5, w6] = w as [Made, Made, Made, Made, Made, Made];
    const other = await withdrawal('bank', '110.00');
    const { batch } = await exported('bank', w);
    await exported('bank', [other]);
    const masked = (made: Made) => `${made.accountNo.slice(0, 4)}**********${made.accountNo.slice(-4)}`;
    const content = resultFile([
      ['批量代发结果'],
      ['批次', batch.id],
      ['序号', '业务参考号', '收款账号', '收款户名', '金额(元)', '状态', '银行流水号', '失败原因'],
      ['1', ref(w1), w1.accountNo, '张三', '198.00', '成功', 'B20250101001', ''],
      ['2', ref(w2), masked(w2), '张三', '297', '失败', '', '户名不符'],
      ['3', ref(w3), maskAccountNumber(w3.accountNo), '张三', '1,485.00', '交易成功', 'B20250101003', ''],
      ['4', ref(w4), w4.accountNo, '张三', '395.00', '成功', 'B4', ''],
      ['5', ref(w5), cardNumber(), '张三', '495.00', '成功', 'B5', ''],
      ['6', ref(w6), w6.accountNo, '张三', '594.00', '处理中', '', ''],
      ['', ref(other), other.accountNo, '张三', '108.90', '成功', 'B7', ''],
      ['', 'WD9999999999', '6222', '张三', '1.00', '成功', 'B8', ''],
      ['99', '', '6222', '张三', '1.00', '成功', 'B9', ''],
      ['', '', '6222', '张三', '1.00', '成功', 'B10', ''],
      ['合计', '', '', '', '2,071.50', '', '', ''],
    ]);
    const answer = await admin('adminPayoutImportPreview', payer, { batchId: batch.id, content });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminPayoutImportPreview.data.parse(answer.data)).toEqual(answer.data);
    const preview = answer.data;
    expect(preview.status).toBe('previewed');
    expect(actionsOf(preview.lines)).toEqual([
      [w1.id, 'markPaid', null],
      [w2.id, 'markFailed', null],
      [w3.id, 'markPaid', null],
      [w4.id, 'invalid', 'amountMismatch'],
      [w5.id, 'invalid', 'accountMismatch'],
      [w6.id, 'invalid', 'statusUnknown'],
      [other.id, 'notInBatch', null],
      [null, 'unmatched', 'unknownReference'],
      [null, 'unmatched', 'seqOutOfRange'],
      [null, 'unmatched', 'noKey'],
    ]);
    expect(preview.lines[0]).toMatchObject({
      line: 4,
      seq: 1,
      account: maskAccountNumber(w1.accountNo),
      amount: '198.00',
      expected: '198.00',
      outcome: 'paid',
      bankRef: 'B20250101001',
      current: 'approved',
      result: null,
    });
    expect(preview.lines[1]).toMatchObject({ outcome: 'failed', reason: '户名不符', amount: '297.00' });
    expect(preview.lines[3]).toMatchObject({ amount: '395.00', expected: '396.00' });
    expect(preview.totals.markPaid).toEqual({ count: 2, amount: '1683.00' });
    expect(preview.totals.markFailed).toEqual({ count: 1, amount: '297.00' });
    expect(preview.totals.invalid.count).toBe(3);
    expect(preview.totals.alreadySettled).toEqual({ count: 0, amount: '0.00' });
    expect(preview.notInFile).toEqual([]);
    // No whole number is kept: the lines keep what the file had, masked.
    const [kept] = await t.db
      .select()
      .from(payoutImports)
      .where(eq(payoutImports.id, Number(preview.id)));
    expect(JSON.stringify(kept?.lines)).not.toContain(w1.accountNo);
    for (const made of w) expect((await rowOf(made.id))?.status).toBe('approved');
    expect(await refundsOf(w2.id)).toBe(0);

    // English headers, tabs, a line number instead of a reference, lower-case words: read the same way.
    const english = [
      'No.\tPayee account\tAmount\tStatus\tTransaction ID\tReason',
      `1\t${w1.accountNo}\tCNY 198.00\tsuccess\tTX-1\t`,
      `2\t${masked(w2)}\t297.00\tFailed\t\tAccount closed`,
    ].join('\n');
    const read = await admin('adminPayoutImportPreview', payer, { batchId: batch.id, content: english });
    expect(read.code, read.msg).toBe(1);
    expect(actionsOf(read.data.lines)).toEqual([
      [w1.id, 'markPaid', null],
      [w2.id, 'markFailed', null],
    ]);
    expect(read.data.lines[0]?.bankRef).toBe('TX-1');
    expect(read.data.notInFile).toEqual([w3.id, w4.id, w5.id, w6.id]);

    // Two lines naming one withdrawal: neither applies.
    const twice = resultFile([
      ['业务参考号', '收款账号', '金额', '状态'],
      [ref(w1), w1.accountNo, '198.00', '成功'],
      [ref(w1), w1.accountNo, '198.00', '失败'],
    ]);
    const dup = await admin('adminPayoutImportPreview', payer, { batchId: batch.id, content: twice });
    expect(actionsOf(dup.data.lines)).toEqual([
      [w1.id, 'invalid', 'duplicate'],
      [w1.id, 'invalid', 'duplicate'],
    ]);
  });

  it('refuses a file it cannot read, with nothing stored', async () => {
    const made = await withdrawal('bank', '200.00');
    const { batch } = await exported('bank', [made]);
    const before = await t.db
      .select()
      .from(payoutImports)
      .where(eq(payoutImports.batchId, Number(batch.id)));
    expect(
      await admin('adminPayoutImportPreview', payer, {
        batchId: batch.id,
        content: '姓名,说明\n张三,你好\n',
      }),
    ).toMatchObject({ code: 0, msg: '结果文件中找不到表头所需的列：业务参考号, 收款账号, 金额, 状态' });
    expect(
      await admin('adminPayoutImportPreview', payer, {
        batchId: batch.id,
        content: '业务参考号,收款账号,金额,状态\r\n合计,,0,\r\n',
      }),
    ).toMatchObject({ code: 0, msg: '结果文件中没有明细行' });
    expect(
      await admin('adminPayoutImportPreview', payer, {
        batchId: '999999999',
        content: `业务参考号,收款账号,金额,状态\n${ref(made)},${made.accountNo},198.00,成功`,
      }),
    ).toMatchObject({ code: 0, msg: '付款文件不存在' });
    const nul = await api(t.app, 'adminPayoutImportPreview', {
      input: { batchId: batch.id, content: '业务参考号\u0000' },
      headers: { 'x-operator-token': payer },
    });
    expect(nul.status).toBe(400);
    expect(
      await t.db
        .select()
        .from(payoutImports)
        .where(eq(payoutImports.batchId, Number(batch.id))),
    ).toEqual(before);
  });

  it('applies once (two applies at once), skips what its operator approved, refunds a failure once, then settles', async () => {
    const w1 = await withdrawal('bank', '200.00');
    const w2 = await withdrawal('bank', '300.00');
    // Approved by the operator who will apply the file: maker/checker skips it.
    const w3 = await withdrawal('bank', '400.00', payer);
    const { batch } = await exported('bank', [w1, w2, w3], payer2);
    const balanceBefore = await accountValue(t.db, agentOwner(w2.agentId), 'balance');
    const content = resultFile([
      ['序号', '业务参考号', '收款账号', '金额', '状态', '银行流水号', '失败原因'],
      ['1', ref(w1), w1.accountNo, '198.00', '成功', 'B-1', ''],
      ['2', ref(w2), w2.accountNo, '297.00', '失败', '', '账户已销户'],
      ['3', ref(w3), w3.accountNo, '396.00', '成功', '', ''],
    ]);
    const preview = await admin('adminPayoutImportPreview', payer2, { batchId: batch.id, content });
    expect(preview.code, preview.msg).toBe(1);

    const [a, b] = await Promise.all([
      admin('adminPayoutImportApply', payer, { importId: preview.data.id }),
      admin('adminPayoutImportApply', payer, { importId: preview.data.id }),
    ]);
    const applied = [a, b].filter((answer) => answer.code === 1);
    const refused = [a, b].filter((answer) => answer.code !== 1);
    expect(applied).toHaveLength(1);
    expect(refused.map((answer) => answer.msg)).toEqual(['该结果文件已应用过']);
    const result = (applied[0] as typeof a).data;
    expect(calls.adminPayoutImportApply.data.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      paid: [w1.id],
      failed: [w2.id],
      skipped: [{ id: w3.id, reason: MAKER_CHECKER }],
    });
    expect(result.import.lines.map((line) => line.result)).toEqual([
      { status: 'paid', reason: null },
      { status: 'failed', reason: null },
      { status: 'skipped', reason: MAKER_CHECKER },
    ]);
    expect(result.batch).toMatchObject({ status: 'exported', progress: { paid: 1, failed: 1, open: 1 } });
    expect(await rowOf(w1.id)).toMatchObject({ status: 'paid', reference: 'B-1' });
    expect(await rowOf(w2.id)).toMatchObject({ status: 'failed', remark: '账户已销户' });
    expect(await refundsOf(w2.id)).toBe(1);
    expect(await accountValue(t.db, agentOwner(w2.agentId), 'balance')).toBe(balanceBefore + 30_000);
    expect((await rowOf(w3.id))?.status).toBe('approved');
    const paidAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.pay'), eq(auditLog.targetId, w1.id)));
    expect(paidAudit.map((entry) => entry.after)).toEqual([
      { status: 'paid', reference: 'B-1', payoutBatch: batch.id },
    ]);

    // Applied again: refused. The same file read again: what is settled stays so, the rest applies.
    expect(await admin('adminPayoutImportApply', payer2, { importId: preview.data.id })).toMatchObject({
      code: 0,
      msg: '该结果文件已应用过',
    });
    const second = await admin('adminPayoutImportPreview', payer2, { batchId: batch.id, content });
    expect(actionsOf(second.data.lines)).toEqual([
      [w1.id, 'alreadySettled', null],
      [w2.id, 'alreadySettled', null],
      [w3.id, 'markPaid', null],
    ]);
    expect(second.data.lines.map((line) => line.current)).toEqual(['paid', 'failed', 'approved']);
    const done = await admin('adminPayoutImportApply', payer2, { importId: second.data.id });
    expect(done.data).toMatchObject({ paid: [w3.id], failed: [], skipped: [] });
    // Without the bank's serial number, the file's name and line stand for it.
    expect((await rowOf(w3.id))?.reference).toBe(`payout-bank-${batch.id.padStart(6, '0')} #3`);
    expect(done.data.batch).toMatchObject({
      status: 'settled',
      settledBy: { operatorName: expect.any(String) },
      progress: { paid: 2, failed: 1, open: 0 },
    });
    expect(await refundsOf(w2.id)).toBe(1);

    // A settled file takes no result file, and its previews cannot be applied.
    expect(await admin('adminPayoutImportPreview', payer2, { batchId: batch.id, content })).toMatchObject({
      code: 0,
      msg: '该付款文件已结算完毕',
    });
    expect(await admin('adminPayoutBatchCancel', payer2, { id: batch.id, reason: '晚了' })).toMatchObject({
      code: 0,
      msg: '该付款文件已结算完毕',
    });
    // Its file can still be downloaded, the same bytes.
    const file = await admin('adminPayoutBatchFile', payer2, { id: batch.id });
    expect(file.data.sha256).toBe(batch.fileSha256);
  });

  it('two previews applied at once by two operators mark each withdrawal once', async () => {
    const made = await Promise.all(Array.from({ length: 4 }, () => withdrawal('alipay', '250.00')));
    const { batch } = await exported('alipay', made);
    // Alipay's own words: its columns, the reference in the remark.
    const content = resultFile([
      ['序号', '收款方支付宝账号', '收款方姓名', '金额', '备注', '状态', '支付宝流水号', '失败原因'],
      ...made.map((w, i) => [
        String(i + 1),
        w.accountNo,
        '李四',
        '247.50',
        `提现 ${ref(w)}`,
        i === 3 ? '失败' : '成功',
        i === 3 ? '' : `ALI-${i}`,
        i === 3 ? '收款账户不存在' : '',
      ]),
    ]);
    const p1 = await admin('adminPayoutImportPreview', payer, { batchId: batch.id, content });
    const p2 = await admin('adminPayoutImportPreview', payer2, { batchId: batch.id, content });
    expect(actionsOf(p1.data.lines).map(([, action]) => action)).toEqual([
      'markPaid',
      'markPaid',
      'markPaid',
      'markFailed',
    ]);
    const [a, b] = await Promise.all([
      admin('adminPayoutImportApply', payer, { importId: p1.data.id }),
      admin('adminPayoutImportApply', payer2, { importId: p2.data.id }),
    ]);
    const answers = [a, b].filter((answer) => answer.code === 1).map((answer) => answer.data);
    const paid = answers.flatMap((data) => data.paid);
    const failed = answers.flatMap((data) => data.failed);
    expect(paid.sort()).toEqual(
      made
        .slice(0, 3)
        .map((w) => w.id)
        .sort(),
    );
    expect(failed).toEqual([(made[3] as Made).id]);
    expect(await refundsOf((made[3] as Made).id)).toBe(1);
    const [row] = await t.db
      .select()
      .from(payoutBatches)
      .where(eq(payoutBatches.id, Number(batch.id)));
    expect(row?.status).toBe('settled');
  });
});

describe('cancelling and discarding', () => {
  it('cancel gives its withdrawals back to the queue, discards its previews and stops its file', async () => {
    const w1 = await withdrawal('bank', '200.00');
    const w2 = await withdrawal('bank', '300.00');
    const { batch } = await exported('bank', [w1, w2]);
    const content = resultFile([
      ['业务参考号', '收款账号', '金额', '状态'],
      [ref(w1), w1.accountNo, '198.00', '成功'],
    ]);
    const preview = await admin('adminPayoutImportPreview', payer, { batchId: batch.id, content });
    expect(
      await admin('adminPayoutBatchCancel', support, { id: batch.id, reason: '银行拒收' }),
    ).toMatchObject({
      code: ResponseCode.operatorForbidden,
    });
    const cancelled = await admin('adminPayoutBatchCancel', payer2, { id: batch.id, reason: '银行拒收整批' });
    expect(cancelled.code, cancelled.msg).toBe(1);
    expect(cancelled.data.released).toEqual([w1.id, w2.id]);
    expect(cancelled.data.batch).toMatchObject({
      status: 'cancelled',
      cancelled: { reason: '银行拒收整批' },
      progress: { paid: 0, failed: 0, open: 0 },
    });
    expect(await rowOf(w1.id)).toMatchObject({ status: 'approved', payoutBatchId: null, payoutMethod: null });
    expect(await admin('adminPayoutImportApply', payer, { importId: preview.data.id })).toMatchObject({
      code: 0,
      msg: '该导入已丢弃',
    });
    expect(await admin('adminPayoutBatchFile', payer, { id: batch.id })).toMatchObject({
      code: 0,
      msg: '该付款文件已取消',
    });
    expect(await admin('adminPayoutImportPreview', payer, { batchId: batch.id, content })).toMatchObject({
      code: 0,
      msg: '该付款文件已取消',
    });
    expect(await admin('adminPayoutBatchCancel', payer, { id: batch.id, reason: '再次' })).toMatchObject({
      code: 0,
      msg: '该付款文件已取消',
    });
    expect((await auditOf('payoutBatch.cancel', batch.id)).map((entry) => entry.after)).toEqual([
      { status: 'cancelled', reason: '银行拒收整批', released: [w1.id, w2.id] },
    ]);
    // Plain approved again: marked by hand, or put in another file.
    expect((await admin('adminWithdrawalPay', payer, { id: w1.id, reference: 'T-9' })).data.status).toBe(
      'paid',
    );
    const next = await exported('bank', [w2]);
    expect(next.batch.count).toBe(1);
  });

  it('a discarded preview marks nothing and cannot be applied', async () => {
    const w1 = await withdrawal('bank', '200.00');
    const { batch } = await exported('bank', [w1]);
    const content = resultFile([
      ['业务参考号', '收款账号', '金额', '状态'],
      [ref(w1), w1.accountNo, '198.00', '失败'],
    ]);
    const preview = await admin('adminPayoutImportPreview', payer, { batchId: batch.id, content });
    const discarded = await admin('adminPayoutImportDiscard', payer2, { importId: preview.data.id });
    expect(discarded.data.status).toBe('discarded');
    expect(await admin('adminPayoutImportApply', payer, { importId: preview.data.id })).toMatchObject({
      code: 0,
      msg: '该导入已丢弃',
    });
    expect(await admin('adminPayoutImportDiscard', payer, { importId: preview.data.id })).toMatchObject({
      code: 0,
      msg: '该导入已丢弃',
    });
    expect((await rowOf(w1.id))?.status).toBe('approved');
    expect(await refundsOf(w1.id)).toBe(0);
    const detail = await admin('adminPayoutBatchDetail', payer, { id: batch.id });
    expect(detail.data.imports.map((i) => [i.id, i.status])).toEqual([[preview.data.id, 'discarded']]);
  });
});

describe('rights', () => {
  it('support and viewer are refused every action of payout files; they may read the list', async () => {
    const w1 = await withdrawal('bank', '200.00');
    const { batch } = await exported('bank', [w1]);
    const content = `业务参考号,收款账号,金额,状态\n${ref(w1)},${w1.accountNo},198.00,成功`;
    const preview = await admin('adminPayoutImportPreview', payer, { batchId: batch.id, content });
    for (const token of [support, viewer]) {
      for (const answer of [
        await admin('adminPayoutBatchCreate', token, { channel: 'bank', ids: [w1.id] }),
        await admin('adminPayoutBatchFile', token, { id: batch.id }),
        await admin('adminPayoutBatchCancel', token, { id: batch.id, reason: 'x' }),
        await admin('adminPayoutImportPreview', token, { batchId: batch.id, content }),
        await admin('adminPayoutImportApply', token, { importId: preview.data.id }),
        await admin('adminPayoutImportDiscard', token, { importId: preview.data.id }),
      ])
        expect({ code: answer.code, msg: answer.msg }).toEqual({
          code: ResponseCode.operatorForbidden,
          msg: '您的角色没有此操作的权限（withdrawals.pay）',
        });
      expect((await admin('adminPayoutBatchList', token, {})).code).toBe(1);
    }
    expect((await rowOf(w1.id))?.status).toBe('approved');
    expect((await admin('adminPayoutImportDetail', viewer, { id: preview.data.id })).data.status).toBe(
      'previewed',
    );
  });
});
