import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type HostedCheckout,
  type NotificationInput,
  PaymentNotificationError,
  type PaymentProvider,
  type PaymentRequest,
  readPaymentFields,
  type VerifiedPayment,
} from './payment-provider';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/**
 * The embedded default: a payment provider that lives in this server. Its checkout page
 * (/api/pay/sandbox/checkout/:orderId) lets a person pay or cancel; paying sends a notification signed with the
 * sandbox key to /api/pay/sandbox/notify, exactly as a real provider calls back, through the same verification.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly key: string) {}

  readonly checkout: HostedCheckout = {
    checkLink: (orderId, signature) => this.checkSignature(`checkout:${orderId}`, signature),
    // The sandbox calls back like a real provider would: a signed notification, verified like any other.
    paidNotification: (order) => {
      const { body, signature } = this.notification({
        orderId: order.id,
        providerRef: `SANDBOX-${randomBytes(8).toString('hex')}`,
        amountFen: order.amountFen,
        paid: true,
      });
      return { headers: { [SANDBOX_SIGNATURE_HEADER]: signature }, rawBody: body };
    },
  };

  sign(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('hex');
  }

  checkoutSignature(orderId: string): string {
    return this.sign(`checkout:${orderId}`);
  }

  checkSignature(value: string, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(this.sign(value), 'hex'), Buffer.from(signature, 'hex'));
  }

  async createPayment(request: PaymentRequest): Promise<{ payUrl: string }> {
    // The checkout lives on this server, next to the notification address.
    const site = new URL(request.notifyUrl).origin;
    const sig = this.checkoutSignature(request.orderId);
    return { payUrl: `${site}/api/pay/sandbox/checkout/${encodeURIComponent(request.orderId)}?sig=${sig}` };
  }

  /** The body and signature of the notification the sandbox sends when a person pays. */
  notification(payment: VerifiedPayment): { body: string; signature: string } {
    const body = JSON.stringify({
      out_trade_no: payment.orderId,
      transaction_id: payment.providerRef,
      trade_state: payment.paid ? 'SUCCESS' : 'CLOSED',
      amount: { total: payment.amountFen },
    });
    return { body, signature: this.sign(body) };
  }

  verifyNotification(input: NotificationInput): VerifiedPayment {
    const signature = input.headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !this.checkSignature(input.rawBody, signature)) {
      throw new PaymentNotificationError('bad sandbox signature');
    }
    const body = readPaymentFields(JSON.parse(input.rawBody), { amountRequired: true });
    return {
      orderId: body.orderId,
      providerRef: body.providerRef,
      amountFen: body.amountFen,
      paid: body.tradeState === 'SUCCESS',
    };
  }
}
