import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import {
  type JsapiPayments,
  type NotificationInput,
  PaymentNotificationError,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  readPaymentFields,
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
}

/** Notifications older than this are refused as replays. */
const NOTIFICATION_WINDOW_SECONDS = 300;

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

  /** Sends a signed request (a JSON body for POST) and answers the verified JSON body. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
  ): Promise<Record<string, unknown>> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let response: Response;
    try {
      response = await fetch(`${this.config.apiBase}${path}`, {
        method,
        ...(method === 'POST' ? { body } : {}),
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          accept: 'application/json',
          authorization: this.authorization(method, path, body),
        },
        signal: AbortSignal.timeout(8000),
      });
    } catch (error) {
      throw new PaymentProviderError(
        `WeChat Pay unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text();
    if (!response.ok)
      throw new PaymentProviderError(
        `WeChat Pay refused ${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`,
      );
    try {
      this.verifySignature(response.headers, text);
    } catch (error) {
      throw new PaymentProviderError(`WeChat Pay answer not trusted: ${(error as Error).message}`);
    }
    return JSON.parse(text) as Record<string, unknown>;
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
    this.verifySignature(input.headers, input.rawBody);
    const envelope = JSON.parse(input.rawBody) as {
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
    let transaction: unknown;
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
      transaction = JSON.parse(plain) as unknown;
    } catch {
      throw new PaymentNotificationError('WeChat Pay resource does not decrypt');
    }
    return readTransaction(transaction);
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
  const paidAt = typeof fields.successTime === 'string' ? new Date(fields.successTime) : undefined;
  return {
    orderId: fields.orderId,
    providerRef: fields.providerRef,
    amountFen: fields.amountFen,
    paid,
    ...(paidAt && !Number.isNaN(paidAt.getTime()) ? { paidAt } : {}),
  };
}
