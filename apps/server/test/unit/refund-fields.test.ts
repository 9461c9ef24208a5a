import { describe, expect, it } from 'vitest';
import {
  PaymentNotificationError,
  PaymentProviderError,
  providerRefundStatus,
  readRefundFields,
} from '../../src/platform/payments/payment-provider';

/** How a refund a provider reports is read (decision 041): strictly, as a payment is. */

const refund = {
  out_trade_no: 'ORDER000001',
  out_refund_no: 'RF000001',
  refund_id: '50000000382019052709732678859',
  refund_status: 'SUCCESS',
  success_time: '2026-11-24T10:00:00+08:00',
  amount: { refund: 700, total: 7000, payer_refund: 700, payer_total: 7000 },
};

describe('readRefundFields', () => {
  it('reads a refund: its order, both ids, our status, the refunded fen and when it succeeded', () => {
    expect(readRefundFields(refund, 'refund_status')).toEqual({
      orderId: 'ORDER000001',
      refundId: 'RF000001',
      providerRef: '50000000382019052709732678859',
      status: 'succeeded',
      amountFen: 700,
      succeededAt: new Date('2026-11-24T02:00:00Z'),
    });
    const { refund_status: _status, ...answer } = refund;
    expect(readRefundFields({ ...answer, status: 'PROCESSING' }, 'status')).toMatchObject({
      status: 'processing',
    });
    expect(readRefundFields({ ...refund, refund_status: 'CLOSED' }, 'refund_status')).not.toHaveProperty(
      'succeededAt',
    );
  });

  it.each([
    ['null', null],
    ['an array', [refund]],
    ['no out_refund_no', { ...refund, out_refund_no: undefined }],
    ['a NUL in out_refund_no', { ...refund, out_refund_no: 'RF\u0000' }],
    ['an empty refund_id', { ...refund, refund_id: '' }],
    ['an unknown status', { ...refund, refund_status: 'REFUNDED' }],
    ['a status inherited by every object', { ...refund, refund_status: 'constructor' }],
    ['the status in the other field', { ...refund, refund_status: undefined, status: 'SUCCESS' }],
    ['no amount', { ...refund, amount: undefined }],
    ['an amount of 1e308', { ...refund, amount: { refund: 1e308 } }],
    ['a negative amount', { ...refund, amount: { refund: -1 } }],
    ['an amount as text', { ...refund, amount: { refund: '700' } }],
  ])('refuses %s', (_, message) => {
    expect(() => readRefundFields(message, 'refund_status')).toThrow(PaymentNotificationError);
  });

  it('speaks the provider’s word for each of our statuses', () => {
    expect(
      (['processing', 'succeeded', 'closed', 'abnormal'] as const).map((status) =>
        providerRefundStatus(status),
      ),
    ).toEqual(['PROCESSING', 'SUCCESS', 'CLOSED', 'ABNORMAL']);
  });
});

describe('PaymentProviderError', () => {
  it('is final and known unless it says otherwise', () => {
    expect(new PaymentProviderError('no h5_url')).toMatchObject({
      message: 'no h5_url',
      code: 'PROVIDER_ERROR',
      retryable: false,
      outcomeUnknown: false,
    });
    const timedOut = new PaymentProviderError('slow', {
      code: 'TIMEOUT',
      retryable: true,
      outcomeUnknown: true,
    });
    expect(timedOut).toMatchObject({ code: 'TIMEOUT', retryable: true, outcomeUnknown: true });
    expect(timedOut.status).toBeUndefined();
  });
});
