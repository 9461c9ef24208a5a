import { createHash } from 'node:crypto';
import {
  fenToMoney,
  maskAccountNumber,
  type PayoutChannel,
  withdrawalFileReference,
} from '@promoter/contract';
import { AppError } from '../../errors';
import { CSV_BOM, CSV_EOL, plainCell, textCell } from '../reports/csv';

/**
 * The payout files' formats (decision 044): the CSV a bank's or Alipay's bulk transfer takes, and the result file the
 * bank answers with, read liberally (a byte order mark, CRLF or LF, quoted fields, commas, tabs or semicolons, Chinese or
 * English headers, a title above the header and a total below the lines, amounts with a currency sign or thousands
 * separators). Pure functions: the services hold the rules about withdrawals.
 */

/** One withdrawal as a line of the file: what the bank needs to pay it. */
export interface PayoutFileEntry {
  id: number;
  accountNo: string;
  accountName: string;
  bankName: string | null;
  /** What the file pays: the withdrawal's amount less its fee. */
  payoutFen: number;
}

/** What a bank transfer says it is for (用途) and the start of Alipay's remark (备注). */
const PURPOSE = '提现';

export const BANK_HEADER = [
  '序号',
  '收款账号',
  '收款户名',
  '收款银行',
  '金额(元)',
  '用途',
  '业务参考号',
] as const;
export const ALIPAY_HEADER = ['序号', '收款方支付宝账号', '收款方姓名', '金额', '备注'] as const;

/**
 * The file's CSV (decision 044): UTF-8 with a byte order mark (so Excel in China reads its Chinese), CRLF, one line a
 * withdrawal in the order given (its 序号 counts from 1). What the agents typed (names, the bank's name) is neutralized
 * against formula injection as every CSV of the console; numbers and references are written as they are.
 */
export function payoutCsv(channel: PayoutChannel, entries: readonly PayoutFileEntry[]): string {
  const header = channel === 'bank' ? BANK_HEADER : ALIPAY_HEADER;
  let text = CSV_BOM + header.join(',') + CSV_EOL;
  entries.forEach((entry, index) => {
    const reference = withdrawalFileReference(entry.id);
    const amount = fenToMoney(entry.payoutFen);
    const cells =
      channel === 'bank'
        ? [
            plainCell(index + 1),
            plainCell(entry.accountNo),
            textCell(entry.accountName),
            textCell(entry.bankName),
            plainCell(amount),
            textCell(PURPOSE),
            plainCell(reference),
          ]
        : [
            plainCell(index + 1),
            plainCell(entry.accountNo),
            textCell(entry.accountName),
            plainCell(amount),
            textCell(`${PURPOSE} ${reference}`),
          ];
    text += cells.join(',') + CSV_EOL;
  });
  return text;
}

/** The file's name: its kind and number (payout-bank-000012.csv). */
export const payoutFileName = (channel: PayoutChannel, batchId: number): string =>
  `payout-${channel}-${String(batchId).padStart(6, '0')}.csv`;

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

// ---- reading CSV --------------------------------------------------------------------------------------------------

const DELIMITERS = [',', '\t', ';', '|'] as const;

/** The delimiter of a file: the one the first lines use most, outside quotes (a comma when none). */
function delimiterOf(text: string): string {
  const sample = text.split(/\r\n|\n|\r/).slice(0, 30);
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    let count = 0;
    for (const line of sample) {
      let quoted = false;
      for (const char of line) {
        if (char === '"') quoted = !quoted;
        else if (char === delimiter && !quoted) count += 1;
      }
    }
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The rows of a delimited text (RFC 4180 and what spreadsheets write): quoted fields with doubled quotes and line
 * breaks inside, CRLF, LF or CR line ends, a byte order mark dropped. Each row with the line it starts on.
 */
export function readDelimited(content: string): { line: number; cells: string[] }[] {
  const text = content.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(text);
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let index = 0;
  const endRow = () => {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  while (index < text.length) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += char;
    index += 1;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

// ---- the result file's columns ------------------------------------------------------------------------------------

export type ResultColumn =
  'seq' | 'reference' | 'account' | 'amount' | 'status' | 'bankRef' | 'reason' | 'remark';

/**
 * The headers each column is known by, written as `headerKey` keeps them: Chinese banks' and Alipay's words, and
 * English ones. A header not listed is ignored (the payee's name, the bank's name, the date...).
 */
const HEADERS: Record<ResultColumn, readonly string[]> = {
  seq: [
    '序号',
    '编号',
    '行号',
    '明细序号',
    '序列号',
    'no',
    'seq',
    'sequence',
    'line',
    'lineno',
    'index',
    '#',
  ],
  reference: [
    '业务参考号',
    '参考号',
    '业务编号',
    '业务单号',
    '商户流水号',
    '商户订单号',
    '商户明细单号',
    '商家明细单号',
    '客户流水号',
    '客户参考号',
    '企业流水号',
    '交易参考号',
    'reference',
    'ref',
    'ourreference',
    'customerreference',
    'clientreference',
    'businessreference',
    'merchantreference',
    'outbizno',
  ],
  account: [
    '收款账号',
    '收款方账号',
    '收款人账号',
    '收款账户',
    '收款方支付宝账号',
    '收款人支付宝账号',
    '支付宝账号',
    '收方账号',
    '对方账号',
    '账号',
    '卡号',
    'account',
    'accountno',
    'accountnumber',
    'payeeaccount',
    'payeeaccountno',
    'beneficiaryaccount',
  ],
  amount: [
    '金额',
    '交易金额',
    '转账金额',
    '付款金额',
    '实付金额',
    '支付金额',
    '代发金额',
    'amount',
    'amt',
    'transferamount',
    'paidamount',
  ],
  status: [
    '状态',
    '处理状态',
    '交易状态',
    '转账状态',
    '付款状态',
    '结果',
    '处理结果',
    '交易结果',
    '代发结果',
    'status',
    'result',
    'state',
  ],
  bankRef: [
    '银行流水号',
    '流水号',
    '交易流水号',
    '银行交易流水号',
    '银行交易号',
    '银行参考号',
    '支付宝流水号',
    '支付宝交易号',
    '支付宝订单号',
    '交易号',
    '凭证号',
    'bankreference',
    'bankref',
    'transactionid',
    'transactionno',
    'txnid',
    'serialno',
    'serialnumber',
    'voucherno',
    'tradeno',
  ],
  reason: [
    '失败原因',
    '原因',
    '错误原因',
    '错误信息',
    '失败说明',
    '退票原因',
    '说明',
    '处理说明',
    '结果说明',
    'reason',
    'failurereason',
    'failreason',
    'error',
    'errormessage',
    'message',
  ],
  remark: ['备注', '附言', '摘要', 'remark', 'memo', 'note', 'comment'],
};

/** A header as HEADERS lists it: lower case, without spaces, punctuation or what is in brackets ("金额(元)" is 金额). */
export function headerKey(cell: string): string {
  const trimmed = cell.trim();
  if (trimmed === '#') return '#';
  return trimmed
    .toLowerCase()
    .replace(/[（(【[][^)）】\]]*[)）】\]]/g, '')
    .replace(/[\s_\-.:：/#'"*]/g, '');
}

const HEADER_OF = new Map<string, ResultColumn>(
  (Object.entries(HEADERS) as [ResultColumn, readonly string[]][]).flatMap(([column, names]) =>
    names.map((name) => [name, column] as const),
  ),
);

/** The columns a row names, when it is a header: each known column at its first place. */
function columnsOf(cells: readonly string[]): Partial<Record<ResultColumn, number>> {
  const columns: Partial<Record<ResultColumn, number>> = {};
  cells.forEach((cell, index) => {
    const column = HEADER_OF.get(headerKey(cell));
    if (column && columns[column] === undefined) columns[column] = index;
  });
  return columns;
}

/** The columns a result file must have: what is paid, how it went, and to whom (a reference, or a line number). */
const REQUIRED: readonly ResultColumn[] = ['account', 'amount', 'status'];
/** The names the error gives the missing columns: the result file's own words. */
const COLUMN_NAMES: Record<ResultColumn, string> = {
  seq: '序号',
  reference: '业务参考号',
  account: '收款账号',
  amount: '金额',
  status: '状态',
  bankRef: '银行流水号',
  reason: '失败原因',
  remark: '备注',
};

/** How far down a title may push the header. */
const HEADER_SEARCH_ROWS = 20;

/** A line of a result file as read, before it is matched to a withdrawal. */
export interface ResultLine {
  line: number;
  seq: number | null;
  /** The withdrawal's id its reference (or, without one, its remark) names; null without one. */
  referenceId: number | null;
  /** The reference as written (cut to 64 characters); null when blank. */
  reference: string | null;
  account: string;
  /** Null when blank or not an amount. */
  amountFen: number | null;
  amountText: string;
  outcome: 'paid' | 'failed' | null;
  bankRef: string | null;
  reason: string | null;
}

/** Words of a total below the lines: such a row is no line. */
const TOTAL_WORDS = /^(合计|总计|汇总|小计|total|sum|subtotal)/i;

/** Control characters (NUL to US, DEL): a line break inside a quoted field among them. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]+/g;

/** A text of the file as kept: one line, no control characters, at most `max` characters. */
function clean(value: string | undefined, max: number): string {
  return (value ?? '').replace(CONTROLS, ' ').trim().slice(0, max);
}

/**
 * Reads a result file: finds its header (within the first rows: a bank may put a title above it), then one line per
 * row below it that is not blank nor a total. Refuses a file without the columns it needs, or without a line.
 */
export function readResultFile(content: string): ResultLine[] {
  const rows = readDelimited(content);
  let headerIndex = -1;
  let columns: Partial<Record<ResultColumn, number>> = {};
  let best: Partial<Record<ResultColumn, number>> = {};
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    const found = columnsOf((rows[index] as { cells: string[] }).cells);
    if (Object.keys(found).length > Object.keys(best).length) best = found;
    const keyed = found.reference !== undefined || found.seq !== undefined || found.remark !== undefined;
    if (keyed && REQUIRED.every((column) => found[column] !== undefined)) {
      headerIndex = index;
      columns = found;
      break;
    }
  }
  if (headerIndex < 0) {
    const missing = REQUIRED.filter((column) => best[column] === undefined);
    if (best.reference === undefined && best.seq === undefined && best.remark === undefined)
      missing.unshift('reference');
    throw new AppError('payoutResultColumns', {
      columns: missing.map((column) => COLUMN_NAMES[column]).join(', '),
    });
  }
  const cell = (cells: readonly string[], column: ResultColumn) => {
    const index = columns[column];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const lines: ResultLine[] = [];
  for (const { line, cells } of rows.slice(headerIndex + 1)) {
    const filled = cells.map((value) => value.trim()).filter((value) => value !== '');
    if (filled.length === 0 || TOTAL_WORDS.test(filled[0] as string)) continue;
    const referenceText = clean(cell(cells, 'reference'), 64);
    const remark = cell(cells, 'remark');
    const seqText = cell(cells, 'seq');
    const amountText = clean(cell(cells, 'amount'), 32);
    const outcome = outcomeOf(cell(cells, 'status'));
    let bankRef = clean(cell(cells, 'bankRef'), 100) || null;
    let reason = clean(cell(cells, 'reason'), 200) || null;
    // One column of "serial number or reason" (说明, message): the serial number of a success, the reason of a failure.
    if (columns.bankRef === undefined && outcome === 'paid' && reason !== null) {
      bankRef = reason.slice(0, 100);
      reason = null;
    }
    lines.push({
      line,
      seq: /^\d{1,6}$/.test(seqText) ? Number(seqText) : null,
      referenceId: referenceIdOf(referenceText || remark),
      reference: referenceText || null,
      account: clean(cell(cells, 'account'), 100),
      amountFen: amountFenOf(amountText),
      amountText,
      outcome,
      bankRef,
      reason,
    });
  }
  if (lines.length === 0) throw new AppError('payoutResultEmpty');
  return lines;
}

/** The withdrawal id of a reference (WD and 10 digits, anywhere in the text: a remark may hold it); null when none. */
export function referenceIdOf(text: string): number | null {
  const match = /(?:^|[^A-Za-z0-9])WD(\d{10})(?![0-9])/i.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

/** Words of success and of failure in result files, as `headerKey` keeps them. */
const PAID_WORDS = new Set([
  '成功',
  '交易成功',
  '转账成功',
  '处理成功',
  '付款成功',
  '代发成功',
  '支付成功',
  '已成功',
  '已支付',
  '已付款',
  '已入账',
  '已到账',
  'success',
  'succeeded',
  'successful',
  'succeed',
  'paid',
  'ok',
  's',
  'done',
  'completed',
]);
const FAILED_WORDS = new Set([
  '失败',
  '交易失败',
  '转账失败',
  '处理失败',
  '付款失败',
  '代发失败',
  '支付失败',
  '退票',
  '已退票',
  '退汇',
  '已退回',
  '退回',
  'failed',
  'failure',
  'fail',
  'f',
  'error',
  'rejected',
  'returned',
  'refused',
]);

/** Success, failure, or null (still processing, or a word not known). */
export function outcomeOf(status: string): 'paid' | 'failed' | null {
  const key = headerKey(status);
  if (PAID_WORDS.has(key)) return 'paid';
  if (FAILED_WORDS.has(key)) return 'failed';
  return null;
}

/**
 * An amount of a result file in fen: "98", "98.5", "98.50", "1,234.50", "¥1,234.50", "1234.50元", "RMB 98.00"; more
 * decimals only when they are zeros ("98.500"). Null for anything else (a negative amount, a comma as the decimal
 * point, text).
 */
export function amountFenOf(text: string): number | null {
  let value = text
    .replace(/[\s\u00a0]/g, '')
    .replace(/^(rmb|cny)/i, '')
    .replace(/^[¥￥]/, '')
    .replace(/(元|rmb|cny)$/i, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) value = value.replace(/,/g, '');
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const [, yuan = '0', decimals = ''] = match;
  if (decimals.length > 2 && !/^0+$/.test(decimals.slice(2))) return null;
  return Number(yuan) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
}

const MASK = /[*＊•]+/;

/**
 * Whether an account as a result file writes it is the withdrawal's: the whole number (spaces and dashes of a card
 * ignored, an e-mail's case too), or a mask of it (6222********1234, ************1234, zha***@example.com): its visible
 * parts in their places, at least 4 characters of them.
 */
export function accountAgrees(written: string, actual: string): boolean {
  const norm = (value: string) => value.replace(/[\s-]/g, '').toLowerCase();
  const read = norm(written);
  const real = norm(actual);
  if (read === '' || real === '') return false;
  if (!MASK.test(read)) return read === real;
  const parts = read.split(MASK);
  const visible = parts.join('');
  if (visible.length < 4 || visible.length >= real.length) return false;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  if (!real.startsWith(first) || !real.endsWith(last)) return false;
  // The middle parts in order, between the first and the last.
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = real.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  return at <= real.length - last.length;
}

/** An account of a result file as kept: masked, unless the file masked it already. */
export const keptAccount = (written: string): string =>
  written === '' || MASK.test(written) ? written : maskAccountNumber(written.replace(/\s/g, ''));
