import { describe, expect, it } from 'vitest';
import {
  FINAL_TRANSFER_STATUSES,
  PaymentNotificationError,
  providerTransferStatus,
  readTransferFields,
  type TransferStatus,
} from '../../src/platform/payments/payment-provider';

/** How a transfer a provider reports is read (decision 042): strictly, as a payment and a refund are. */

const bill = {
  mch_id: '1900000109',
  out_bill_no: 'WD0000000001',
  transfer_bill_no: '1330000071100999991182020050700019480001',
  appid: 'wxappid',
  state: 'SUCCESS',
  transfer_amount: 12345,
  transfer_remark: '推广佣金提现',
  openid: 'oPayee',
  create_time: '2026-03-01T10:00:00+08:00',
  update_time: '2026-03-01T10:01:00+08:00',
};

describe('readTransferFields', () => {
  it('reads a transfer: our id, the provider’s, our status and the amount', () => {
    expect(readTransferFields(bill, { amountRequired: true })).toEqual({
      transferId: 'WD0000000001',
      providerRef: '1330000071100999991182020050700019480001',
      status: 'succeeded',
      amountFen: 12345,
    });
  });

  it('keeps package_info only while the payee has to confirm, fail_reason only of an ended one', () => {
    const answer = {
      out_bill_no: 'WD0000000001',
      transfer_bill_no: '1330',
      create_time: '2026-03-01T10:00:00+08:00',
      state: 'WAIT_USER_CONFIRM',
      package_info: 'affffddafdfafddffda==',
    };
    expect(readTransferFields(answer, { amountRequired: false })).toEqual({
      transferId: 'WD0000000001',
      providerRef: '1330',
      status: 'waitUserConfirm',
      packageInfo: 'affffddafdfafddffda==',
    });
    expect(readTransferFields({ ...answer, state: 'SUCCESS' }, { amountRequired: false })).not.toHaveProperty(
      'packageInfo',
    );
    expect(
      readTransferFields(
        { ...bill, state: 'FAIL', fail_reason: 'PAYEE_ACCOUNT_ABNORMAL' },
        { amountRequired: true },
      ),
    ).toMatchObject({ status: 'failed', failReason: 'PAYEE_ACCOUNT_ABNORMAL' });
    expect(
      readTransferFields({ ...bill, state: 'PROCESSING', fail_reason: 'NOT_YET' }, { amountRequired: true }),
    ).not.toHaveProperty('failReason');
  });

  it('reads an answer that has no transfer_bill_no yet as one with an empty providerRef', () => {
    expect(
      readTransferFields({ out_bill_no: 'WD0000000001', state: 'ACCEPTED' }, { amountRequired: false }),
    ).toEqual({ transferId: 'WD0000000001', providerRef: '', status: 'accepted' });
  });

  it.each([
    ['null', null],
    ['an array', [bill]],
    ['no out_bill_no', { ...bill, out_bill_no: undefined }],
    ['an out_bill_no too long', { ...bill, out_bill_no: 'W'.repeat(33) }],
    ['a NUL in out_bill_no', { ...bill, out_bill_no: 'WD\u0000' }],
    ['an unknown state', { ...bill, state: 'DONE' }],
    ['a state inherited by every object', { ...bill, state: 'constructor' }],
    ['the state in lower case', { ...bill, state: 'success' }],
    ['no amount where one is required', { ...bill, transfer_amount: undefined }],
    ['an amount of 1e308', { ...bill, transfer_amount: 1e308 }],
    ['a negative amount', { ...bill, transfer_amount: -1 }],
    ['an amount as text', { ...bill, transfer_amount: '12345' }],
    ['a package_info that is not text', { ...bill, state: 'WAIT_USER_CONFIRM', package_info: 42 }],
  ])('refuses %s', (_, message) => {
    expect(() => readTransferFields(message, { amountRequired: true })).toThrow(PaymentNotificationError);
  });

  it('speaks the provider’s word for each of our statuses; three of them are final', () => {
    const ours: TransferStatus[] = [
      'accepted',
      'processing',
      'waitUserConfirm',
      'transferring',
      'succeeded',
      'failed',
      'canceling',
      'cancelled',
    ];
    expect(ours.map(providerTransferStatus)).toEqual([
      'ACCEPTED',
      'PROCESSING',
      'WAIT_USER_CONFIRM',
      'TRANSFERING',
      'SUCCESS',
      'FAIL',
      'CANCELING',
      'CANCELLED',
    ]);
    expect(ours.filter((status) => FINAL_TRANSFER_STATUSES.has(status))).toEqual([
      'succeeded',
      'failed',
      'cancelled',
    ]);
  });
});
