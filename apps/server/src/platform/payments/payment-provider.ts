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
  /** Verifies a notification's signature and reads it; throws PaymentNotificationError when it cannot be trusted. */
  verifyNotification(input: NotificationInput): VerifiedPayment;
}

export class PaymentNotificationError extends Error {}
export class PaymentProviderError extends Error {}
