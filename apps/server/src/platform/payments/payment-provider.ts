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
}

export interface VerifiedPayment {
  orderId: string;
  providerRef: string;
  amountFen: number;
  paid: boolean;
}

export interface NotificationInput {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechat';
  createPayment(request: PaymentRequest): Promise<{ payUrl: string }>;
  /** Verifies a notification's signature and reads it; throws PaymentNotificationError when it cannot be trusted. */
  verifyNotification(input: NotificationInput): VerifiedPayment;
}

export class PaymentNotificationError extends Error {}
export class PaymentProviderError extends Error {}
