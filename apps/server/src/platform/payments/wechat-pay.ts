import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import {
  type JsapiPayments,
  type NotificationInput,
  PaymentNotificationError,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  type ProviderErrorDetails,
  readPaymentFields,
  readProviderTime,
  readRefundFields,
  type RefundRequest,
  type RefundState,
  type VerifiedPayment,
} from './payment-provider';

export interface WechatPayConfig {
  apiBase: string;
  appId: string;
  mchId: string;
  /** Serial number of the merchant's API certificate. */
  serialNo: string;
  /** The merchant's RSA private key (PEM). */
  privateKey: string;
  /** The 32-byte APIv3 key that encrypts notifications. */
  apiV3Key: string;
  /** WeChat Pay's platform public key (PEM) that signs notifications and answers. */
  platformPublicKey: string;
  /** How long a call may take before its outcome is unknown; default 8 seconds. */
  requestTimeoutMs?: number;
}

/** Notifications older than this are refused as replays. */
const NOTIFICATION_WINDOW_SECONDS = 300;

/** The event_type of each refund notification, and the refund_status its resource must carry. */
const REFUND_EVENTS = new Map<unknown, RefundState['status']>([
  ['REFUND.SUCCESS', 'succeeded'],
  ['REFUND.ABNORMAL', 'abnormal'],
  ['REFUND.CLOSED', 'closed'],
]);

/**
 * WeChat Pay's error codes (the `code` of a 4xx/5xx answer) that a caller may send again: FREQUENCY_LIMITED and
 * NOT_ENOUGH (the merchant's balance is short: again once money has come in) were not taken; SYSTEM_ERROR, like
 * any 5xx, may have been acted on. Every other code (PARAM_ERROR, INVALID_REQUEST such as a refund above what is
 * left of the order, RESOURCE_NOT_EXISTS, NO_AUTH, SIGN_ERROR, USER_ACCOUNT_ABNORMAL, ...) is final for that
 * request. Decision 041.
 */
const RETRYABLE_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'NOT_ENOUGH']);

/** A refusal of WeChat Pay's as a PaymentProviderError: its code, and what the caller may do next. */
function refusal(status: number, text: string): ProviderErrorDetails {
  let code: unknown;
  try {
    code = (JSON.parse(text) as { code?: unknown } | null)?.code;
  } catch {
    code = undefined;
  }
  const named = typeof code === 'string' && /^[A-Z_]{1,64}$/.test(code) ? code : `HTTP_${status}`;
  // A 5xx may have been acted on: the request is never refused for good by one.
  const serverSide = status >= 500;
  return {
    code: named,
    status,
    retryable: serverSide || RETRYABLE_CODES.has(named),
    outcomeUnknown: serverSide,
  };
}

/** Up to `maxBytes` of UTF-8, cut between characters (WeChat Pay counts its limits in bytes). */
function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}

/**
 * WeChat Pay API v3: H5 payments (the phone browser and the game web view) and JSAPI (inside WeChat's browser):
 * - requests are signed: Authorization `WECHATPAY2-SHA256-RSA2048 mchid,nonce_str,timestamp,serial_no,signature`,
 *   signature = RSA-SHA256 of "METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n" with the merchant key;
 * - notifications are verified: RSA-SHA256 of "TIMESTAMP\nNONCE\nBODY\n" with the platform key, then the resource
 *   is decrypted with AES-256-GCM under the APIv3 key.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;

  constructor(private readonly config: WechatPayConfig) {}

  authorization(
    method: string,
    pathWithQuery: string,
    body: string,
    timestamp = Math.floor(Date.now() / 1000),
    nonce = randomBytes(16).toString('hex'),
  ): string {
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = createSign('RSA-SHA256').update(message).sign(this.config.privateKey, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${nonce}",timestamp="${timestamp}",serial_no="${this.config.serialNo}",signature="${signature}"`;
  }

  /**
   * Sends a signed request (a JSON body for POST) and answers the verified JSON body. Throws PaymentProviderError:
   * with WeChat Pay's code for a refusal, TIMEOUT or UNREACHABLE when no answer came, UNTRUSTED_ANSWER when the
   * answer does not verify (each of the last three: the outcome is unknown).
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
  ): Promise<Record<string, unknown>> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.config.apiBase}${path}`, {
        method,
        ...(method === 'POST' ? { body } : {}),
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          accept: 'application/json',
          authorization: this.authorization(method, path, body),
        },
        signal: AbortSignal.timeout(this.config.requestTimeoutMs ?? 8000),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PaymentProviderError(
        `WeChat Pay unreachable: ${error instanceof Error ? error.message : String(error)}`,
        { code: timedOut ? 'TIMEOUT' : 'UNREACHABLE', retryable: true, outcomeUnknown: true },
      );
    }
    if (!response.ok)
      throw new PaymentProviderError(
        `WeChat Pay refused ${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`,
        refusal(response.status, text),
      );
    try {
      this.verifySignature(response.headers, text);
      return JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new PaymentProviderError(`WeChat Pay answer not trusted: ${(error as Error).message}`, {
        code: 'UNTRUSTED_ANSWER',
        status: response.status,
        retryable: true,
        outcomeUnknown: true,
      });
    }
  }

  private post(path: string, payload: object): Promise<Record<string, unknown>> {
    return this.call('POST', path, payload);
  }

  /** The order as WeChat Pay knows it (`GET /v3/pay/transactions/out-trade-no/{id}?mchid=`), signed both ways. */
  async queryPayment(orderId: string): Promise<VerifiedPayment> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}?mchid=${encodeURIComponent(this.config.mchId)}`;
    return readTransaction(await this.call('GET', path));
  }

  /** The fields every transaction shares, H5 or JSAPI. */
  private transaction(request: PaymentRequest) {
    return {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.description.slice(0, 127),
      out_trade_no: request.orderId,
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
      // WeChat Pay refuses to take payment after this (RFC 3339), so an order expired here cannot be paid there.
      time_expire: request.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    };
  }

  async createPayment(request: PaymentRequest): Promise<{ payUrl: string }> {
    const answer = await this.post('/v3/pay/transactions/h5', {
      ...this.transaction(request),
      scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
    });
    const h5Url = answer.h5_url;
    if (typeof h5Url !== 'string' || !h5Url) throw new PaymentProviderError('WeChat Pay answered no h5_url');
    const separator = h5Url.includes('?') ? '&' : '?';
    return { payUrl: `${h5Url}${separator}redirect_url=${encodeURIComponent(request.returnUrl)}` };
  }

  /**
   * JSAPI: the order is placed for the payer's openid (`/v3/pay/transactions/jsapi`, answering a prepay_id valid
   * for two hours); the page then calls `WeixinJSBridge.invoke('getBrandWCPayRequest', params)` with params signed
   * by the merchant key: paySign = RSA-SHA256 of "appId\ntimeStamp\nnonceStr\npackage\n".
   */
  readonly jsapi: JsapiPayments = {
    prepay: async (request, payerOpenId) => {
      const answer = await this.post('/v3/pay/transactions/jsapi', {
        ...this.transaction(request),
        payer: { openid: payerOpenId },
      });
      const prepayId = answer.prepay_id;
      if (typeof prepayId !== 'string' || !prepayId)
        throw new PaymentProviderError('WeChat Pay answered no prepay_id');
      return prepayId;
    },
    bridgeParams: (prepayId) => {
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = randomBytes(16).toString('hex');
      const pkg = `prepay_id=${prepayId}`;
      const paySign = createSign('RSA-SHA256')
        .update(`${this.config.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
        .sign(this.config.privateKey, 'base64');
      return { appId: this.config.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
    },
  };

  /**
   * `POST /v3/refund/domestic/refunds`: the order named by its transaction_id when known, else its out_trade_no;
   * out_refund_no = refundId, which WeChat Pay refunds once however often it is sent ("同一商户退款单号多次请求只退一笔"),
   * so a time-out or a 5xx is answered by sending the same refundId again or by `queryRefund`, never by a new id.
   * WeChat Pay answers PROCESSING, SUCCESS, CLOSED or ABNORMAL; the answer must be about this refund.
   */
  async refund(request: RefundRequest): Promise<RefundState> {
    const reason = truncateUtf8(request.reason, 80);
    const answer = await this.post('/v3/refund/domestic/refunds', {
      ...(request.providerRef ? { transaction_id: request.providerRef } : { out_trade_no: request.orderId }),
      out_refund_no: request.refundId,
      ...(reason ? { reason } : {}),
      notify_url: request.notifyUrl,
      amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
    });
    return readRefundAnswer(answer, request.refundId, request.orderId);
  }

  /** `GET /v3/refund/domestic/refunds/{out_refund_no}`, signed both ways. */
  async queryRefund(refundId: string): Promise<RefundState> {
    return readRefundAnswer(
      await this.call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundId)}`),
      refundId,
    );
  }

  verifyRefundNotification(input: NotificationInput): RefundState & { orderId: string } {
    const { eventType, resource } = this.openNotification(input);
    const status = REFUND_EVENTS.get(eventType);
    if (!status) throw new PaymentNotificationError('not a WeChat Pay refund notification');
    let refund: ReturnType<typeof readRefundFields>;
    try {
      refund = readRefundFields(resource, 'refund_status');
    } catch {
      throw new PaymentNotificationError('incomplete WeChat Pay refund');
    }
    if (refund.status !== status)
      throw new PaymentNotificationError(`refund_status does not match ${String(eventType)}`);
    return refund;
  }

  private verifySignature(headers: Headers | NotificationInput['headers'], body: string): void {
    const get = (name: string) => {
      const value = headers instanceof Headers ? headers.get(name) : headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const timestamp = get('wechatpay-timestamp');
    const nonce = get('wechatpay-nonce');
    const signature = get('wechatpay-signature');
    if (!timestamp || !nonce || !signature) throw new PaymentNotificationError('unsigned WeChat Pay message');
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > NOTIFICATION_WINDOW_SECONDS
    ) {
      throw new PaymentNotificationError('WeChat Pay message outside the time window');
    }
    const valid = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(this.config.platformPublicKey, signature, 'base64');
    if (!valid) throw new PaymentNotificationError('bad WeChat Pay signature');
  }

  verifyNotification(input: NotificationInput): VerifiedPayment {
    return readTransaction(this.openNotification(input).resource);
  }

  /** A notification's signature verified, its resource decrypted: its event_type and the resource's JSON. */
  private openNotification(input: NotificationInput): { eventType: unknown; resource: unknown } {
    this.verifySignature(input.headers, input.rawBody);
    const envelope = JSON.parse(input.rawBody) as {
      event_type?: unknown;
      resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string };
    } | null;
    const resource = typeof envelope === 'object' ? envelope?.resource : undefined;
    if (
      typeof resource !== 'object' ||
      resource === null ||
      resource.algorithm !== 'AEAD_AES_256_GCM' ||
      typeof resource.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string' ||
      !resource.ciphertext ||
      !resource.nonce
    ) {
      throw new PaymentNotificationError('unexpected WeChat Pay resource');
    }
    try {
      const data = Buffer.from(resource.ciphertext, 'base64');
      const decipher = createDecipheriv(
        'aes-256-gcm',
        Buffer.from(this.config.apiV3Key, 'utf8'),
        Buffer.from(resource.nonce, 'utf8'),
      );
      decipher.setAuthTag(data.subarray(data.length - 16));
      decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
      const plain = Buffer.concat([
        decipher.update(data.subarray(0, data.length - 16)),
        decipher.final(),
      ]).toString('utf8');
      return { eventType: envelope?.event_type, resource: JSON.parse(plain) as unknown };
    } catch {
      throw new PaymentNotificationError('WeChat Pay resource does not decrypt');
    }
  }
}

/** A WeChat Pay transaction (decrypted from a notification, or answered by a query) as the shop reads it. */
function readTransaction(transaction: unknown): VerifiedPayment {
  // An unpaid order may come without an amount; a paid one never does.
  const paid =
    typeof transaction === 'object' &&
    transaction !== null &&
    (transaction as Record<string, unknown>).trade_state === 'SUCCESS';
  let fields: ReturnType<typeof readPaymentFields>;
  try {
    fields = readPaymentFields(transaction, { amountRequired: paid });
  } catch {
    throw new PaymentNotificationError('incomplete WeChat Pay transaction');
  }
  const paidAt = readProviderTime(fields.successTime);
  return {
    orderId: fields.orderId,
    providerRef: fields.providerRef,
    amountFen: fields.amountFen,
    paid,
    ...(paidAt ? { paidAt } : {}),
  };
}

/**
 * A verified answer about a refund (to the refund, or its query), which must name the refund asked about (and its
 * order, when known). An answer that cannot be read leaves the outcome unknown: the refund may have been made.
 */
function readRefundAnswer(answer: unknown, refundId: string, orderId?: string): RefundState {
  let fields: ReturnType<typeof readRefundFields>;
  try {
    fields = readRefundFields(answer, 'status');
    if (fields.refundId !== refundId || (orderId !== undefined && fields.orderId !== orderId))
      throw new PaymentNotificationError('an answer about another refund');
  } catch (error) {
    throw new PaymentProviderError(`WeChat Pay answered no readable refund: ${(error as Error).message}`, {
      code: 'UNREADABLE_ANSWER',
      retryable: true,
      outcomeUnknown: true,
    });
  }
  const { orderId: _order, ...state } = fields;
  return state;
}
