import { PaymentNotificationError, type TradeBill, type TradeBillRow } from './payment-provider';

/**
 * WeChat Pay's trade bill (交易账单, bill_type=ALL) as text (decision 042): a header line, one line per payment or
 * refund with every field prefixed by a backtick (`), then a summary header and its one line. Amounts are in yuan
 * with two decimals and times in China's time (UTC+8).
 */

/** The bill's day as WeChat Pay counts it: China Standard Time, UTC+8 all year (China keeps no summer time). */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** The day ('YYYY-MM-DD') `at` falls on in China: the bill_date of a payment or refund made then. */
export function billDay(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether `date` is a real day written 'YYYY-MM-DD' (not 2026-02-30). */
export function isBillDate(date: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/**
 * Yuan written with two decimals ("1234.50") as whole fen, read from its digits: never through a floating-point
 * number, where 0.07 * 100 is 7.000000000000001. Up to 13 digits of yuan, far below where a fen stops being exact.
 */
export function yuanToFen(text: string): number {
  const match = /^(\d{1,13})\.(\d{2})$/.exec(text);
  if (!match) throw new PaymentNotificationError(`trade bill: "${text}" is not an amount in yuan`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** The columns this reader uses, by their names in the header (WeChat Pay adds columns at the end over the years). */
const COLUMNS = {
  time: '交易时间',
  mchId: '商户号',
  transactionId: '微信订单号',
  outTradeNo: '商户订单号',
  state: '交易状态',
  refundId: '微信退款单号',
  outRefundNo: '商户退款单号',
  orderFen: '订单金额',
  refundFen: '申请退款金额',
} as const;

const SUMMARY_COLUMNS = {
  count: '总交易单数',
  paidFen: '订单总金额',
  refundedFen: '申请退款总金额',
} as const;

/** A header line: its column names, and where each one we read stands. */
function readHeader<T extends Record<string, string>>(
  line: string | undefined,
  wanted: T,
): Record<keyof T, number> & {
  width: number;
} {
  const names = (line ?? '').split(',').map((name) => name.trim());
  const at = {} as Record<keyof T, number>;
  for (const [key, name] of Object.entries(wanted) as [keyof T, string][]) {
    const index = names.indexOf(name);
    if (index < 0) throw new PaymentNotificationError(`trade bill: no column ${name}`);
    at[key] = index;
  }
  return { ...at, width: names.length };
}

/**
 * A data line's fields. Every field starts with a backtick, so the line is cut at ",`" rather than at every comma:
 * a product name or attach with a comma in it stays one field. A line of another width is refused.
 */
function readFields(line: string, width: number): string[] {
  if (!line.startsWith('`')) throw new PaymentNotificationError('trade bill: a line without its backticks');
  const fields = line.slice(1).split(',`');
  if (fields.length !== width)
    throw new PaymentNotificationError(
      `trade bill: a line of ${fields.length} fields under ${width} columns`,
    );
  return fields.map((field) => field.trim());
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** An id the bill names (an order's, a refund's): 1-64 characters without control characters. */
function readBillId(value: string | undefined, name: string): string {
  if (!value || value.length > 64 || CONTROL_CHARACTERS.test(value))
    throw new PaymentNotificationError(`trade bill: a line without a readable ${name}`);
  return value;
}

/** "2026-03-01 12:34:56" in China's time as an instant. */
function readBillTime(value: string | undefined): Date {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)$/.exec(value ?? '');
  const time = match ? new Date(`${match[1]}T${match[2]}+08:00`) : undefined;
  if (!time || Number.isNaN(time.getTime()))
    throw new PaymentNotificationError(`trade bill: "${value}" is not a time`);
  return time;
}

/** A line of the bill as a payment (交易状态 SUCCESS) or a refund (REFUND); any other state is refused. */
function readRow(
  fields: string[],
  at: ReturnType<typeof readHeader<typeof COLUMNS>>,
  mchId: string,
): TradeBillRow {
  const field = (key: keyof typeof COLUMNS) => fields[at[key]];
  if (field('mchId') !== mchId) throw new PaymentNotificationError('trade bill: a line of another merchant');
  const orderId = readBillId(field('outTradeNo'), '商户订单号');
  const providerRef = readBillId(field('transactionId'), '微信订单号');
  const time = readBillTime(field('time'));
  const state = field('state');
  if (state === 'SUCCESS')
    return { kind: 'payment', orderId, providerRef, amountFen: yuanToFen(field('orderFen') ?? ''), at: time };
  if (state === 'REFUND')
    return {
      kind: 'refund',
      orderId,
      providerRef,
      refundId: readBillId(field('outRefundNo'), '商户退款单号'),
      refundProviderRef: readBillId(field('refundId'), '微信退款单号'),
      amountFen: yuanToFen(field('refundFen') ?? ''),
      at: time,
    };
  // REVOKED (a cancelled payment-code payment) and whatever comes later: money we cannot place is not guessed at.
  throw new PaymentNotificationError(`trade bill: a line in the state "${state}"`);
}

/**
 * The text of WeChat Pay's trade bill of `date` (already gunzipped, its hash checked) read whole, or refused whole
 * with PaymentNotificationError: every line must be of this merchant, a payment or a refund with its ids, a time
 * and an exact amount in fen; the summary must follow them and nothing after it. A payment's amount is its 订单金额
 * (what the buyer was charged, the order's amountFen here), a refund's its 申请退款金额 (the refund's amountFen
 * here); the totals are the summary's 总交易单数, 订单总金额 and 申请退款总金额.
 */
export function parseTradeBill(date: string, text: string, mchId: string): TradeBill {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = readHeader(lines[0], COLUMNS);
  const summaryAt = lines.findIndex((line) => line.trim().startsWith(SUMMARY_COLUMNS.count));
  if (summaryAt < 1) throw new PaymentNotificationError('trade bill: no summary');
  if (lines.length !== summaryAt + 2)
    throw new PaymentNotificationError('trade bill: the summary is not its last two lines');
  const rows = lines
    .slice(1, summaryAt)
    .map((line) => readRow(readFields(line, header.width), header, mchId));
  const summary = readHeader(lines[summaryAt], SUMMARY_COLUMNS);
  const totals = readFields(lines[summaryAt + 1] as string, summary.width);
  const count = totals[summary.count] ?? '';
  if (!/^\d{1,9}$/.test(count)) throw new PaymentNotificationError(`trade bill: "${count}" is not a count`);
  return {
    date,
    rows,
    totals: {
      count: Number(count),
      paidFen: yuanToFen(totals[summary.paidFen] ?? ''),
      refundedFen: yuanToFen(totals[summary.refundedFen] ?? ''),
    },
  };
}
