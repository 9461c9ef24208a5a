import {
  constants,
  createCipheriv,
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A loopback stand-in of WeChat Pay API v3 (H5 and JSAPI payments), built on the public protocol only, with keys
 * made in the test:
 * - `GET /v3/pay/transactions/out-trade-no/{id}?mchid=`: the order's transaction (SUCCESS once `markPaid`, else
 *   NOTPAY; 404 ORDER_NOT_EXIST), signed like every answer;
 * - `POST /v3/pay/transactions/h5` and `/v3/pay/transactions/jsapi` (with `payer.openid`, answering `{prepay_id}`):
 *   verifies the merchant's `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="..",
 *   nonce_str="..",timestamp="..",serial_no="..",signature=".."` (RSA-SHA256 over
 *   "POST\n/v3/pay/transactions/h5\n<ts>\n<nonce>\n<body>\n" with the merchant's public key), checks the body and
 *   answers 200 `{h5_url}` signed with the platform key (headers Wechatpay-Timestamp, -Nonce, -Signature, -Serial;
 *   RSA-SHA256 over "<ts>\n<nonce>\n<body>\n"); 401 SIGN_ERROR for a bad signature, 400 PARAM_ERROR for a bad body;
 * - `notification(...)`: a payment notification the way WeChat Pay sends one: the transaction encrypted with
 *   AEAD_AES_256_GCM under the APIv3 key (ciphertext = encrypted bytes + 16-byte tag, base64), wrapped in the
 *   event envelope and signed with the platform key.
 * - refunds (decision 041): `POST /v3/refund/domestic/refunds` refunds a paid order (named by out_trade_no or
 *   transaction_id) and answers it PROCESSING; one out_refund_no is one refund however often it is sent (the same
 *   request answers the refund made, another is INVALID_REQUEST), and an order is never refunded beyond its total
 *   (INVALID_REQUEST); an order not paid here is 404 RESOURCE_NOT_EXISTS. `GET /v3/refund/domestic/refunds/{no}`
 *   answers it. `settleRefund` ends one and sends its notification (REFUND.SUCCESS, .CLOSED, .ABNORMAL, the
 *   refund encrypted like a transaction) to its notify_url: once, twice or never (`refundNotifyMode`).
 *   `failNextRefund(...)` makes the next refund requests fail: HTTP 500 without a body WeChat Pay would write,
 *   SYSTEM_ERROR (500), NOT_ENOUGH (403), FREQUENCY_LIMITED (429), none of them acting; or 'timeout-after-acting':
 *   the refund is made and no answer ever comes.
 * - transfers (decision 042): `POST /v3/fund-app/mch-transfer/transfer-bills` (scene 1005 with its report, the only
 *   scene granted here: another is 403 NO_AUTH) makes a transfer and answers it as `transferAnswerState` says
 *   (WAIT_USER_CONFIRM with a package_info by default, the user-confirm mode); one out_bill_no is one transfer (the
 *   same request answers the transfer made, another is INVALID_REQUEST "单号已存在但信息不一致"); below 0.10 yuan is
 *   INVALID_REQUEST; from 2,000 yuan user_name is required, and it must decrypt (RSA-OAEP, SHA-1) with the
 *   platform's private key under the Wechatpay-Serial of the platform key (else PARAM_ERROR). `GET .../out-bill-no/
 *   {no}` answers it (404 NOT_FOUND when unknown), `POST .../out-bill-no/{no}/cancel` calls it off while the payee
 *   has not taken it (CANCELING; `finishCancel` makes it CANCELLED). `confirmTransfer` ends one (SUCCESS or FAIL)
 *   and sends its notification (MCHTRANSFER.BILL.FINISHED) once, twice or never; `failNextTransfer` fails the next
 *   transfer requests as `failNextRefund` does refunds.
 * - the trade bill (decision 042): `GET /v3/bill/tradebill?bill_date=&bill_type=ALL&tar_type=GZIP` answers the SHA1
 *   of the day's bill (Asia/Shanghai) and a download_url on this stand-in, where a signed GET fetches it gzipped (and
 *   unsigned, as WeChat Pay sends it); a day without payments or refunds is 400 NO_STATEMENT_EXIST. The bill is
 *   built from the payments (`markPaid`) and the succeeded refunds known here; `addBillRow`, `changeBillAmount` and
 *   `corruptBillHash` make it disagree with the merchant, or with its own hash. It does not model the hour the bill
 *   is made (10 o'clock the next day): any day can be asked for.
 */

export interface WechatPayKeys {
  appId: string;
  mchId: string;
  /** Serial number of the merchant's API certificate. */
  merchantSerialNo: string;
  merchantPrivateKey: string;
  merchantPublicKey: string;
  /** Serial number of the platform certificate (Wechatpay-Serial). */
  platformSerialNo: string;
  platformPrivateKey: string;
  platformPublicKey: string;
  /** The 32-character APIv3 key. */
  apiV3Key: string;
}

export function rsaKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits, as WeChat Pay makes its nonces and APIv3 keys. */
export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

export function makeWechatPayKeys(): WechatPayKeys {
  const merchant = rsaKeyPair();
  const platform = rsaKeyPair();
  return {
    appId: 'wx-pay-standin-app',
    mchId: '1900000109',
    merchantSerialNo: randomBytes(20).toString('hex').toUpperCase(),
    merchantPrivateKey: merchant.privateKey,
    merchantPublicKey: merchant.publicKey,
    platformSerialNo: randomBytes(20).toString('hex').toUpperCase(),
    platformPrivateKey: platform.privateKey,
    platformPublicKey: platform.publicKey,
    apiV3Key: randomAlphanumeric(32),
  };
}

/** The environment that points the app at this stand-in with these keys. */
export function wechatPayEnv(keys: WechatPayKeys, apiBase: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'wechat',
    WECHAT_APP_ID: keys.appId,
    WECHAT_APP_SECRET: 'wx-pay-standin-app-secret',
    WECHATPAY_MCH_ID: keys.mchId,
    WECHATPAY_SERIAL_NO: keys.merchantSerialNo,
    WECHATPAY_PRIVATE_KEY: keys.merchantPrivateKey,
    WECHATPAY_PLATFORM_PUBLIC_KEY: keys.platformPublicKey,
    WECHATPAY_API_V3_KEY: keys.apiV3Key,
    WECHATPAY_API_BASE: apiBase,
    WECHATPAY_PLATFORM_SERIAL: keys.platformSerialNo,
  };
}

/** RSA-SHA256 of "<ts>\n<nonce>\n<body>\n": how WeChat Pay signs its answers and notifications. */
export function platformSignature(
  privateKey: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(privateKey, 'base64');
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: base64 of the encrypted bytes followed by the 16-byte tag. */
export function encryptResource(
  apiV3Key: string,
  nonce: string,
  associatedData: string,
  plain: string,
): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([encrypted, cipher.getAuthTag()]).toString('base64');
}

export interface H5Order {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  notify_url: string;
  amount: { total: number; currency?: string };
  /** After this (RFC 3339) the order cannot be paid. */
  time_expire?: string;
  scene_info: { payer_client_ip: string; h5_info: { type: string } };
}

export interface JsapiOrder extends Omit<H5Order, 'scene_info'> {
  payer: { openid: string };
}

/** What a page hands to `WeixinJSBridge.invoke('getBrandWCPayRequest', ...)`. */
export interface BridgeParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

type PlacedOrder =
  { kind: 'h5'; order: H5Order; h5Url: string } | { kind: 'jsapi'; order: JsapiOrder; prepayId: string };

export interface ReceivedRequest {
  method: string;
  path: string;
  status: number;
  /** The parsed body when it was an accepted order. */
  order?: H5Order | JsapiOrder;
  /** Why it was refused. */
  error?: string;
}

export interface NotificationOptions {
  /** The order's amount in fen; default: the amount the order was placed with here. */
  total?: number;
  tradeState?: string;
  transactionId?: string;
  /** Signs with this key instead of the platform's (a forgery). */
  signingKey?: string;
  /** Encrypts with this key instead of the APIv3 key. */
  apiV3Key?: string;
  /** Seconds since the epoch put in Wechatpay-Timestamp (and signed). */
  timestamp?: number;
  /** When the buyer paid (success_time); default now. */
  successTime?: Date;
}

export interface Notification {
  body: string;
  headers: Record<string, string>;
  transaction: Record<string, unknown>;
}

/** The body of `POST /v3/refund/domestic/refunds`. */
export interface RefundBody {
  transaction_id?: string;
  out_trade_no?: string;
  out_refund_no: string;
  reason?: string;
  notify_url?: string;
  amount: { refund: number; total: number; currency: string };
}

/** A refund made here: what was asked, and the refund as WeChat Pay answers and queries it. */
export interface StandInRefund {
  request: RefundBody;
  refund: Record<string, unknown> & { status: string; out_trade_no: string };
}

/** How the next refund request fails (`failNextRefund`). */
export type RefundFault =
  'http-500' | 'SYSTEM_ERROR' | 'NOT_ENOUGH' | 'FREQUENCY_LIMITED' | 'timeout-after-acting';

const REFUND_REFUSALS: Record<Exclude<RefundFault, 'http-500' | 'timeout-after-acting'>, [number, string]> = {
  SYSTEM_ERROR: [500, '系统超时'],
  NOT_ENOUGH: [403, '基本账户余额不足，请充值后重新发起'],
  FREQUENCY_LIMITED: [429, '频率限制'],
};

/** The body of `POST /v3/fund-app/mch-transfer/transfer-bills`. */
export interface TransferBody {
  appid: string;
  out_bill_no: string;
  transfer_scene_id: string;
  openid: string;
  /** The payee's name, RSA-OAEP encrypted under the platform key (base64). */
  user_name?: string;
  transfer_amount: number;
  transfer_remark: string;
  notify_url?: string;
  user_recv_perception?: string;
  transfer_scene_report_infos?: { info_type: string; info_content: string }[];
}

/** A transfer made here: what was asked, the payee's name as decrypted here, and the bill as WeChat Pay keeps it. */
export interface StandInTransfer {
  request: TransferBody;
  /** user_name decrypted with the platform's private key; undefined when none was sent. */
  userName?: string;
  bill: Record<string, unknown> & { state: string; out_bill_no: string; transfer_bill_no: string };
  /** The package_info the payee confirms with, while WAIT_USER_CONFIRM. */
  packageInfo?: string;
}

/** How the next transfer request fails (`failNextTransfer`): as a refund's can. */
export type TransferFault = RefundFault;

/** What a new transfer answers (`transferAnswerState`). */
export type TransferAnswerState = 'WAIT_USER_CONFIRM' | 'ACCEPTED' | 'PROCESSING' | 'SUCCESS';

/** The transfer scene granted here, and the report WeChat Pay asks of it. */
const GRANTED_SCENE = { id: '1005', reportTypes: ['岗位类型', '报酬说明'] };

/** A line added to a trade bill that the merchant never made (`addBillRow`). */
export interface StandInBillRow {
  kind: 'payment' | 'refund';
  outTradeNo: string;
  transactionId: string;
  outRefundNo?: string;
  refundId?: string;
  amountFen: number;
  at: Date;
}

/** The columns of WeChat Pay's trade bill (bill_type=ALL), and of its summary. */
export const TRADE_BILL_HEADER = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
];
export const TRADE_BILL_SUMMARY_HEADER = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
];

/** Fen as yuan with two decimals, by digits ("-0.42"). */
export function fenToYuan(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A time as the bill writes it: China's wall clock (UTC+8), "2026-03-01 12:34:56". */
function chinaTime(time: Date): string {
  return new Date(time.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Signing and encrypting a notification otherwise than WeChat Pay would: a forgery, a stale one, a wrong key. */
export type SealOptions = Pick<NotificationOptions, 'signingKey' | 'apiV3Key' | 'timestamp'>;

const rfc3339 = (time: Date) => time.toISOString().replace(/\.\d{3}Z$/, '+00:00');

function placedPayer(placed: PlacedOrder | undefined): string | undefined {
  return placed?.kind === 'jsapi' ? placed.order.payer.openid : undefined;
}

const AUTHORIZATION = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;
const TRANSFER_BILLS = '/v3/fund-app/mch-transfer/transfer-bills';
/** The merchant's clock may differ from WeChat's by this much. */
const REQUEST_WINDOW_SECONDS = 300;

export class WechatPayStandIn {
  readonly received: ReceivedRequest[] = [];
  /** Every order accepted here, by out_trade_no, with the h5_url or prepay_id it was given. */
  readonly orders = new Map<string, PlacedOrder>();
  /** The transactions of the orders paid here, by out_trade_no, as a query answers them. */
  readonly paid = new Map<string, Record<string, unknown>>();
  /** Notifications sent to merchants by `payThroughBridge`, with the merchant's HTTP answer. */
  readonly notified: { outTradeNo: string; status: number }[] = [];
  /** Signs answers with this key instead of the platform's (an answer the merchant must not trust). */
  answerSigningKey: string | undefined;
  /** Every refund made here, by out_refund_no. */
  readonly refunds = new Map<string, StandInRefund>();
  /** How a settled refund's notification goes out: once, twice (the same notification again), or never (lost). */
  refundNotifyMode: 'once' | 'twice' | 'never' = 'once';
  /** Refund notifications sent to merchants, with the merchant's HTTP answer. */
  readonly refundNotified: { outRefundNo: string; status: number }[] = [];
  private readonly refundFaults: RefundFault[] = [];
  /** Every transfer made here, by out_bill_no. */
  readonly transfers = new Map<string, StandInTransfer>();
  /** What a new transfer answers: WAIT_USER_CONFIRM (the payee confirms in WeChat), or a state past it. */
  transferAnswerState: TransferAnswerState = 'WAIT_USER_CONFIRM';
  /** How an ended transfer's notification goes out: once, twice (the same again), or never (lost). */
  transferNotifyMode: 'once' | 'twice' | 'never' = 'once';
  /** Transfer notifications sent to merchants, with the merchant's HTTP answer. */
  readonly transferNotified: { outBillNo: string; status: number }[] = [];
  private readonly transferFaults: TransferFault[] = [];
  /** Bills handed out for download, by token: the gzipped file. */
  private readonly billFiles = new Map<string, Buffer>();
  private readonly billExtraRows: StandInBillRow[] = [];
  /** Amounts the bill shows otherwise than they were made, by out_trade_no (a payment) or out_refund_no (a refund). */
  private readonly billAmounts = new Map<string, number>();
  private billHashCorrupt = false;
  /** Answers never given ('timeout-after-acting'), ended when the stand-in stops. */
  private readonly held: http.ServerResponse[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });

  constructor(readonly keys: WechatPayKeys) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.baseUrl;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const res of this.held.splice(0)) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The payment notification WeChat Pay sends when the order `outTradeNo` is paid. */
  notification(outTradeNo: string, options: NotificationOptions = {}): Notification {
    const placed = this.orders.get(outTradeNo)?.order;
    const total = options.total ?? placed?.amount.total;
    if (total === undefined) throw new Error(`no order ${outTradeNo} placed here and no total given`);
    const transaction = {
      appid: this.keys.appId,
      mchid: this.keys.mchId,
      out_trade_no: outTradeNo,
      transaction_id: options.transactionId ?? `4200${Date.now()}${randomBytes(4).toString('hex')}`,
      trade_type: this.orders.get(outTradeNo)?.kind === 'jsapi' ? 'JSAPI' : 'MWEB',
      trade_state: options.tradeState ?? 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      attach: '',
      success_time: rfc3339(options.successTime ?? new Date()),
      payer: { openid: placedPayer(this.orders.get(outTradeNo)) ?? 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
    };
    return {
      ...this.seal('TRANSACTION.SUCCESS', '支付成功', 'transaction', transaction, options),
      transaction,
    };
  }

  /** An event as WeChat Pay sends it: the resource encrypted under the APIv3 key, the envelope signed. */
  private seal(
    eventType: string,
    summary: string,
    originalType: string,
    resource: object,
    options: SealOptions,
  ): Pick<Notification, 'body' | 'headers'> {
    const nonce = randomAlphanumeric(12);
    const envelope = {
      id: randomUUID(),
      create_time: rfc3339(new Date()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(
          options.apiV3Key ?? this.keys.apiV3Key,
          nonce,
          originalType,
          JSON.stringify(resource),
        ),
        associated_data: originalType,
        nonce,
      },
    };
    const body = JSON.stringify(envelope);
    return { body, headers: this.signedHeaders(body, options.signingKey, options.timestamp) };
  }

  /**
   * What WeChat's client does when a page invokes `getBrandWCPayRequest`: the parameters must be signed with the
   * merchant's key (paySign = RSA-SHA256 of "appId\ntimeStamp\nnonceStr\npackage\n"), for this app, and name a
   * prepay_id placed here for the openid of the person paying. Answers the order to pay, or why the client refuses
   * (the bridge then reports `get_brand_wcpay_request:fail`).
   */
  checkBridge(
    params: BridgeParams,
    payerOpenId: string,
  ): { ok: true; outTradeNo: string } | { ok: false; error: string } {
    if (params.appId !== this.keys.appId) return { ok: false, error: 'appId does not match' };
    if (params.signType !== 'RSA') return { ok: false, error: 'signType must be RSA' };
    if (!/^\d+$/.test(params.timeStamp) || Math.abs(Date.now() / 1000 - Number(params.timeStamp)) > 300)
      return { ok: false, error: 'timeStamp out of window' };
    const valid = createVerify('RSA-SHA256')
      .update(`${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`)
      .verify(this.keys.merchantPublicKey, params.paySign, 'base64');
    if (!valid) return { ok: false, error: 'paySign does not verify' };
    const prepayId = params.package.replace(/^prepay_id=/, '');
    for (const [outTradeNo, placed] of this.orders) {
      if (placed.kind !== 'jsapi' || placed.prepayId !== prepayId) continue;
      if (placed.order.payer.openid !== payerOpenId) return { ok: false, error: 'another payer' };
      if (placed.order.time_expire && Date.parse(placed.order.time_expire) <= Date.now())
        return { ok: false, error: 'order expired' };
      return { ok: true, outTradeNo };
    }
    return { ok: false, error: 'unknown prepay_id' };
  }

  /**
   * WeChat's client paying through the bridge, then WeChat Pay calling the merchant back: checks the parameters
   * as `checkBridge` does, then POSTs the signed, encrypted notification to the order's notify_url. Answers the
   * bridge's `err_msg`, as the page's callback receives it.
   */
  async payThroughBridge(
    params: BridgeParams,
    payerOpenId: string,
    options: { notify?: boolean } = {},
  ): Promise<string> {
    const checked = this.checkBridge(params, payerOpenId);
    if (!checked.ok) return 'get_brand_wcpay_request:fail';
    const placed = this.orders.get(checked.outTradeNo);
    const notification = this.markPaid(checked.outTradeNo);
    // A notification lost on the way: WeChat Pay has the money, the merchant has heard nothing.
    if (options.notify === false) return 'get_brand_wcpay_request:ok';
    const response = await fetch(placed?.order.notify_url ?? '', {
      method: 'POST',
      body: notification.body,
      headers: notification.headers,
    });
    this.notified.push({ outTradeNo: checked.outTradeNo, status: response.status });
    return 'get_brand_wcpay_request:ok';
  }

  /** The order is paid at WeChat Pay (a query answers SUCCESS from now on); answers its notification. */
  markPaid(outTradeNo: string, options: NotificationOptions = {}): Notification {
    const notification = this.notification(outTradeNo, options);
    this.paid.set(outTradeNo, notification.transaction);
    return notification;
  }

  /** Wechatpay-* headers over `body`, as WeChat Pay signs answers and notifications. */
  signedHeaders(body: string, signingKey?: string, timestamp?: number): Record<string, string> {
    const ts = String(timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = randomAlphanumeric(32);
    return {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': platformSignature(signingKey ?? this.keys.platformPrivateKey, ts, nonce, body),
      'wechatpay-serial': this.keys.platformSerialNo,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  private answer(res: http.ServerResponse, record: ReceivedRequest, status: number, body: object): void {
    record.status = status;
    this.received.push(record);
    const text = JSON.stringify(body);
    const headers =
      status === 200
        ? this.signedHeaders(text, this.answerSigningKey)
        : { 'content-type': 'application/json' };
    res.writeHead(status, { ...headers, 'request-id': randomUUID() });
    res.end(text);
  }

  private handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const record: ReceivedRequest = { method: req.method ?? '', path: url.pathname, status: 0 };
    const queried = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && queried) {
      this.answerQuery(req, url, decodeURIComponent(queried[1] as string), record, res);
      return;
    }
    const refundQueried = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && refundQueried) {
      this.answerRefundQuery(req, url, decodeURIComponent(refundQueried[1] as string), record, res);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      this.answerRefund(req, url, raw, record, res);
      return;
    }
    if (req.method === 'POST' && url.pathname === TRANSFER_BILLS) {
      this.answerTransfer(req, url, raw, record, res);
      return;
    }
    const transferBill = new RegExp(`^${TRANSFER_BILLS}/out-bill-no/([^/]+)(/cancel)?$`).exec(url.pathname);
    if (transferBill && req.method === (transferBill[2] ? 'POST' : 'GET')) {
      const outBillNo = decodeURIComponent(transferBill[1] as string);
      if (transferBill[2]) this.answerTransferCancel(req, url, raw, outBillNo, record, res);
      else this.answerTransferQuery(req, url, outBillNo, record, res);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v3/bill/tradebill') {
      this.answerTradeBill(req, url, record, res);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v3/billdownload/file') {
      this.answerBillDownload(req, url, record, res);
      return;
    }
    const kind =
      url.pathname === '/v3/pay/transactions/h5'
        ? 'h5'
        : url.pathname === '/v3/pay/transactions/jsapi'
          ? 'jsapi'
          : null;
    if (req.method !== 'POST' || !kind) {
      this.answer(res, { ...record, error: 'not found' }, 404, {
        code: 'NOT_FOUND',
        message: 'not found',
      });
      return;
    }
    if (this.refusedUnsigned(req, url, raw, record, res)) return;
    let order: H5Order & JsapiOrder;
    try {
      order = JSON.parse(raw) as H5Order & JsapiOrder;
    } catch {
      this.answer(res, { ...record, error: 'body is not JSON' }, 400, {
        code: 'PARAM_ERROR',
        message: 'body is not JSON',
      });
      return;
    }
    const paramError = this.checkOrder(order) ?? this.checkScene(kind, order);
    if (paramError) {
      this.answer(res, { ...record, error: paramError }, 400, { code: 'PARAM_ERROR', message: paramError });
      return;
    }
    // WeChat Pay takes an unpaid out_trade_no again when every parameter but the nonce and the payer's IP is the
    // same, and answers the payment it already made; any other change is "201 商户订单号重复".
    const before = this.orders.get(order.out_trade_no);
    if (before) {
      const same = (o: H5Order & JsapiOrder) =>
        JSON.stringify({ ...o, scene_info: { ...o.scene_info, payer_client_ip: undefined } });
      if (before.kind !== kind || same(before.order as H5Order & JsapiOrder) !== same(order)) {
        this.answer(res, { ...record, error: 'out_trade_no already used' }, 400, {
          code: 'INVALID_REQUEST',
          message: '201 商户订单号重复',
        });
        return;
      }
      this.answer(
        res,
        { ...record, order },
        200,
        before.kind === 'jsapi' ? { prepay_id: before.prepayId } : { h5_url: before.h5Url },
      );
      return;
    }
    const prepayId = `wx${Date.now()}${randomBytes(8).toString('hex')}`;
    if (kind === 'jsapi') {
      this.orders.set(order.out_trade_no, { kind, order, prepayId });
      this.answer(res, { ...record, order }, 200, { prepay_id: prepayId });
      return;
    }
    const h5Url = `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=${1000000000 + Math.floor(Math.random() * 999999999)}`;
    this.orders.set(order.out_trade_no, { kind, order, h5Url });
    this.answer(res, { ...record, order }, 200, { h5_url: h5Url });
  }

  /** `GET /v3/pay/transactions/out-trade-no/{id}?mchid=`: the order's state, signed like every answer. */
  private answerQuery(
    req: http.IncomingMessage,
    url: URL,
    outTradeNo: string,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): void {
    if (this.refusedUnsigned(req, url, '', record, res)) return;
    if (url.searchParams.get('mchid') !== this.keys.mchId) {
      this.answer(res, { ...record, error: 'mchid does not match' }, 400, {
        code: 'PARAM_ERROR',
        message: 'mchid does not match',
      });
      return;
    }
    if (!this.orders.has(outTradeNo)) {
      this.answer(res, { ...record, error: 'no such order' }, 404, {
        code: 'ORDER_NOT_EXIST',
        message: '订单不存在',
      });
      return;
    }
    this.answer(
      res,
      record,
      200,
      this.paid.get(outTradeNo) ?? {
        appid: this.keys.appId,
        mchid: this.keys.mchId,
        out_trade_no: outTradeNo,
        trade_state: 'NOTPAY',
        trade_state_desc: '订单未支付',
        amount: { payer_currency: 'CNY' },
      },
    );
  }

  /** The next refund requests fail so, one fault a request, in order. */
  failNextRefund(...faults: RefundFault[]): void {
    this.refundFaults.push(...faults);
  }

  /** The refund notification WeChat Pay sends as the refund `outRefundNo` stands (settled: `settleRefund`). */
  refundNotification(outRefundNo: string, options: SealOptions & { eventType?: string } = {}): Notification {
    const made = this.refunds.get(outRefundNo);
    if (!made) throw new Error(`no refund ${outRefundNo} made here`);
    const { refund } = made;
    const amount = refund.amount as { total: number; refund: number };
    const resource = {
      mchid: this.keys.mchId,
      out_trade_no: refund.out_trade_no,
      transaction_id: refund.transaction_id,
      out_refund_no: outRefundNo,
      refund_id: refund.refund_id,
      refund_status: refund.status,
      ...(refund.success_time ? { success_time: refund.success_time } : {}),
      user_received_account: refund.user_received_account,
      amount: {
        total: amount.total,
        refund: amount.refund,
        payer_total: amount.total,
        payer_refund: amount.refund,
      },
    };
    const eventType = options.eventType ?? `REFUND.${refund.status}`;
    return { ...this.seal(eventType, '退款状态变更', 'refund', resource, options), transaction: resource };
  }

  /**
   * The refund ends at WeChat Pay (SUCCESS: the buyer has the money, at `successTime`; CLOSED; ABNORMAL), and its
   * notification goes to its notify_url once, twice or never (default: `refundNotifyMode`). Answers the merchant's
   * HTTP status for each notification sent.
   */
  async settleRefund(
    outRefundNo: string,
    status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS',
    notify: 'once' | 'twice' | 'never' = this.refundNotifyMode,
    successTime = new Date(),
  ): Promise<number[]> {
    const made = this.refunds.get(outRefundNo);
    if (!made) throw new Error(`no refund ${outRefundNo} made here`);
    made.refund.status = status;
    if (status === 'SUCCESS') made.refund.success_time = rfc3339(successTime);
    const times = { once: 1, twice: 2, never: 0 }[notify];
    const notification = this.refundNotification(outRefundNo);
    const statuses: number[] = [];
    for (let i = 0; i < times; i++)
      statuses.push(await this.deliverRefundNotification(outRefundNo, notification));
    return statuses;
  }

  /** POSTs a refund notification to the refund's notify_url as WeChat Pay does; answers the merchant's status. */
  async deliverRefundNotification(
    outRefundNo: string,
    notification: Pick<Notification, 'body' | 'headers'>,
  ): Promise<number> {
    const notifyUrl = this.refunds.get(outRefundNo)?.request.notify_url;
    if (!notifyUrl) throw new Error(`refund ${outRefundNo} has no notify_url`);
    const response = await fetch(notifyUrl, {
      method: 'POST',
      body: notification.body,
      headers: notification.headers,
    });
    await response.arrayBuffer();
    this.refundNotified.push({ outRefundNo, status: response.status });
    return response.status;
  }

  /** `POST /v3/refund/domestic/refunds`, with the faults asked for by `failNextRefund`. */
  private answerRefund(
    req: http.IncomingMessage,
    url: URL,
    raw: string,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): void {
    if (this.refusedUnsigned(req, url, raw, record, res)) return;
    const fault = this.refundFaults.shift();
    if (fault === 'http-500') {
      this.received.push({ ...record, status: 500, error: 'fault: http-500' });
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body>500 Internal Server Error</body></html>');
      return;
    }
    if (fault && fault !== 'timeout-after-acting') {
      const [status, message] = REFUND_REFUSALS[fault];
      this.answer(res, { ...record, error: `fault: ${fault}` }, status, { code: fault, message });
      return;
    }
    let body: RefundBody;
    try {
      body = JSON.parse(raw) as RefundBody;
    } catch {
      this.answer(res, { ...record, error: 'body is not JSON' }, 400, {
        code: 'PARAM_ERROR',
        message: 'body is not JSON',
      });
      return;
    }
    const [status, answer] = this.makeRefund(body);
    if (fault === 'timeout-after-acting') {
      // Acted on, and the answer never leaves: the merchant times out not knowing.
      this.received.push({ ...record, status, error: 'fault: timeout-after-acting' });
      this.held.push(res);
      return;
    }
    this.answer(res, status === 200 ? record : { ...record, error: String(answer.message) }, status, answer);
  }

  /** The refund asked for, made once, as WeChat Pay answers it: [HTTP status, body]. */
  private makeRefund(body: RefundBody): [number, Record<string, unknown>] {
    const paramError = this.checkRefund(body);
    if (paramError) return [400, { code: 'PARAM_ERROR', message: paramError }];
    const transaction = [...this.paid.values()].find((paid) =>
      body.transaction_id
        ? paid.transaction_id === body.transaction_id
        : paid.out_trade_no === body.out_trade_no,
    );
    if (!transaction) return [404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' }];
    const outTradeNo = transaction.out_trade_no as string;
    const total = (transaction.amount as { total: number }).total;
    const before = this.refunds.get(body.out_refund_no);
    if (before) {
      // The same out_refund_no refunds once: the same request answers the refund made, another is refused.
      const same =
        before.refund.out_trade_no === outTradeNo && before.request.amount.refund === body.amount.refund;
      return same ? [200, before.refund] : [400, { code: 'INVALID_REQUEST', message: '商户退款单号重复' }];
    }
    if (body.amount.total !== total)
      return [400, { code: 'INVALID_REQUEST', message: '订单金额与原订单不符' }];
    let refunded = 0;
    for (const { refund, request } of this.refunds.values())
      if (refund.out_trade_no === outTradeNo && refund.status !== 'CLOSED') refunded += request.amount.refund;
    if (refunded + body.amount.refund > total)
      return [400, { code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' }];
    const refund = {
      refund_id: `50${Date.now()}${randomBytes(6).toString('hex')}`,
      out_refund_no: body.out_refund_no,
      transaction_id: transaction.transaction_id,
      out_trade_no: outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: rfc3339(new Date()),
      status: 'PROCESSING',
      funds_account: 'AVAILABLE',
      amount: {
        total,
        refund: body.amount.refund,
        from: [],
        payer_total: total,
        payer_refund: body.amount.refund,
        settlement_refund: body.amount.refund,
        settlement_total: total,
        discount_refund: 0,
        currency: 'CNY',
      },
      promotion_detail: [],
    };
    this.refunds.set(body.out_refund_no, { request: body, refund });
    return [200, refund];
  }

  /** The refund body's form; an error message, or undefined when it is well formed. */
  private checkRefund(body: RefundBody): string | undefined {
    if (typeof body !== 'object' || body === null) return 'body must be an object';
    if (!body.transaction_id && !body.out_trade_no) return 'transaction_id or out_trade_no is required';
    if (typeof body.out_refund_no !== 'string' || !/^[0-9A-Za-z_\-|*@]{1,64}$/.test(body.out_refund_no))
      return 'out_refund_no must be 1-64 letters, digits, _-|*@';
    if (body.reason !== undefined && (body.reason === '' || Buffer.byteLength(body.reason, 'utf8') > 80))
      return 'reason must be 1-80 bytes';
    if (body.notify_url !== undefined && !/^https?:\/\/[^?#]+$/.test(body.notify_url))
      return 'notify_url must be an absolute URL without a query';
    const amount = body.amount;
    if (
      !Number.isInteger(amount?.refund) ||
      amount.refund < 1 ||
      !Number.isInteger(amount.total) ||
      amount.total < 1
    )
      return 'amount.refund and amount.total must be >= 1 fen';
    if (amount.refund > amount.total) return 'amount.refund must not exceed amount.total';
    if (amount.currency !== 'CNY') return 'currency must be CNY';
    return undefined;
  }

  /** `GET /v3/refund/domestic/refunds/{out_refund_no}`: the refund, signed like every answer. */
  private answerRefundQuery(
    req: http.IncomingMessage,
    url: URL,
    outRefundNo: string,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): void {
    if (this.refusedUnsigned(req, url, '', record, res)) return;
    const made = this.refunds.get(outRefundNo);
    if (!made) {
      this.answer(res, { ...record, error: 'no such refund' }, 404, {
        code: 'RESOURCE_NOT_EXISTS',
        message: '退款单不存在',
      });
      return;
    }
    this.answer(res, record, 200, made.refund);
  }

  /** The next transfer requests fail so, one fault a request, in order. */
  failNextTransfer(...faults: TransferFault[]): void {
    this.transferFaults.push(...faults);
  }

  /** `POST /v3/fund-app/mch-transfer/transfer-bills`, with the faults asked for by `failNextTransfer`. */
  private answerTransfer(
    req: http.IncomingMessage,
    url: URL,
    raw: string,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): void {
    if (this.refusedUnsigned(req, url, raw, record, res)) return;
    const fault = this.transferFaults.shift();
    if (fault === 'http-500') {
      this.received.push({ ...record, status: 500, error: 'fault: http-500' });
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body>500 Internal Server Error</body></html>');
      return;
    }
    if (fault && fault !== 'timeout-after-acting') {
      const [status, message] = REFUND_REFUSALS[fault];
      this.answer(res, { ...record, error: `fault: ${fault}` }, status, { code: fault, message });
      return;
    }
    let body: TransferBody;
    try {
      body = JSON.parse(raw) as TransferBody;
    } catch {
      this.answer(res, { ...record, error: 'body is not JSON' }, 400, {
        code: 'PARAM_ERROR',
        message: 'body is not JSON',
      });
      return;
    }
    const serial = req.headers['wechatpay-serial'];
    const [status, answer] = this.makeTransfer(body, typeof serial === 'string' ? serial : undefined);
    if (fault === 'timeout-after-acting') {
      // Acted on, and the answer never leaves: the merchant times out not knowing.
      this.received.push({ ...record, status, error: 'fault: timeout-after-acting' });
      this.held.push(res);
      return;
    }
    this.answer(res, status === 200 ? record : { ...record, error: String(answer.message) }, status, answer);
  }

  /** The transfer asked for, made once, as WeChat Pay answers it: [HTTP status, body]. */
  private makeTransfer(body: TransferBody, serial: string | undefined): [number, Record<string, unknown>] {
    const paramError = this.checkTransfer(body);
    if (paramError) return [400, { code: 'PARAM_ERROR', message: paramError }];
    if (body.transfer_scene_id !== GRANTED_SCENE.id)
      return [403, { code: 'NO_AUTH', message: '商户未获得该转账场景的权限' }];
    const reported = new Map(
      (body.transfer_scene_report_infos ?? []).map((info) => [info.info_type, info.info_content]),
    );
    if (
      !GRANTED_SCENE.reportTypes.every((type) => typeof reported.get(type) === 'string' && reported.get(type))
    )
      return [400, { code: 'PARAM_ERROR', message: '需传入转账场景报备信息,请检查' }];
    if (body.user_recv_perception !== undefined)
      return [400, { code: 'INVALID_REQUEST', message: '暂不支持展示当前传入的用户收款感知' }];
    let userName: string | undefined;
    if (body.user_name !== undefined) {
      if (serial !== this.keys.platformSerialNo)
        return [400, { code: 'PARAM_ERROR', message: 'Wechatpay-Serial 与加密所用的公钥不符' }];
      try {
        userName = privateDecrypt(
          { key: this.keys.platformPrivateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
          Buffer.from(body.user_name, 'base64'),
        ).toString('utf8');
      } catch {
        return [400, { code: 'PARAM_ERROR', message: '收款用户姓名解密失败' }];
      }
    }
    if (body.transfer_amount >= 200_000 && userName === undefined)
      return [400, { code: 'PARAM_ERROR', message: '转账金额>=2000元时,收款用户姓名必填' }];
    const before = this.transfers.get(body.out_bill_no);
    if (before) {
      // One out_bill_no is one transfer: the same request answers it (as it now stands), another is refused.
      const same = (transfer: TransferBody, name: string | undefined) =>
        JSON.stringify([
          transfer.appid,
          transfer.openid,
          transfer.transfer_amount,
          transfer.transfer_remark,
          transfer.transfer_scene_id,
          transfer.notify_url,
          name,
        ]);
      return same(before.request, before.userName) === same(body, userName)
        ? [200, this.transferAnswer(before)]
        : [400, { code: 'INVALID_REQUEST', message: '单号已存在但信息不一致,请查单后比较确认' }];
    }
    if (body.transfer_amount < 10)
      return [400, { code: 'INVALID_REQUEST', message: '超过单笔转账上下限,核实产品设置是否准确' }];
    const now = rfc3339(new Date());
    const state = this.transferAnswerState;
    const made: StandInTransfer = {
      request: body,
      ...(userName !== undefined ? { userName } : {}),
      ...(state === 'WAIT_USER_CONFIRM' ? { packageInfo: randomBytes(48).toString('base64') } : {}),
      bill: {
        mch_id: this.keys.mchId,
        out_bill_no: body.out_bill_no,
        transfer_bill_no: `1330${Date.now()}${randomBytes(8).toString('hex')}`,
        appid: body.appid,
        state,
        transfer_amount: body.transfer_amount,
        transfer_remark: body.transfer_remark,
        openid: body.openid,
        create_time: now,
        update_time: now,
      },
    };
    this.transfers.set(body.out_bill_no, made);
    return [200, this.transferAnswer(made)];
  }

  /** What the transfer call answers: the bill's ids and state, and the package_info while the payee has to confirm. */
  private transferAnswer({ bill, packageInfo }: StandInTransfer): Record<string, unknown> {
    return {
      out_bill_no: bill.out_bill_no,
      transfer_bill_no: bill.transfer_bill_no,
      create_time: bill.create_time,
      state: bill.state,
      ...(bill.state === 'WAIT_USER_CONFIRM' && packageInfo ? { package_info: packageInfo } : {}),
      ...(bill.fail_reason ? { fail_reason: bill.fail_reason } : {}),
    };
  }

  /** The transfer body's form; an error message, or undefined when it is well formed. */
  private checkTransfer(body: TransferBody): string | undefined {
    if (typeof body !== 'object' || body === null) return 'body must be an object';
    if (body.appid !== this.keys.appId) return 'appid does not match';
    if (typeof body.out_bill_no !== 'string' || !/^[0-9A-Za-z]{5,32}$/.test(body.out_bill_no))
      return 'out_bill_no must be 5-32 letters and digits';
    if (typeof body.transfer_scene_id !== 'string' || !body.transfer_scene_id)
      return 'transfer_scene_id is required';
    if (typeof body.openid !== 'string' || body.openid.length < 1 || body.openid.length > 64)
      return 'openid is required';
    if (!Number.isInteger(body.transfer_amount) || body.transfer_amount < 1)
      return 'transfer_amount must be >= 1 fen';
    if (
      typeof body.transfer_remark !== 'string' ||
      body.transfer_remark.length === 0 ||
      Array.from(body.transfer_remark).length > 32
    )
      return 'transfer_remark must be 1-32 characters';
    if (body.notify_url !== undefined && !/^https?:\/\/[^?#]+$/.test(body.notify_url))
      return 'notify_url must be an absolute URL without a query';
    if (body.user_name !== undefined && (typeof body.user_name !== 'string' || !body.user_name))
      return 'user_name must be encrypted text';
    return undefined;
  }

  /** `GET .../transfer-bills/out-bill-no/{out_bill_no}`: the bill, signed like every answer. */
  private answerTransferQuery(
    req: http.IncomingMessage,
    url: URL,
    outBillNo: string,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): void {
    if (this.refusedUnsigned(req, url, '', record, res)) return;
    const made = this.transfers.get(outBillNo);
    if (!made) {
      this.answer(res, { ...record, error: 'no such transfer' }, 404, {
        code: 'NOT_FOUND',
        message: '记录不存在',
      });
      return;
    }
    this.answer(res, record, 200, made.bill);
  }

  /** `POST .../transfer-bills/out-bill-no/{out_bill_no}/cancel`: called off while the payee has not taken it. */
  private answerTransferCancel(
    req: http.IncomingMessage,
    url: URL,
    raw: string,
    outBillNo: string,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): void {
    if (this.refusedUnsigned(req, url, raw, record, res)) return;
    const made = this.transfers.get(outBillNo);
    if (!made) {
      this.answer(res, { ...record, error: 'no such transfer' }, 404, {
        code: 'NOT_FOUND',
        message: '记录不存在',
      });
      return;
    }
    const { bill } = made;
    if (['ACCEPTED', 'PROCESSING', 'WAIT_USER_CONFIRM'].includes(bill.state)) {
      bill.state = 'CANCELING';
      bill.update_time = rfc3339(new Date());
    } else if (bill.state !== 'CANCELING' && bill.state !== 'CANCELLED') {
      this.answer(res, { ...record, error: `cannot cancel a ${bill.state} transfer` }, 400, {
        code: 'INVALID_REQUEST',
        message: '当前单据状态不支持撤销',
      });
      return;
    }
    this.answer(res, record, 200, {
      out_bill_no: bill.out_bill_no,
      transfer_bill_no: bill.transfer_bill_no,
      state: bill.state,
      update_time: bill.update_time,
    });
  }

  /** The transfer notification WeChat Pay sends as the transfer `outBillNo` stands (ended: `confirmTransfer`). */
  transferNotification(outBillNo: string, options: SealOptions & { eventType?: string } = {}): Notification {
    const made = this.transfers.get(outBillNo);
    if (!made) throw new Error(`no transfer ${outBillNo} made here`);
    const { bill } = made;
    const resource = {
      mchid: this.keys.mchId,
      out_bill_no: bill.out_bill_no,
      transfer_bill_no: bill.transfer_bill_no,
      state: bill.state,
      transfer_amount: bill.transfer_amount,
      ...(bill.fail_reason ? { fail_reason: bill.fail_reason } : {}),
      openid: bill.openid,
      create_time: bill.create_time,
      update_time: bill.update_time,
    };
    return {
      ...this.seal(
        options.eventType ?? 'MCHTRANSFER.BILL.FINISHED',
        '商家转账单据终态通知',
        'mch_payment',
        resource,
        options,
      ),
      transaction: resource,
    };
  }

  /**
   * The transfer ends at WeChat Pay: the payee confirmed and has the money (SUCCESS), or it failed (FAIL, with a
   * fail_reason); its notification goes to its notify_url once, twice or never (default: `transferNotifyMode`).
   * Answers the merchant's HTTP status for each notification sent.
   */
  async confirmTransfer(
    outBillNo: string,
    outcome: 'succeeded' | 'failed' = 'succeeded',
    notify: 'once' | 'twice' | 'never' = this.transferNotifyMode,
  ): Promise<number[]> {
    const made = this.transfers.get(outBillNo);
    if (!made) throw new Error(`no transfer ${outBillNo} made here`);
    if (!['ACCEPTED', 'PROCESSING', 'WAIT_USER_CONFIRM', 'TRANSFERING'].includes(made.bill.state))
      throw new Error(`transfer ${outBillNo} is ${made.bill.state}: it cannot end otherwise`);
    made.bill.state = outcome === 'succeeded' ? 'SUCCESS' : 'FAIL';
    if (outcome === 'failed') made.bill.fail_reason = 'PAYEE_ACCOUNT_ABNORMAL';
    made.bill.update_time = rfc3339(new Date());
    return this.notifyTransfer(outBillNo, notify);
  }

  /** A cancel taken (CANCELING) completes: the money is back with the merchant, and the notification says CANCELLED. */
  async finishCancel(
    outBillNo: string,
    notify: 'once' | 'twice' | 'never' = this.transferNotifyMode,
  ): Promise<number[]> {
    const made = this.transfers.get(outBillNo);
    if (made?.bill.state !== 'CANCELING') throw new Error(`transfer ${outBillNo} is not being cancelled`);
    made.bill.state = 'CANCELLED';
    made.bill.update_time = rfc3339(new Date());
    return this.notifyTransfer(outBillNo, notify);
  }

  private async notifyTransfer(outBillNo: string, notify: 'once' | 'twice' | 'never'): Promise<number[]> {
    const notification = this.transferNotification(outBillNo);
    const statuses: number[] = [];
    for (let i = 0; i < { once: 1, twice: 2, never: 0 }[notify]; i++)
      statuses.push(await this.deliverTransferNotification(outBillNo, notification));
    return statuses;
  }

  /** POSTs a transfer notification to the transfer's notify_url as WeChat Pay does; answers the merchant's status. */
  async deliverTransferNotification(
    outBillNo: string,
    notification: Pick<Notification, 'body' | 'headers'>,
  ): Promise<number> {
    const notifyUrl = this.transfers.get(outBillNo)?.request.notify_url;
    if (!notifyUrl) throw new Error(`transfer ${outBillNo} has no notify_url`);
    const response = await fetch(notifyUrl, {
      method: 'POST',
      body: notification.body,
      headers: notification.headers,
    });
    await response.arrayBuffer();
    this.transferNotified.push({ outBillNo, status: response.status });
    return response.status;
  }

  /** The bill of `date` gets a line the merchant never made (a payment or a refund WeChat Pay says it made). */
  addBillRow(row: StandInBillRow): void {
    this.billExtraRows.push(row);
  }

  /** The bill shows the payment `outTradeNo` (or the refund `outRefundNo`) with another amount than it was made with. */
  changeBillAmount(id: string, amountFen: number): void {
    this.billAmounts.set(id, amountFen);
  }

  /** The next bills' hash_value does not describe the file served (a download tampered with on the way). */
  corruptBillHash(corrupt = true): void {
    this.billHashCorrupt = corrupt;
  }

  /** The bill back to what was made here. */
  resetBill(): void {
    this.billExtraRows.length = 0;
    this.billAmounts.clear();
    this.billHashCorrupt = false;
  }

  /**
   * The trade bill of `date` (a day in China's time) as WeChat Pay writes it: a line per payment made that day and
   * per refund that succeeded that day, with what `addBillRow` and `changeBillAmount` asked; undefined when the day
   * has none (WeChat Pay then has no bill).
   */
  tradeBillCsv(date: string): string | undefined {
    const day = (time: Date) => chinaTime(time).slice(0, 10);
    const lines: { at: Date; fields: string[] }[] = [];
    const line = (row: {
      at: Date;
      openid: string;
      tradeType: string;
      transactionId: string;
      outTradeNo: string;
      refund?: { refundId: string; outRefundNo: string };
      fen: number;
      description: string;
    }) => {
      const paid = row.refund ? 0 : row.fen;
      const refunded = row.refund ? row.fen : 0;
      // 0.6% (rounded to the fen) taken on payments, and given back on refunds.
      const fee = row.refund ? -Math.round((refunded * 6) / 1000) : Math.round((paid * 6) / 1000);
      lines.push({
        at: row.at,
        fields: [
          chinaTime(row.at),
          this.keys.appId,
          this.keys.mchId,
          '0',
          '',
          row.transactionId,
          row.outTradeNo,
          row.openid,
          row.tradeType,
          row.refund ? 'REFUND' : 'SUCCESS',
          'OTHERS',
          'CNY',
          fenToYuan(paid),
          '0.00',
          row.refund?.refundId ?? '0',
          row.refund?.outRefundNo ?? '0',
          fenToYuan(refunded),
          '0.00',
          row.refund ? 'ORIGINAL' : '',
          row.refund ? 'SUCCESS' : '',
          row.description,
          '',
          fenToYuan(fee),
          '0.60%',
          fenToYuan(paid),
          fenToYuan(refunded),
          '',
        ],
      });
    };
    for (const [outTradeNo, transaction] of this.paid) {
      const at = new Date(String(transaction.success_time));
      if (day(at) !== date) continue;
      const placed = this.orders.get(outTradeNo);
      line({
        at,
        openid: String((transaction.payer as { openid?: string } | undefined)?.openid ?? ''),
        tradeType: String(transaction.trade_type),
        transactionId: String(transaction.transaction_id),
        outTradeNo,
        fen: this.billAmounts.get(outTradeNo) ?? (transaction.amount as { total: number }).total,
        description: placed?.order.description ?? '',
      });
    }
    for (const [outRefundNo, { refund, request }] of this.refunds) {
      if (refund.status !== 'SUCCESS' || typeof refund.success_time !== 'string') continue;
      const at = new Date(refund.success_time);
      if (day(at) !== date) continue;
      const transaction = this.paid.get(refund.out_trade_no);
      line({
        at,
        openid: String((transaction?.payer as { openid?: string } | undefined)?.openid ?? ''),
        tradeType: String(transaction?.trade_type ?? 'MWEB'),
        transactionId: String(refund.transaction_id),
        outTradeNo: refund.out_trade_no,
        refund: { refundId: String(refund.refund_id), outRefundNo },
        fen: this.billAmounts.get(outRefundNo) ?? request.amount.refund,
        description: this.orders.get(refund.out_trade_no)?.order.description ?? '',
      });
    }
    for (const extra of this.billExtraRows) {
      if (day(extra.at) !== date) continue;
      line({
        at: extra.at,
        openid: 'oUnknownPayer000000000000000',
        tradeType: 'JSAPI',
        transactionId: extra.transactionId,
        outTradeNo: extra.outTradeNo,
        ...(extra.kind === 'refund'
          ? { refund: { refundId: extra.refundId ?? '', outRefundNo: extra.outRefundNo ?? '' } }
          : {}),
        fen: extra.amountFen,
        description: '钻石',
      });
    }
    if (lines.length === 0) return undefined;
    lines.sort((a, b) => a.at.getTime() - b.at.getTime());
    const total = (column: string) =>
      lines.reduce((sum, { fields }) => {
        const [int, dec] = (fields[TRADE_BILL_HEADER.indexOf(column)] as string).split('.') as [
          string,
          string,
        ];
        const sign = int.startsWith('-') ? -1 : 1;
        return sum + sign * (Math.abs(Number(int)) * 100 + Number(dec));
      }, 0);
    const backticked = (fields: string[]) => fields.map((field) => `\`${field}`).join(',');
    return [
      TRADE_BILL_HEADER.join(','),
      ...lines.map(({ fields }) => backticked(fields)),
      TRADE_BILL_SUMMARY_HEADER.join(','),
      backticked([
        String(lines.length),
        fenToYuan(total('应结订单金额')),
        fenToYuan(total('退款金额')),
        '0.00',
        fenToYuan(total('手续费')),
        fenToYuan(total('订单金额')),
        fenToYuan(total('申请退款金额')),
      ]),
      '',
    ].join('\r\n');
  }

  /** `GET /v3/bill/tradebill?bill_date=&bill_type=ALL&tar_type=GZIP`: the bill's hash and where to fetch it. */
  private answerTradeBill(
    req: http.IncomingMessage,
    url: URL,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): void {
    if (this.refusedUnsigned(req, url, '', record, res)) return;
    const date = url.searchParams.get('bill_date') ?? '';
    const billType = url.searchParams.get('bill_type') ?? 'ALL';
    const tarType = url.searchParams.get('tar_type');
    if (!/^\d{4}-\d\d-\d\d$/.test(date) || billType !== 'ALL' || (tarType !== null && tarType !== 'GZIP')) {
      this.answer(res, { ...record, error: 'bad bill parameters' }, 400, {
        code: 'PARAM_ERROR',
        message: 'bill_date must be yyyy-MM-DD, bill_type ALL, tar_type GZIP or none',
      });
      return;
    }
    const csv = this.tradeBillCsv(date);
    if (csv === undefined) {
      this.answer(res, { ...record, error: 'no bill' }, 400, {
        code: 'NO_STATEMENT_EXIST',
        message: '账单文件不存在',
      });
      return;
    }
    const plain = Buffer.from(csv, 'utf8');
    const token = randomBytes(16).toString('hex');
    this.billFiles.set(token, tarType === 'GZIP' ? gzipSync(plain) : plain);
    // The hash is of the file unpacked (原始账单,gzip需要解压缩).
    const hashed = this.billHashCorrupt ? Buffer.concat([plain, Buffer.from('tampered')]) : plain;
    this.answer(res, record, 200, {
      hash_type: 'SHA1',
      hash_value: createHash('sha1').update(hashed).digest('hex'),
      download_url: `${this.baseUrl}/v3/billdownload/file?token=${token}`,
    });
  }

  /** `GET /v3/billdownload/file?token=`: the file, to a signed request, itself unsigned (as WeChat Pay sends it). */
  private answerBillDownload(
    req: http.IncomingMessage,
    url: URL,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): void {
    if (this.refusedUnsigned(req, url, '', record, res)) return;
    const file = this.billFiles.get(url.searchParams.get('token') ?? '');
    if (!file) {
      this.answer(res, { ...record, error: 'unknown token' }, 400, {
        code: 'INVALID_REQUEST',
        message: '请按第一步申请账单的API指引,重新获取账单地址后再请求',
      });
      return;
    }
    this.received.push({ ...record, status: 200 });
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'request-id': randomUUID() });
    res.end(file);
  }

  /** Answers 401 SIGN_ERROR, as WeChat Pay does, when the merchant's signature does not verify; says whether it did. */
  private refusedUnsigned(
    req: http.IncomingMessage,
    url: URL,
    body: string,
    record: ReceivedRequest,
    res: http.ServerResponse,
  ): boolean {
    const signError = this.checkAuthorization(req, `${url.pathname}${url.search}`, body);
    if (signError)
      this.answer(res, { ...record, error: signError }, 401, { code: 'SIGN_ERROR', message: signError });
    return signError !== undefined;
  }

  /** The merchant's request signature; an error message, or undefined when it verifies. */
  private checkAuthorization(
    req: http.IncomingMessage,
    pathWithQuery: string,
    body: string,
  ): string | undefined {
    const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
    if (!match) return 'missing or malformed Authorization';
    const fields = new Map<string, string>();
    for (const part of (match[1] as string).matchAll(/(\w+)="([^"]*)"/g))
      fields.set(part[1] as string, part[2] as string);
    const [mchid, nonce, timestamp, serial, signature] = [
      'mchid',
      'nonce_str',
      'timestamp',
      'serial_no',
      'signature',
    ].map((name) => fields.get(name));
    if (!mchid || !nonce || !timestamp || !serial || !signature) return 'Authorization lacks a field';
    if (mchid !== this.keys.mchId) return 'unknown mchid';
    if (serial !== this.keys.merchantSerialNo) return 'unknown certificate serial_no';
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > REQUEST_WINDOW_SECONDS)
      return 'timestamp out of window';
    const message = `${req.method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const valid = createVerify('RSA-SHA256')
      .update(message)
      .verify(this.keys.merchantPublicKey, signature, 'base64');
    return valid ? undefined : 'signature does not verify';
  }

  /** What only one kind needs: H5 the payer's address, JSAPI the payer's openid. */
  private checkScene(kind: 'h5' | 'jsapi', order: H5Order & JsapiOrder): string | undefined {
    if (kind === 'jsapi')
      return typeof order.payer?.openid === 'string' && order.payer.openid.length > 0
        ? undefined
        : 'payer.openid is required for JSAPI';
    if (!order.scene_info?.payer_client_ip || order.scene_info.h5_info?.type === undefined)
      return 'scene_info.payer_client_ip and h5_info.type are required for H5';
    return undefined;
  }

  /** The fields every order has; an error message, or undefined when they are well formed. */
  private checkOrder(order: H5Order | JsapiOrder): string | undefined {
    if (order.appid !== this.keys.appId) return 'appid does not match';
    if (order.mchid !== this.keys.mchId) return 'mchid does not match';
    if (
      typeof order.description !== 'string' ||
      order.description.length < 1 ||
      order.description.length > 127
    )
      return 'description missing or too long';
    if (typeof order.out_trade_no !== 'string' || !/^[0-9A-Za-z_\-|*]{6,32}$/.test(order.out_trade_no))
      return 'out_trade_no must be 6-32 letters, digits, _-|*';
    try {
      const notify = new URL(order.notify_url);
      if (notify.search !== '') return 'notify_url must not carry a query';
    } catch {
      return 'notify_url must be an absolute URL';
    }
    if (!Number.isInteger(order.amount?.total) || order.amount.total < 1)
      return 'amount.total must be >= 1 fen';
    if (order.amount.currency !== undefined && order.amount.currency !== 'CNY') return 'currency must be CNY';
    if (order.time_expire !== undefined) {
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d)$/.test(order.time_expire))
        return 'time_expire must be yyyy-MM-DDTHH:mm:ss+TIMEZONE';
      if (Date.parse(order.time_expire) <= Date.now()) return 'time_expire is in the past';
    }
    return undefined;
  }
}
