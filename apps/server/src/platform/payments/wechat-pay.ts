import {
  constants,
  createDecipheriv,
  createHash,
  createSign,
  createVerify,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  FINAL_TRANSFER_STATUSES,
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
  readTransferFields,
  type RefundRequest,
  type RefundState,
  type TradeBill,
  TRANSFER_NAME_FROM_FEN,
  type TransferRequest,
  type TransferState,
  type VerifiedPayment,
} from './payment-provider';
import { isBillDate, parseTradeBill } from './trade-bill';

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
  /**
   * The Wechatpay-Serial of `platformPublicKey` (its public key ID, PUB_KEY_ID_..., or the platform certificate's
   * serial): sent with a payee's name encrypted under that key, which a transfer from 2,000 yuan needs.
   */
  platformSerial?: string;
  /** The transfer scene our transfers are made under, and what WeChat Pay asks reported of it; default TRANSFER_SCENE. */
  transferScene?: TransferScene;
  /** How long a call may take before its outcome is unknown; default 8 seconds. */
  requestTimeoutMs?: number;
}

/** A transfer scene (转账场景) granted to the merchant in its console, and its report (转账场景报备信息). */
export interface TransferScene {
  id: string;
  reportInfos: { infoType: string; infoContent: string }[];
}

/**
 * Agents are paid their commission: scene 1005 (佣金报酬), whose report names the kind of post (岗位类型) and what
 * the pay is for (报酬说明). The payee sees the scene's own default wording (no user_recv_perception is sent: a
 * wording the scene does not offer is refused, INVALID_REQUEST "暂不支持展示当前传入的用户收款感知").
 */
export const TRANSFER_SCENE: TransferScene = {
  id: '1005',
  reportInfos: [
    { infoType: '岗位类型', infoContent: '推广代理' },
    { infoType: '报酬说明', infoContent: '推广佣金' },
  ],
};

/** The event_type of a transfer's notification: sent once it has ended (SUCCESS, FAIL, CANCELLED). */
const TRANSFER_EVENT = 'MCHTRANSFER.BILL.FINISHED';

/** The transfer-bills API, by out_bill_no. */
const TRANSFER_BILLS = '/v3/fund-app/mch-transfer/transfer-bills';

/** A bill larger than this once unpacked is refused rather than held in memory (a day of ours is far smaller). */
const MAX_BILL_BYTES = 256 * 1024 * 1024;

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
 * any 5xx, may have been acted on; STATEMENT_CREATING (a trade bill not made yet: after 10 o'clock the next day)
 * acts on nothing. Every other code (PARAM_ERROR, INVALID_REQUEST such as a refund above what is left of the order
 * or a transfer's out_bill_no sent with other parameters, RESOURCE_NOT_EXISTS, NO_AUTH, SIGN_ERROR,
 * USER_ACCOUNT_ABNORMAL, ...) is final for that request. Decisions 041, 042.
 */
const RETRYABLE_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'NOT_ENOUGH', 'STATEMENT_CREATING']);

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
 * WeChat Pay API v3: H5 payments (the phone browser and the game web view) and JSAPI (inside WeChat's browser),
 * refunds (decision 041), merchant transfers and the daily trade bill (decision 042):
 * - requests are signed: Authorization `WECHATPAY2-SHA256-RSA2048 mchid,nonce_str,timestamp,serial_no,signature`,
 *   signature = RSA-SHA256 of "METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n" with the merchant key;
 * - answers and notifications are verified: RSA-SHA256 of "TIMESTAMP\nNONCE\nBODY\n" with the platform key, then a
 *   notification's resource is decrypted with AES-256-GCM under the APIv3 key (a bill's file is not signed: the
 *   hash in the signed answer vouches for it);
 * - a sensitive field (a payee's name) is encrypted with RSA-OAEP under the platform key, named by its serial.
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
   * Sends a request to `url` (WeChat Pay's: apiBase and a path, or a bill's download_url), signed over
   * `pathWithQuery`, and answers the response with its bytes, unverified. Throws PaymentProviderError: with WeChat
   * Pay's code for a refusal, TIMEOUT or UNREACHABLE when no answer came (the outcome is unknown).
   */
  private async send(
    method: 'GET' | 'POST',
    url: string,
    pathWithQuery: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ response: Response; bytes: Buffer }> {
    let response: Response;
    let bytes: Buffer;
    try {
      response = await fetch(url, {
        method,
        ...(method === 'POST' ? { body } : {}),
        headers: { ...headers, authorization: this.authorization(method, pathWithQuery, body) },
        signal: AbortSignal.timeout(this.config.requestTimeoutMs ?? 8000),
      });
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PaymentProviderError(
        `WeChat Pay unreachable: ${error instanceof Error ? error.message : String(error)}`,
        { code: timedOut ? 'TIMEOUT' : 'UNREACHABLE', retryable: true, outcomeUnknown: true },
      );
    }
    if (!response.ok) {
      const text = bytes.toString('utf8');
      throw new PaymentProviderError(
        `WeChat Pay refused ${method} ${pathWithQuery}: HTTP ${response.status} ${text.slice(0, 200)}`,
        refusal(response.status, text),
      );
    }
    return { response, bytes };
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
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const { response, bytes } = await this.send(method, `${this.config.apiBase}${path}`, path, body, {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      accept: 'application/json',
      ...headers,
    });
    const text = bytes.toString('utf8');
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

  private post(
    path: string,
    payload: object,
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    return this.call('POST', path, payload, headers);
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

  /**
   * `POST /v3/fund-app/mch-transfer/transfer-bills` (商家转账, the payee confirms): out_bill_no = transferId, which
   * WeChat Pay takes once however often it is sent; sent again with the same parameters it answers the transfer
   * already made (with its package_info while the payee has yet to confirm), with others INVALID_REQUEST ("单号已存在
   * 但信息不一致"). After any failure WeChat Pay's word is "请务必不要立即更换商户订单单号重试": the same transferId
   * again, or `queryTransfer`; a new one only once the old is FAIL or CANCELLED. The answer must be this transfer.
   */
  async transfer(request: TransferRequest): Promise<TransferState> {
    const named = request.amountFen >= TRANSFER_NAME_FROM_FEN;
    const scene = this.config.transferScene ?? TRANSFER_SCENE;
    const answer = await this.post(
      TRANSFER_BILLS,
      {
        appid: this.config.appId,
        out_bill_no: request.transferId,
        transfer_scene_id: scene.id,
        openid: request.openid,
        ...(named ? { user_name: this.encryptName(request.userName) } : {}),
        transfer_amount: request.amountFen,
        // WeChat Pay counts the remark in characters: cut between them, never inside one.
        transfer_remark: Array.from(request.remark).slice(0, 32).join(''),
        notify_url: request.notifyUrl,
        transfer_scene_report_infos: scene.reportInfos.map(({ infoType, infoContent }) => ({
          info_type: infoType,
          info_content: infoContent,
        })),
      },
      // The key the name is encrypted under, so WeChat Pay knows which of its keys opens it.
      named ? { 'wechatpay-serial': this.config.platformSerial as string } : {},
    );
    return readTransferAnswer(answer, request.transferId, false);
  }

  /**
   * The payee's real name, RSA-OAEP (SHA-1, as WeChat Pay's sensitive fields are) under the platform key. Refused
   * before anything is sent, final, when there is no name or no serial to send with it.
   */
  private encryptName(userName: string | undefined): string {
    if (!userName?.trim())
      throw new PaymentProviderError('a transfer from 2,000 yuan needs the payee’s real name', {
        code: 'USER_NAME_REQUIRED',
      });
    if (!this.config.platformSerial)
      throw new PaymentProviderError(
        'a transfer from 2,000 yuan needs WECHATPAY_PLATFORM_SERIAL to send the payee’s name',
        { code: 'NOT_CONFIGURED' },
      );
    return publicEncrypt(
      { key: this.config.platformPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(userName.trim(), 'utf8'),
    ).toString('base64');
  }

  /**
   * `GET .../transfer-bills/out-bill-no/{out_bill_no}`, signed both ways. It carries no package_info: a transfer
   * found waiting for its payee gets one by sending the same transfer again.
   */
  async queryTransfer(transferId: string): Promise<TransferState> {
    const path = `${TRANSFER_BILLS}/out-bill-no/${encodeURIComponent(transferId)}`;
    return readTransferAnswer(await notFoundAsNotExists(this.call('GET', path)), transferId, true);
  }

  /**
   * `POST .../transfer-bills/out-bill-no/{out_bill_no}/cancel` (no body): taken only before the payee confirms,
   * answered CANCELING (the money goes back to the merchant, and the notification says CANCELLED) or CANCELLED.
   * A transfer past that point is refused (INVALID_REQUEST): ask `queryTransfer` how it ended.
   */
  async cancelTransfer(transferId: string): Promise<TransferState> {
    const path = `${TRANSFER_BILLS}/out-bill-no/${encodeURIComponent(transferId)}/cancel`;
    return readTransferAnswer(await notFoundAsNotExists(this.call('POST', path)), transferId, false);
  }

  verifyTransferNotification(input: NotificationInput): TransferState {
    const { eventType, resource } = this.openNotification(input);
    if (eventType !== TRANSFER_EVENT)
      throw new PaymentNotificationError('not a WeChat Pay transfer notification');
    let transfer: TransferState;
    try {
      transfer = readTransferFields(resource, { amountRequired: true });
    } catch {
      throw new PaymentNotificationError('incomplete WeChat Pay transfer');
    }
    // FINISHED is sent for an ended transfer only: one still on the way disagrees with its event.
    if (!FINAL_TRANSFER_STATUSES.has(transfer.status))
      throw new PaymentNotificationError(`a transfer ${transfer.status} under ${TRANSFER_EVENT}`);
    return transfer;
  }

  transferConfirmParams(packageInfo: string): { mchId: string; appId: string; package: string } {
    return { mchId: this.config.mchId, appId: this.config.appId, package: packageInfo };
  }

  /**
   * `GET /v3/bill/tradebill?bill_date=&bill_type=ALL&tar_type=GZIP` (signed both ways) answers the bill's SHA1 and
   * where to fetch it; the file is fetched with a signed GET (WeChat Pay does not sign it: its hash, from the signed
   * answer, is what vouches for it), gunzipped, its SHA1 checked, then read whole (`parseTradeBill`). A day without
   * a payment or a refund has no bill (NO_STATEMENT_EXIST): its bill is empty.
   */
  async tradeBill(date: string): Promise<TradeBill> {
    if (!isBillDate(date))
      throw new PaymentProviderError(`not a bill date: ${date}`, { code: 'PARAM_ERROR' });
    let answer: Record<string, unknown>;
    try {
      answer = await this.call('GET', `/v3/bill/tradebill?bill_date=${date}&bill_type=ALL&tar_type=GZIP`);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === 'NO_STATEMENT_EXIST')
        return { date, rows: [], totals: { count: 0, paidFen: 0, refundedFen: 0 } };
      throw error;
    }
    const { hashValue, downloadUrl } = this.readBillAnswer(answer);
    const { bytes } = await this.send(
      'GET',
      downloadUrl.href,
      `${downloadUrl.pathname}${downloadUrl.search}`,
      '',
      {
        accept: '*/*',
      },
    );
    let file: Buffer;
    try {
      file = gunzipSync(bytes, { maxOutputLength: MAX_BILL_BYTES });
    } catch (error) {
      throw new PaymentProviderError(`WeChat Pay's bill does not unpack: ${(error as Error).message}`, {
        code: 'CORRUPT_DOWNLOAD',
        retryable: true,
      });
    }
    if (createHash('sha1').update(file).digest('hex') !== hashValue)
      throw new PaymentProviderError(`WeChat Pay's bill of ${date} is not the one its hash describes`, {
        code: 'HASH_MISMATCH',
        retryable: true,
      });
    try {
      return parseTradeBill(date, file.toString('utf8'), this.config.mchId);
    } catch (error) {
      // The very file WeChat Pay described, and unreadable: fetching it again changes nothing; a person looks.
      throw new PaymentProviderError(
        `WeChat Pay's bill of ${date} cannot be read: ${(error as Error).message}`,
        {
          code: 'UNREADABLE_BILL',
        },
      );
    }
  }

  /**
   * The tradebill answer: a SHA1 hash and a download_url on WeChat Pay's own API (the signed GET is sent there and
   * nowhere else). Anything else leaves the bill unknown, as an unreadable answer does.
   */
  private readBillAnswer(answer: Record<string, unknown>): { hashValue: string; downloadUrl: URL } {
    const { hash_type: hashType, hash_value: hashValue, download_url: downloadUrl } = answer;
    let url: URL | undefined;
    try {
      url = typeof downloadUrl === 'string' ? new URL(downloadUrl) : undefined;
    } catch {
      url = undefined;
    }
    const ours =
      url !== undefined &&
      (url.origin === new URL(this.config.apiBase).origin ||
        (url.protocol === 'https:' && /(^|\.)mch\.weixin\.qq\.com$/.test(url.hostname)));
    if (hashType !== 'SHA1' || typeof hashValue !== 'string' || !/^[0-9a-fA-F]{40}$/.test(hashValue) || !ours)
      throw new PaymentProviderError('WeChat Pay answered no readable bill', {
        code: 'UNREADABLE_ANSWER',
        retryable: true,
        outcomeUnknown: true,
      });
    return { hashValue: hashValue.toLowerCase(), downloadUrl: url as URL };
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

/**
 * WeChat Pay's word for "no such transfer bill" is 404 NOT_FOUND ("记录不存在"); callers read one word for every
 * provider and call (decision 041): RESOURCE_NOT_EXISTS, final, the outcome known: it never took that transferId.
 */
async function notFoundAsNotExists<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404 && error.code === 'NOT_FOUND')
      throw new PaymentProviderError(error.message, {
        code: 'RESOURCE_NOT_EXISTS',
        status: 404,
        retryable: false,
        outcomeUnknown: false,
      });
    throw error;
  }
}

/**
 * A verified answer about a transfer (to the transfer, its query or its cancel), which must name the transfer asked
 * about. An answer that cannot be read leaves the outcome unknown: the money may be on its way.
 */
function readTransferAnswer(answer: unknown, transferId: string, amountRequired: boolean): TransferState {
  let state: TransferState;
  try {
    state = readTransferFields(answer, { amountRequired });
    if (state.transferId !== transferId)
      throw new PaymentNotificationError('an answer about another transfer');
  } catch (error) {
    throw new PaymentProviderError(`WeChat Pay answered no readable transfer: ${(error as Error).message}`, {
      code: 'UNREADABLE_ANSWER',
      retryable: true,
      outcomeUnknown: true,
    });
  }
  return state;
}
