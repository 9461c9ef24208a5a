import { describe, expect, it } from 'vitest';
import { PaymentNotificationError } from '../../src/platform/payments/payment-provider';
import { billDay, isBillDate, parseTradeBill, yuanToFen } from '../../src/platform/payments/trade-bill';

/** WeChat Pay's trade bill read whole or refused whole (decision 042): exact fen, one merchant, known states. */

const MCH = '1900000109';

const HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,' +
  '应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,' +
  '费率,订单金额,申请退款金额,费率备注';
const SUMMARY_HEADER =
  '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额';

/** A data line: each field after a backtick. */
const line = (fields: string[]) => fields.map((field) => `\`${field}`).join(',');

function payment(
  time: string,
  transactionId: string,
  orderId: string,
  yuan: string,
  name = '1000钻石',
): string {
  return line([
    time,
    'wxappid',
    MCH,
    '0',
    '',
    transactionId,
    orderId,
    'oPayer',
    'JSAPI',
    'SUCCESS',
    'OTHERS',
    'CNY',
    yuan,
    '0.00',
    '0',
    '0',
    '0.00',
    '0.00',
    '',
    '',
    name,
    '',
    '0.01',
    '0.60%',
    yuan,
    '0.00',
    '',
  ]);
}

function refund(
  time: string,
  transactionId: string,
  orderId: string,
  refundId: string,
  outRefundNo: string,
  yuan: string,
) {
  return line([
    time,
    'wxappid',
    MCH,
    '0',
    '',
    transactionId,
    orderId,
    'oPayer',
    'JSAPI',
    'REFUND',
    'OTHERS',
    'CNY',
    '0.00',
    '0.00',
    refundId,
    outRefundNo,
    yuan,
    '0.00',
    'ORIGINAL',
    'SUCCESS',
    '1000钻石',
    '',
    '-0.01',
    '0.60%',
    '0.00',
    yuan,
    '',
  ]);
}

const summary = (count: string, paid: string, refunded: string) =>
  line([count, paid, refunded, '0.00', '0.03', paid, refunded]);

const bill = (...lines: string[]) => [HEADER, ...lines].join('\r\n');

const good = bill(
  payment('2026-03-01 00:00:01', '4200000001', 'ORDER0001', '0.29'),
  payment('2026-03-01 12:30:00', '4200000002', 'ORDER0002', '4.35', '钻石, 大礼包 `限时'),
  refund('2026-03-01 23:59:59', '4200000001', 'ORDER0001', '50300000001', 'RF0001', '0.07'),
  SUMMARY_HEADER,
  summary('3', '4.64', '0.07'),
  '',
);

describe('yuanToFen', () => {
  it('reads yuan by their digits, exactly where floating point would not', () => {
    expect(['0.29', '4.35', '1.15', '0.07', '0.00', '1234.50', '9999999999999.99'].map(yuanToFen)).toEqual([
      29, 435, 115, 7, 0, 123450, 999999999999999,
    ]);
    // What multiplying would have given: the reason for reading digits.
    expect(0.29 * 100).not.toBe(29);
  });

  it.each(['1.5', '1,000.00', '-1.00', '1e3', '', ' 1.00', '1.001', '99999999999999.00', '¥1.00'])(
    'refuses "%s"',
    (text) => {
      expect(() => yuanToFen(text)).toThrow(PaymentNotificationError);
    },
  );
});

describe('the bill’s day', () => {
  it('is the day in China (UTC+8), where WeChat Pay counts it', () => {
    expect(billDay(new Date('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(billDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    expect(isBillDate('2026-03-01')).toBe(true);
    expect(['2026-02-30', '2026-3-1', '20260301', '2026-03-01T00:00:00Z', ''].map(isBillDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('parseTradeBill', () => {
  it('reads every payment and refund in exact fen, with its ids and time, and the bill’s own totals', () => {
    expect(parseTradeBill('2026-03-01', `\uFEFF${good}`, MCH)).toEqual({
      date: '2026-03-01',
      rows: [
        {
          kind: 'payment',
          orderId: 'ORDER0001',
          providerRef: '4200000001',
          amountFen: 29,
          at: new Date('2026-02-28T16:00:01Z'),
        },
        {
          kind: 'payment',
          orderId: 'ORDER0002',
          providerRef: '4200000002',
          amountFen: 435,
          at: new Date('2026-03-01T04:30:00Z'),
        },
        {
          kind: 'refund',
          orderId: 'ORDER0001',
          providerRef: '4200000001',
          refundId: 'RF0001',
          refundProviderRef: '50300000001',
          amountFen: 7,
          at: new Date('2026-03-01T15:59:59Z'),
        },
      ],
      totals: { count: 3, paidFen: 464, refundedFen: 7 },
    });
  });

  it('reads a bill with columns added at the end, with \\n line ends, and one with no lines at all', () => {
    const wider = [
      `${HEADER},新的列`,
      `${payment('2026-03-01 08:00:00', '4200000003', 'ORDER0003', '10.00')},\`x`,
      SUMMARY_HEADER,
      summary('1', '10.00', '0.00'),
    ].join('\n');
    expect(parseTradeBill('2026-03-01', wider, MCH).rows).toMatchObject([
      { orderId: 'ORDER0003', amountFen: 1000 },
    ]);
    expect(parseTradeBill('2026-03-01', bill(SUMMARY_HEADER, summary('0', '0.00', '0.00')), MCH)).toEqual({
      date: '2026-03-01',
      rows: [],
      totals: { count: 0, paidFen: 0, refundedFen: 0 },
    });
  });

  const pay = payment('2026-03-01 08:00:00', '4200000003', 'ORDER0003', '10.00');
  const tail = [SUMMARY_HEADER, summary('1', '10.00', '0.00')];
  it.each([
    ['another merchant’s line', bill(pay.replace(`\`${MCH}`, '`1900000999'), ...tail)],
    ['a REVOKED payment', bill(pay.replace('`SUCCESS', '`REVOKED'), ...tail)],
    ['a line without its backticks', bill(pay.replaceAll('`', ''), ...tail)],
    ['a line of another width', bill(`${pay},\`extra`, ...tail)],
    ['an amount of floating point', bill(pay.replaceAll('`10.00', '`1e1'), ...tail)],
    ['a time that is no time', bill(pay.replace('2026-03-01 08:00:00', '2026-03-01T08:00:00'), ...tail)],
    ['no order id', bill(pay.replace('`ORDER0003', '`'), ...tail)],
    [
      'a refund without its refund id',
      bill(refund('2026-03-01 09:00:00', '42', 'ORDER0003', '503', '', '1.00'), ...tail),
    ],
    ['no summary', bill(pay)],
    ['a line after the summary', bill(pay, ...tail, pay)],
    ['a count that is no count', bill(pay, SUMMARY_HEADER, summary('one', '10.00', '0.00'))],
    ['a header without 申请退款金额', bill(pay, ...tail).replace(',申请退款金额', ',其他')],
    ['nothing', ''],
  ])('refuses a bill with %s', (_, text) => {
    expect(() => parseTradeBill('2026-03-01', text, MCH)).toThrow(PaymentNotificationError);
  });
});
