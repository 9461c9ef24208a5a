import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type HostedCheckout,
  type NotificationInput,
  PaymentNotificationError,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  providerRefundStatus,
  readPaymentFields,
  readRefundFields,
  type RefundRequest,
  type RefundState,
  type RefundStatus,
  type VerifiedPayment,
} from './payment-provider';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/**
 * The embedded default: a payment provider that lives in this server. Its checkout page
 * (/api/pay/sandbox/checkout/:orderId) lets a person pay or cancel; paying sends a notification signed with the
 * sandbox key to /api/pay/sandbox/notify, exactly as a real provider calls back, through the same verification.
 *
 * Refunds (decision 041) are the demo's: made at once, kept in this process only (a restart forgets them), with
 * WeChat Pay's rules that matter to a caller: a refundId is one refund however often it is sent, and an order is
 * never refunded beyond its total. Their notifications are signed under another name than payments', so neither
 * passes for the other.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  /** Test hook: what a new refund answers; `settleRefund` moves it on. Default: it succeeds at once. */
  refundOutcome: RefundStatus = 'succeeded';
  private readonly refunds = new Map<string, RefundState & { orderId: string }>();

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

  async refund(request: RefundRequest): Promise<RefundState> {
    const before = this.refunds.get(request.refundId);
    if (before) {
      if (before.orderId !== request.orderId || before.amountFen !== request.amountFen)
        throw new PaymentProviderError('sandbox: this refundId was used for another refund', {
          code: 'INVALID_REQUEST',
        });
      return this.stateOf(before);
    }
    let refunded = 0;
    for (const other of this.refunds.values())
      if (other.orderId === request.orderId && other.status !== 'closed') refunded += other.amountFen;
    if (
      !Number.isSafeInteger(request.amountFen) ||
      request.amountFen < 1 ||
      refunded + request.amountFen > request.totalFen
    )
      throw new PaymentProviderError('sandbox: the refund exceeds what is left of the order', {
        code: 'INVALID_REQUEST',
      });
    const refund = {
      orderId: request.orderId,
      refundId: request.refundId,
      providerRef: `SANDBOX-REFUND-${randomBytes(8).toString('hex')}`,
      status: 'processing' as RefundStatus,
      amountFen: request.amountFen,
    };
    this.refunds.set(request.refundId, refund);
    this.settle(refund, this.refundOutcome);
    return this.stateOf(refund);
  }

  async queryRefund(refundId: string): Promise<RefundState> {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new PaymentProviderError('sandbox: no such refund', { code: 'RESOURCE_NOT_EXISTS' });
    return this.stateOf(refund);
  }

  /** Test hook (and the demo's): a processing refund settles; answers the notification the sandbox sends. */
  settleRefund(refundId: string, status: Exclude<RefundStatus, 'processing'>): NotificationInput {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`sandbox: no refund ${refundId}`);
    this.settle(refund, status);
    return this.refundNotification(refundId);
  }

  /** The signed notification of a refund as it stands, as the sandbox sends it to the refund's notifyUrl. */
  refundNotification(refundId: string): NotificationInput {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`sandbox: no refund ${refundId}`);
    const body = JSON.stringify({
      out_trade_no: refund.orderId,
      out_refund_no: refund.refundId,
      refund_id: refund.providerRef,
      refund_status: providerRefundStatus(refund.status),
      ...(refund.succeededAt ? { success_time: refund.succeededAt.toISOString() } : {}),
      amount: { refund: refund.amountFen },
    });
    return { headers: { [SANDBOX_SIGNATURE_HEADER]: this.sign(`refund:${body}`) }, rawBody: body };
  }

  verifyRefundNotification(input: NotificationInput): RefundState & { orderId: string } {
    const signature = input.headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !this.checkSignature(`refund:${input.rawBody}`, signature)) {
      throw new PaymentNotificationError('bad sandbox signature');
    }
    return readRefundFields(JSON.parse(input.rawBody), 'refund_status');
  }

  private settle(refund: RefundState, status: RefundStatus): void {
    refund.status = status;
    if (status === 'succeeded') refund.succeededAt = new Date();
  }

  /** A copy, so a caller's answer does not change as the refund settles. */
  private stateOf({ orderId: _order, ...state }: RefundState & { orderId: string }): RefundState {
    return { ...state };
  }
}
