import type { TWechatPayBridge } from '@promoter/contract';

/** What the shop asks of a payment provider, and what a verified notification tells. */
export interface PaymentRequest {
  orderId: string;
  amountFen: number;
  description: string;
  /** Where the provider sends the notification. */
  notifyUrl: string;
  /** Where the buyer comes back to after paying. */
  returnUrl: string;
  clientIp: string;
  /** After this the order is not delivered: the provider must not take payment for it either. */
  expiresAt: Date;
  /** The buyer's language (the web's code, `en`, `ar`...), for a checkout page the provider shows in it. */
  locale?: string;
}

export interface VerifiedPayment {
  orderId: string;
  providerRef: string;
  amountFen: number;
  paid: boolean;
  /** When the buyer paid, as the provider says (WeChat Pay's success_time); absent when it does not say. */
  paidAt?: Date;
}

export interface NotificationInput {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** Paying inside WeChat's browser through its JS bridge (WeChat Pay JSAPI). */
export interface JsapiPayments {
  /** Places the order for the payer's openid (under the same app); answers the prepay_id. */
  prepay(request: PaymentRequest, payerOpenId: string): Promise<string>;
  /** The bridge's parameters for a prepay_id, freshly signed. */
  bridgeParams(prepayId: string): TWechatPayBridge;
}

/** A checkout page this server shows for the provider (the sandbox's), reached by a link the provider signed. */
export interface HostedCheckout {
  /** Whether `signature` is the provider's signature of the checkout link of `orderId`. */
  checkLink(orderId: string, signature: string | undefined): boolean;
  /** The signed notification the provider sends when a person pays the order on the page. */
  paidNotification(order: { id: string; amountFen: number }): NotificationInput;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechat';
  /** A checkout page the buyer is sent to (WeChat Pay H5, the sandbox's page). */
  createPayment(request: PaymentRequest): Promise<{ payUrl: string }>;
  /** Present when the provider can take payment inside WeChat's browser. */
  readonly jsapi?: JsapiPayments;
  /**
   * Asks the provider how an order stands, for when its notification is late or lost; the answer is verified
   * like a notification. Absent when the provider's notifications are the only word (the sandbox).
   */
  queryPayment?(orderId: string): Promise<VerifiedPayment>;
  /** Present when this server shows the provider's checkout page (the sandbox's: /api/pay/sandbox/checkout/:orderId). */
  readonly checkout?: HostedCheckout;
  /** Verifies a notification's signature and reads it; throws PaymentNotificationError when it cannot be trusted. */
  verifyNotification(input: NotificationInput): VerifiedPayment;
  /**
   * Asks the provider to give back `amountFen` of a paid order (decision 041). The same `refundId` is one refund
   * for ever: sent again (after a time-out, a 5xx, a retryable refusal) it answers the refund already made and
   * never refunds twice, so a caller that does not know what happened sends it again or asks `queryRefund`.
   * Throws PaymentProviderError, whose `retryable` and `outcomeUnknown` say what the caller may do next.
   */
  refund(request: RefundRequest): Promise<RefundState>;
  /** How a refund stands at the provider, verified like its answers; RESOURCE_NOT_EXISTS: it never took it. */
  queryRefund(refundId: string): Promise<RefundState>;
  /** Verifies a refund notification and reads it; throws PaymentNotificationError when it cannot be trusted. */
  verifyRefundNotification(input: NotificationInput): RefundState & { orderId: string };
  /**
   * Pays `amountFen` out to a WeChat user (decision 042). The same `transferId` is one transfer for ever: sent
   * again (after a time-out, a 5xx, a retryable refusal) it answers the transfer already made and never pays twice,
   * so a caller that does not know what happened sends it again or asks `queryTransfer`; a new transferId only
   * once the old one is known `failed` or `cancelled`. Throws PaymentProviderError, whose `retryable` and
   * `outcomeUnknown` say what the caller may do next.
   */
  transfer(request: TransferRequest): Promise<TransferState>;
  /** How a transfer stands at the provider, verified like its answers; RESOURCE_NOT_EXISTS: it never took it. */
  queryTransfer(transferId: string): Promise<TransferState>;
  /**
   * Asks the provider to call a transfer off before the payee has taken the money (`waitUserConfirm`, `accepted`,
   * `processing`): answers `canceling` (the provider gives the money back to the merchant later) or `cancelled`.
   */
  cancelTransfer(transferId: string): Promise<TransferState>;
  /** Verifies a transfer's notification (it has ended) and reads it; throws PaymentNotificationError when untrusted. */
  verifyTransferNotification(input: NotificationInput): TransferState;
  /** The parameters the agent's page passes to WeixinJSBridge requestMerchantTransfer: { mchId, appId, package }. */
  transferConfirmParams(packageInfo: string): { mchId: string; appId: string; package: string };
  /**
   * The provider's trade bill of one day ('YYYY-MM-DD', the day as WeChat Pay counts it: Asia/Shanghai, the
   * platform's default zone): every payment and refund it made that day, and the bill's own totals. Throws
   * PaymentProviderError: HASH_MISMATCH (retryable) when the file is not the one the provider described.
   */
  tradeBill(date: string): Promise<TradeBill>;
}

/** Money given back to the buyer of a paid order, in part or whole. */
export interface RefundRequest {
  orderId: string;
  /** Ours, unique for ever (WeChat Pay's out_refund_no: 1-64 of letters, digits and _-|*@): the idempotency key. */
  refundId: string;
  /** The provider's reference of the payment (WeChat Pay's transaction_id), when known. */
  providerRef?: string;
  amountFen: number;
  /** What the buyer paid for the order, as the provider knows it. */
  totalFen: number;
  /** Shown to the buyer (WeChat Pay: at most 80 bytes; longer is cut). */
  reason: string;
  /** Where the provider sends the refund's notification. */
  notifyUrl: string;
}

export type RefundStatus = 'processing' | 'succeeded' | 'closed' | 'abnormal';

/**
 * A refund as the provider reports it: `processing` until it settles; `succeeded` (the money reached the buyer),
 * `closed` (it will not be made) or `abnormal` (it failed on the way, e.g. the buyer's card is closed: it needs a
 * person, through the provider's own console).
 */
export interface RefundState {
  refundId: string;
  /** The provider's reference of the refund (WeChat Pay's refund_id). */
  providerRef: string;
  status: RefundStatus;
  amountFen: number;
  /** When it reached the buyer, as the provider says (WeChat Pay's success_time). */
  succeededAt?: Date;
}

/** Money paid out to a WeChat user (WeChat Pay's merchant transfer, 商家转账, /v3/fund-app/mch-transfer/transfer-bills). */
export interface TransferRequest {
  /** Ours, unique for ever: WeChat Pay's out_bill_no (5-32 letters and digits). One transferId is one transfer. */
  transferId: string;
  /** The payee's openid under our app id. */
  openid: string;
  amountFen: number;
  /** transfer_remark, shown to the payee (WeChat: at most 32 characters; longer is cut). */
  remark: string;
  /**
   * The payee's real name: WeChat Pay requires it (RSA-OAEP encrypted with the platform certificate/public key,
   * header Wechatpay-Serial) from 2,000 yuan (200000 fen); sent only then.
   */
  userName?: string;
  notifyUrl: string;
}

/** From this amount on a transfer names its payee (WeChat Pay: "转账金额 >= 2,000元时,该笔明细必须填写"). */
export const TRANSFER_NAME_FROM_FEN = 200_000;

/**
 * A transfer as the provider reports it. `accepted`, `processing` and `transferring` are on the way;
 * `waitUserConfirm`: the payee must confirm in WeChat (`packageInfo`), within 24 hours or it is called off;
 * `succeeded` (the payee has the money), `failed` and `cancelled` are final; `canceling` ends as `cancelled`.
 */
export type TransferStatus =
  | 'accepted'
  | 'processing'
  | 'waitUserConfirm'
  | 'transferring'
  | 'succeeded'
  | 'failed'
  | 'canceling'
  | 'cancelled';

export interface TransferState {
  transferId: string;
  /** WeChat Pay's transfer_bill_no ('' when not given yet). */
  providerRef: string;
  status: TransferStatus;
  /** What the provider says it transfers, when its answer says (a query and a notification do). */
  amountFen?: number;
  /** package_info when waitUserConfirm: the payee confirms in WeChat through the JS bridge's requestMerchantTransfer. */
  packageInfo?: string;
  /** fail_reason of a failed or cancelled transfer. */
  failReason?: string;
}

/** The provider's trade bill of one day: its rows, and its own totals line for a sanity check. */
export interface TradeBill {
  date: string;
  rows: TradeBillRow[];
  /** the bill's own totals line, for a sanity check */
  totals: { count: number; paidFen: number; refundedFen: number };
}

/**
 * One line of a trade bill: a payment (orderId, its providerRef = transaction_id, what the buyer was charged) or a
 * refund (of the order orderId: refundId, its refundProviderRef = refund_id, what was asked back).
 */
export interface TradeBillRow {
  kind: 'payment' | 'refund';
  orderId: string;
  providerRef: string;
  refundId?: string;
  refundProviderRef?: string;
  amountFen: number;
  at: Date;
}

export class PaymentNotificationError extends Error {}

/** What a provider's refusal, or its silence, lets the caller do. */
export interface ProviderErrorDetails {
  /** The provider's error code (WeChat Pay's NOT_ENOUGH, SYSTEM_ERROR, ...), or TIMEOUT, UNREACHABLE, HTTP_<status>. */
  code: string;
  /** The same request (the same refundId, transferId) may be sent again later and may then be taken. */
  retryable: boolean;
  /**
   * The provider may have acted (a time-out, a 5xx, an answer that cannot be trusted): nothing is known, neither
   * failure nor success. The caller asks (`queryRefund`, `queryTransfer`) or sends the same request again, never a
   * new one.
   */
  outcomeUnknown: boolean;
  /** The HTTP status of the provider's answer, when there was one. */
  status?: number;
}

export class PaymentProviderError extends Error implements ProviderErrorDetails {
  readonly code: string;
  readonly retryable: boolean;
  readonly outcomeUnknown: boolean;
  readonly status?: number;

  constructor(message: string, details: Partial<ProviderErrorDetails> = {}) {
    super(message);
    this.code = details.code ?? 'PROVIDER_ERROR';
    this.retryable = details.retryable ?? false;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
    this.status = details.status;
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const isCleanText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && !CONTROL_CHARACTERS.test(value);

/** A message a provider signed, as an object; anything else (`null`, an array, a string) is unreadable. */
function readObject(message: unknown): Record<string, unknown> {
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    throw new PaymentNotificationError('notification is not an object');
  return message as Record<string, unknown>;
}

/** An id of ours or the provider's: text of sane length without control characters. */
function readId(value: unknown, max: number, name: string, required: boolean): string {
  if (value === undefined || value === null) {
    if (!required) return '';
  } else if (isCleanText(value, max) && (value !== '' || !required)) return value;
  throw new PaymentNotificationError(`notification without a readable ${name}`);
}

/** A whole, non-negative number of fen; undefined when absent. */
function readWholeFen(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || (value as number) < 0)
    throw new PaymentNotificationError('notification without a readable amount');
  return value as number;
}

/** A field of the message's `amount`: a whole, non-negative number of fen; undefined when absent. */
function readFen(message: Record<string, unknown>, field: string): number | undefined {
  const { amount } = message;
  return readWholeFen(
    typeof amount === 'object' && amount !== null ? (amount as Record<string, unknown>)[field] : undefined,
  );
}

/** A time the provider reports (RFC 3339, as WeChat Pay's success_time); undefined when absent or unreadable. */
export function readProviderTime(value: unknown): Date | undefined {
  const time = typeof value === 'string' ? new Date(value) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time : undefined;
}

/**
 * The fields of a notification (or a query's answer) as the shop may use them: an object, an order id and a
 * provider reference of sane length without control characters, a whole amount in fen. Even a correctly signed
 * message that is anything else (`null`, an array, a NUL in `out_trade_no`, an amount of 1e308) is refused as
 * unreadable, never passed on to the database.
 */
export function readPaymentFields(
  message: unknown,
  options: { amountRequired: boolean },
): {
  orderId: string;
  providerRef: string;
  amountFen: number;
  tradeState: unknown;
  successTime: unknown;
} {
  const fields = readObject(message);
  const orderId = readId(fields.out_trade_no, 64, 'out_trade_no', true);
  const providerRef = readId(fields.transaction_id, 128, 'transaction_id', false);
  const total = readFen(fields, 'total');
  if (total === undefined && options.amountRequired)
    throw new PaymentNotificationError('notification without a readable amount');
  return {
    orderId,
    providerRef,
    amountFen: total ?? 0,
    tradeState: fields.trade_state,
    successTime: fields.success_time,
  };
}

/** The provider's refund statuses (WeChat Pay's, which the sandbox speaks too) as ours. */
const REFUND_STATUSES: Record<string, RefundStatus> = {
  PROCESSING: 'processing',
  SUCCESS: 'succeeded',
  CLOSED: 'closed',
  ABNORMAL: 'abnormal',
};

/** Ours as the provider's word (a notification's refund_status). */
export function providerRefundStatus(status: RefundStatus): string {
  return Object.keys(REFUND_STATUSES).find((word) => REFUND_STATUSES[word] === status) as string;
}

/**
 * A refund as a provider reports it (an answer to a refund or its query: the status in `status`; a notification:
 * in `refund_status`), read as strictly as a payment: the order, the refund's two ids, a known status and a whole
 * refunded amount, or PaymentNotificationError.
 */
export function readRefundFields(
  message: unknown,
  statusField: 'status' | 'refund_status',
): RefundState & { orderId: string } {
  const fields = readObject(message);
  const orderId = readId(fields.out_trade_no, 64, 'out_trade_no', true);
  const refundId = readId(fields.out_refund_no, 64, 'out_refund_no', true);
  const providerRef = readId(fields.refund_id, 128, 'refund_id', true);
  const raw = fields[statusField];
  const status =
    typeof raw === 'string' && Object.hasOwn(REFUND_STATUSES, raw) ? REFUND_STATUSES[raw] : undefined;
  if (!status) throw new PaymentNotificationError('notification without a known refund status');
  const amountFen = readFen(fields, 'refund');
  if (amountFen === undefined) throw new PaymentNotificationError('notification without a readable amount');
  const succeededAt = status === 'succeeded' ? readProviderTime(fields.success_time) : undefined;
  return { orderId, refundId, providerRef, status, amountFen, ...(succeededAt ? { succeededAt } : {}) };
}

/** The provider's transfer states (WeChat Pay's, which the sandbox speaks too) as ours. */
const TRANSFER_STATUSES: Record<string, TransferStatus> = {
  ACCEPTED: 'accepted',
  PROCESSING: 'processing',
  WAIT_USER_CONFIRM: 'waitUserConfirm',
  TRANSFERING: 'transferring',
  SUCCESS: 'succeeded',
  FAIL: 'failed',
  CANCELING: 'canceling',
  CANCELLED: 'cancelled',
};

/** The states after which nothing more happens to a transfer. */
export const FINAL_TRANSFER_STATUSES: ReadonlySet<TransferStatus> = new Set([
  'succeeded',
  'failed',
  'cancelled',
]);

/** Ours as the provider's word (a transfer's `state`). */
export function providerTransferStatus(status: TransferStatus): string {
  return Object.keys(TRANSFER_STATUSES).find((word) => TRANSFER_STATUSES[word] === status) as string;
}

/**
 * A transfer as a provider reports it (an answer to a transfer, its query or its cancel; a notification), read as
 * strictly as a payment: out_bill_no, a known `state`, the transfer_bill_no when there is one, a whole amount when
 * there is one (required of a query and a notification: `amountRequired`), package_info and fail_reason as clean
 * text; or PaymentNotificationError.
 */
export function readTransferFields(message: unknown, options: { amountRequired: boolean }): TransferState {
  const fields = readObject(message);
  const transferId = readId(fields.out_bill_no, 32, 'out_bill_no', true);
  const providerRef = readId(fields.transfer_bill_no, 128, 'transfer_bill_no', false);
  const raw = fields.state;
  const status =
    typeof raw === 'string' && Object.hasOwn(TRANSFER_STATUSES, raw) ? TRANSFER_STATUSES[raw] : undefined;
  if (!status) throw new PaymentNotificationError('notification without a known transfer state');
  const amountFen = readWholeFen(fields.transfer_amount);
  if (amountFen === undefined && options.amountRequired)
    throw new PaymentNotificationError('notification without a readable amount');
  const packageInfo = readId(fields.package_info, 2048, 'package_info', false);
  const failReason = readId(fields.fail_reason, 256, 'fail_reason', false);
  return {
    transferId,
    providerRef,
    status,
    ...(amountFen !== undefined ? { amountFen } : {}),
    // The page needs it only while the payee has yet to confirm; an old one is of no use after.
    ...(packageInfo && status === 'waitUserConfirm' ? { packageInfo } : {}),
    ...(failReason && (status === 'failed' || status === 'cancelled') ? { failReason } : {}),
  };
}
