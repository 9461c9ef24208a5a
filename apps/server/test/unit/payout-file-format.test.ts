import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors';
import {
  accountAgrees,
  amountFenOf,
  headerKey,
  keptAccount,
  outcomeOf,
  payoutCsv,
  readDelimited,
  readResultFile,
  referenceIdOf,
} from '../../src/modules/payout-files/payout-file-format';

/** Decision 044: the payout files' formats, written strictly and read liberally. */

describe('the payout file', () => {
  it('is the bank template, UTF-8 with a byte order mark, CRLF, typed texts neutralized', () => {
    const text = payoutCsv('bank', [
      {
        id: 123,
        accountNo: '6222020200112233445',
        accountName: '张三',
        bankName: '中国工商银行',
        payoutFen: 19_800,
      },
      {
        id: 7,
        accountNo: '6222020200112233452',
        accountName: '=HYPERLINK("x")',
        bankName: '招商银行, 深圳',
        payoutFen: 5,
      },
    ]);
    expect(text).toBe(
      '\uFEFF序号,收款账号,收款户名,收款银行,金额(元),用途,业务参考号\r\n' +
        '1,6222020200112233445,张三,中国工商银行,198.00,提现,WD0000000123\r\n' +
        `2,6222020200112233452,"'=HYPERLINK(""x"")","招商银行, 深圳",0.05,提现,WD0000000007\r\n`,
    );
  });

  it('is Alipay’s 批量转账 template, the reference in the remark', () => {
    expect(
      payoutCsv('alipay', [
        { id: 9, accountNo: 'li@example.com', accountName: '李四', bankName: null, payoutFen: 100_000 },
      ]),
    ).toBe(
      '\uFEFF序号,收款方支付宝账号,收款方姓名,金额,备注\r\n1,li@example.com,李四,1000.00,提现 WD0000000009\r\n',
    );
  });
});

describe('reading a result file', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, any line end, and a BOM', () => {
    expect(readDelimited('\uFEFFa,"b,1","c ""q""",d\r\n"x\ny",2\r3\n')).toEqual([
      { line: 1, cells: ['a', 'b,1', 'c "q"', 'd'] },
      { line: 2, cells: ['x\ny', '2'] },
      { line: 4, cells: ['3'] },
    ]);
    expect(readDelimited('a\tb\tc\n1\t2,5\t3')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', '2,5', '3'] },
    ]);
    expect(readDelimited('a;b\n1;2')[1]?.cells).toEqual(['1', '2']);
  });

  it('knows the headers in Chinese and English, whatever their brackets, case or spaces', () => {
    expect(headerKey(' 金额（元） ')).toBe('金额');
    expect(headerKey('Transaction ID')).toBe('transactionid');
    expect(headerKey('No.')).toBe('no');
    expect(headerKey('#')).toBe('#');
  });

  it('finds the header under a title, skips blank and total rows, and reads each line', () => {
    const lines = readResultFile(
      [
        '招商银行批量代发结果',
        ',,,',
        '序号,业务参考号,收款账号,金额,状态,银行流水号,失败原因',
        '1,WD0000000123,6222********3445,"1,234.50",成功,B1,',
        ',,,,,,',
        '2,,6222020200112233452,¥98,失败,,户名不符',
        '合计,,,"1,332.50",,,',
      ].join('\r\n'),
    );
    expect(lines).toEqual([
      {
        line: 4,
        seq: 1,
        referenceId: 123,
        reference: 'WD0000000123',
        account: '6222********3445',
        amountFen: 123_450,
        amountText: '1,234.50',
        outcome: 'paid',
        bankRef: 'B1',
        reason: null,
      },
      {
        line: 6,
        seq: 2,
        referenceId: null,
        reference: null,
        account: '6222020200112233452',
        amountFen: 9_800,
        amountText: '¥98',
        outcome: 'failed',
        bankRef: null,
        reason: '户名不符',
      },
    ]);
  });

  it('takes one column of "serial number or reason" as either, and a reference from a remark', () => {
    const [paid, failed] = readResultFile(
      'Seq,Account,Amount,Result,Message,Remark\n1,a@b.cn,1.00,SUCCESS,TX9,\n2,c@d.cn,2.00,FAIL,No such account,提现 WD0000000042\n',
    );
    expect(paid).toMatchObject({ seq: 1, outcome: 'paid', bankRef: 'TX9', reason: null });
    expect(failed).toMatchObject({
      seq: 2,
      outcome: 'failed',
      bankRef: null,
      reason: 'No such account',
      referenceId: 42,
    });
  });

  it('refuses a file without its columns, or without lines, naming what is missing', () => {
    const refusal = (content: string) => {
      try {
        readResultFile(content);
      } catch (error) {
        return error instanceof AppError ? [error.messageKey, error.params] : error;
      }
      return null;
    };
    expect(refusal('收款账号,金额\n1,2')).toEqual(['payoutResultColumns', { columns: '业务参考号, 状态' }]);
    expect(refusal('序号,收款账号,金额,状态\n')).toEqual(['payoutResultEmpty', undefined]);
    expect(refusal('')).toEqual(['payoutResultColumns', { columns: '业务参考号, 收款账号, 金额, 状态' }]);
  });

  it('reads amounts with thousands separators and currency signs, and refuses what is not an amount', () => {
    for (const [text, fen] of [
      ['198', 19_800],
      ['198.5', 19_850],
      ['198.50', 19_850],
      ['1,234.50', 123_450],
      ['12,345,678.00', 1_234_567_800],
      ['￥ 1,234.50', 123_450],
      ['RMB98.00', 9_800],
      ['98.00元', 9_800],
      ['98.500', 9_850],
    ] as const)
      expect(amountFenOf(text), text).toBe(fen);
    for (const text of ['', '-98.00', '98,50', '98.505', '1,23.00', 'abc', '1e3'])
      expect(amountFenOf(text), text).toBeNull();
  });

  it('reads success and failure in either language, and nothing else', () => {
    expect(['成功', '交易成功', 'Success', 'SUCCEEDED', 'paid'].map(outcomeOf)).toEqual(
      Array(5).fill('paid'),
    );
    expect(['失败', '退票', 'Failed', 'FAIL'].map(outcomeOf)).toEqual(Array(4).fill('failed'));
    expect(['处理中', 'processing', '', '成功了吗'].map(outcomeOf)).toEqual(Array(4).fill(null));
  });

  it('takes our references only: WD and 10 digits', () => {
    expect(referenceIdOf('WD0000000123')).toBe(123);
    expect(referenceIdOf('提现 wd0000000042 ')).toBe(42);
    expect(referenceIdOf('WD123')).toBeNull();
    expect(referenceIdOf('XWD0000000123')).toBeNull();
    expect(referenceIdOf('WD00000001234')).toBeNull();
    expect(referenceIdOf('WD0000000000')).toBeNull();
  });

  it('agrees an account whole or masked, its visible parts in their places', () => {
    const card = '6222020200112233445';
    for (const written of [
      card,
      '6222 0202 0011 2233 445',
      '************33445',
      '6222*********3445',
      '6222****3445',
    ])
      expect(accountAgrees(written, card), written).toBe(true);
    for (const written of [
      '',
      '6222020200112233446',
      '************3446',
      '7222****3445',
      '****',
      '*445',
      card.slice(1),
    ])
      expect(accountAgrees(written, card), written).toBe(false);
    expect(accountAgrees('Li@Example.com', 'li@example.com')).toBe(true);
    expect(accountAgrees('li***@example.com', 'li@example.com')).toBe(false);
    expect(accountAgrees('l***@example.com', 'lisi@example.com')).toBe(true);
  });

  it('keeps an account masked, never whole', () => {
    expect(keptAccount('6222020200112233445')).toBe('************2233445');
    expect(keptAccount('6222****3445')).toBe('6222****3445');
    expect(keptAccount('')).toBe('');
  });
});
