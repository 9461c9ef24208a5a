import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** Signing and encrypting a notification otherwise than WeChat Pay would: a forgery, a stale one, a wrong key. */
export type SealOptions = Pick<NotificationOptions, 'signingKey' | 'apiV3Key' | 'timestamp'>;

const rfc3339 = (time: Date) => time.toISOString().replace(/\.\d{3}Z$/, '+00:00');

function placedPayer(placed: PlacedOrder | undefined): string | undefined {
  return placed?.kind === 'jsapi' ? placed.order.payer.openid : undefined;
}

const AUTHORIZATION = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;
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
   * The refund ends at WeChat Pay (SUCCESS: the buyer has the money; CLOSED; ABNORMAL), and its notification goes
   * to its notify_url once, twice or never (default: `refundNotifyMode`). Answers the merchant's HTTP status for
   * each notification sent.
   */
  async settleRefund(
    outRefundNo: string,
    status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS',
    notify: 'once' | 'twice' | 'never' = this.refundNotifyMode,
  ): Promise<number[]> {
    const made = this.refunds.get(outRefundNo);
    if (!made) throw new Error(`no refund ${outRefundNo} made here`);
    made.refund.status = status;
    if (status === 'SUCCESS') made.refund.success_time = rfc3339(new Date());
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
