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
}

export class PaymentNotificationError extends Error {}
export class PaymentProviderError extends Error {}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const isCleanText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && !CONTROL_CHARACTERS.test(value);

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
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    throw new PaymentNotificationError('notification is not an object');
  const {
    out_trade_no: orderId,
    transaction_id: ref,
    trade_state: tradeState,
    success_time: successTime,
    amount,
  } = message as Record<string, unknown>;
  if (!isCleanText(orderId, 64) || orderId === '')
    throw new PaymentNotificationError('notification without a readable out_trade_no');
  if (ref !== undefined && ref !== null && !isCleanText(ref, 128))
    throw new PaymentNotificationError('notification with an unreadable transaction_id');
  const total =
    typeof amount === 'object' && amount !== null ? (amount as Record<string, unknown>).total : undefined;
  if (total === undefined ? options.amountRequired : !Number.isSafeInteger(total) || (total as number) < 0)
    throw new PaymentNotificationError('notification without a readable amount');
  return {
    orderId,
    providerRef: typeof ref === 'string' ? ref : '',
    amountFen: typeof total === 'number' ? total : 0,
    tradeState,
    successTime,
  };
}
