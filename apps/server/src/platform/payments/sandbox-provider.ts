import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type HostedCheckout,
  type NotificationInput,
  PaymentNotificationError,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  providerRefundStatus,
  providerTransferStatus,
  readPaymentFields,
  readRefundFields,
  readTransferFields,
  type RefundRequest,
  type RefundState,
  type RefundStatus,
  type TradeBill,
  type TradeBillRow,
  TRANSFER_NAME_FROM_FEN,
  type TransferRequest,
  type TransferState,
  type TransferStatus,
  type VerifiedPayment,
} from './payment-provider';
import { billDay, isBillDate } from './trade-bill';

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
 *
 * Transfers (decision 042) are the demo's too, and no money moves: one succeeds at once, kept in this process only,
 * with WeChat Pay's rules: a transferId is one transfer however often it is sent (with other parameters:
 * INVALID_REQUEST), at least 0.10 yuan, the payee named from 2,000 yuan. Their notifications are signed under a name
 * of their own (`transfer:`), so they pass for neither a payment's nor a refund's.
 *
 * Its trade bill is what this sandbox itself did in this process: the payments people made on its checkout page and
 * the refunds it made, nothing else (a restart forgets them; payments notified by other means are not its own).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  /** Test hook: what a new refund answers; `settleRefund` moves it on. Default: it succeeds at once. */
  refundOutcome: RefundStatus = 'succeeded';
  /** Each refund made, with its order's payment providerRef (for the bill). */
  private readonly refunds = new Map<string, RefundState & { orderId: string; paymentRef: string }>();
  /** Test hook: what a new transfer answers; `settleTransfer` moves it on. Default: it succeeds at once. */
  transferOutcome: Extract<TransferStatus, 'succeeded' | 'waitUserConfirm' | 'processing' | 'failed'> =
    'succeeded';
  private readonly transfers = new Map<
    string,
    TransferState & { request: TransferRequest; updatedAt: Date }
  >();
  /** The payments taken on the checkout page, by order: one an order, as WeChat Pay takes an out_trade_no once. */
  private readonly payments = new Map<string, { providerRef: string; amountFen: number; at: Date }>();

  constructor(private readonly key: string) {}

  readonly checkout: HostedCheckout = {
    checkLink: (orderId, signature) => this.checkSignature(`checkout:${orderId}`, signature),
    // The sandbox calls back like a real provider would: a signed notification, verified like any other.
    // A second press of Pay on the same order is the same payment again (its notification repeated), not another.
    paidNotification: (order) => {
      let payment = this.payments.get(order.id);
      if (!payment) {
        payment = {
          providerRef: `SANDBOX-${randomBytes(8).toString('hex')}`,
          amountFen: order.amountFen,
          at: new Date(),
        };
        this.payments.set(order.id, payment);
      }
      const { body, signature } = this.notification({
        orderId: order.id,
        providerRef: payment.providerRef,
        amountFen: payment.amountFen,
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
    // The buyer's language rides beside the signature, which covers the order alone: it picks the page's words and
    // nothing else (the route reads only one of the 12 from it), and links made before it keep their signature.
    const lang = request.locale ? `&lang=${encodeURIComponent(request.locale)}` : '';
    return {
      payUrl: `${site}/api/pay/sandbox/checkout/${encodeURIComponent(request.orderId)}?sig=${sig}${lang}`,
    };
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
      paymentRef: this.payments.get(request.orderId)?.providerRef ?? request.providerRef ?? '',
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
  private stateOf({
    orderId: _order,
    paymentRef: _payment,
    ...state
  }: RefundState & { orderId: string; paymentRef: string }): RefundState {
    return { ...state };
  }

  async transfer(request: TransferRequest): Promise<TransferState> {
    const named = request.amountFen >= TRANSFER_NAME_FROM_FEN;
    if (named && !request.userName?.trim())
      throw new PaymentProviderError('sandbox: a transfer from 2,000 yuan needs the payee’s real name', {
        code: 'USER_NAME_REQUIRED',
      });
    if (!/^[0-9A-Za-z]{5,32}$/.test(request.transferId))
      throw new PaymentProviderError('sandbox: a transferId is 5-32 letters and digits', {
        code: 'PARAM_ERROR',
      });
    const asked = {
      ...request,
      remark: Array.from(request.remark).slice(0, 32).join(''),
      userName: named ? request.userName?.trim() : undefined,
    };
    const before = this.transfers.get(request.transferId);
    if (before) {
      const { request: made } = before;
      if (
        made.openid !== asked.openid ||
        made.amountFen !== asked.amountFen ||
        made.remark !== asked.remark ||
        made.userName !== asked.userName
      )
        throw new PaymentProviderError('sandbox: this transferId was used for another transfer', {
          code: 'INVALID_REQUEST',
        });
      return this.transferStateOf(before);
    }
    if (!Number.isSafeInteger(request.amountFen) || request.amountFen < 10)
      throw new PaymentProviderError('sandbox: a transfer is at least 0.10 yuan', {
        code: 'INVALID_REQUEST',
      });
    const transfer: TransferState & { request: TransferRequest; updatedAt: Date } = {
      transferId: request.transferId,
      providerRef: `SANDBOX-TRANSFER-${randomBytes(8).toString('hex')}`,
      status: 'accepted',
      amountFen: request.amountFen,
      request: asked,
      updatedAt: new Date(),
    };
    this.transfers.set(request.transferId, transfer);
    this.moveTransfer(transfer, this.transferOutcome);
    return this.transferStateOf(transfer);
  }

  async queryTransfer(transferId: string): Promise<TransferState> {
    const transfer = this.transfers.get(transferId);
    if (!transfer)
      throw new PaymentProviderError('sandbox: no such transfer', { code: 'RESOURCE_NOT_EXISTS' });
    return this.transferStateOf(transfer);
  }

  /** Called off at once while the payee has not taken it; asked again, the same answer; an ended one is refused. */
  async cancelTransfer(transferId: string): Promise<TransferState> {
    const transfer = this.transfers.get(transferId);
    if (!transfer)
      throw new PaymentProviderError('sandbox: no such transfer', { code: 'RESOURCE_NOT_EXISTS' });
    if (['accepted', 'processing', 'waitUserConfirm'].includes(transfer.status))
      this.moveTransfer(transfer, 'cancelled');
    else if (transfer.status !== 'cancelled')
      throw new PaymentProviderError(`sandbox: a transfer ${transfer.status} cannot be called off`, {
        code: 'INVALID_REQUEST',
      });
    return this.transferStateOf(transfer);
  }

  /**
   * Test hook (and the demo's): a transfer on its way ends (the payee confirmed, or it failed, or it was called
   * off); answers the notification the sandbox sends.
   */
  settleTransfer(transferId: string, outcome: 'succeeded' | 'failed' | 'cancelled'): NotificationInput {
    const transfer = this.transfers.get(transferId);
    if (!transfer) throw new Error(`sandbox: no transfer ${transferId}`);
    if (['succeeded', 'failed', 'cancelled'].includes(transfer.status))
      throw new Error(`sandbox: transfer ${transferId} has ended ${transfer.status}`);
    this.moveTransfer(transfer, outcome);
    return this.transferNotification(transferId);
  }

  /** The signed notification of an ended transfer, as the sandbox sends it (as WeChat Pay does, only once ended). */
  transferNotification(transferId: string): NotificationInput {
    const transfer = this.transfers.get(transferId);
    if (!transfer) throw new Error(`sandbox: no transfer ${transferId}`);
    if (!['succeeded', 'failed', 'cancelled'].includes(transfer.status))
      throw new Error(`sandbox: transfer ${transferId} has not ended`);
    const body = JSON.stringify({
      out_bill_no: transfer.transferId,
      transfer_bill_no: transfer.providerRef,
      state: providerTransferStatus(transfer.status),
      transfer_amount: transfer.amountFen,
      openid: transfer.request.openid,
      ...(transfer.failReason ? { fail_reason: transfer.failReason } : {}),
      update_time: transfer.updatedAt.toISOString(),
    });
    return { headers: { [SANDBOX_SIGNATURE_HEADER]: this.sign(`transfer:${body}`) }, rawBody: body };
  }

  verifyTransferNotification(input: NotificationInput): TransferState {
    const signature = input.headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !this.checkSignature(`transfer:${input.rawBody}`, signature)) {
      throw new PaymentNotificationError('bad sandbox signature');
    }
    return readTransferFields(JSON.parse(input.rawBody), { amountRequired: true });
  }

  transferConfirmParams(packageInfo: string): { mchId: string; appId: string; package: string } {
    return { mchId: 'sandbox-mch', appId: 'sandbox-app', package: packageInfo };
  }

  private moveTransfer(transfer: TransferState & { updatedAt: Date }, status: TransferStatus): void {
    transfer.status = status;
    transfer.updatedAt = new Date();
    if (status === 'waitUserConfirm')
      transfer.packageInfo = `SANDBOX-PACKAGE-${randomBytes(12).toString('hex')}`;
    else delete transfer.packageInfo;
    if (status === 'failed') transfer.failReason = 'SANDBOX_FAILED';
  }

  /** A copy without what only the sandbox keeps, so a caller's answer does not change as the transfer moves. */
  private transferStateOf({
    request: _request,
    updatedAt: _updated,
    ...state
  }: TransferState & { request: TransferRequest; updatedAt: Date }): TransferState {
    return { ...state };
  }

  /**
   * The bill of what this sandbox did on `date` (its day counted in Asia/Shanghai, as WeChat Pay counts it): the
   * payments taken on its checkout page then, and the refunds it made then, in this process only.
   */
  async tradeBill(date: string): Promise<TradeBill> {
    if (!isBillDate(date))
      throw new PaymentProviderError(`sandbox: not a bill date: ${date}`, { code: 'PARAM_ERROR' });
    const rows: TradeBillRow[] = [];
    for (const [orderId, payment] of this.payments)
      if (billDay(payment.at) === date)
        rows.push({
          kind: 'payment',
          orderId,
          providerRef: payment.providerRef,
          amountFen: payment.amountFen,
          at: payment.at,
        });
    for (const refund of this.refunds.values())
      if (refund.status === 'succeeded' && refund.succeededAt && billDay(refund.succeededAt) === date)
        rows.push({
          kind: 'refund',
          orderId: refund.orderId,
          providerRef: refund.paymentRef,
          refundId: refund.refundId,
          refundProviderRef: refund.providerRef,
          amountFen: refund.amountFen,
          at: refund.succeededAt,
        });
    rows.sort((a, b) => a.at.getTime() - b.at.getTime());
    const sum = (kind: TradeBillRow['kind']) =>
      rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.amountFen, 0);
    return {
      date,
      rows,
      totals: { count: rows.length, paidFen: sum('payment'), refundedFen: sum('refund') },
    };
  }
}
