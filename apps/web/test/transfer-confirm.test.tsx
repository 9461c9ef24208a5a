// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminWithdrawal, TOperator } from '@promoter/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Automatic payouts on the pages (decision 046): the agent's "Confirm receipt in WeChat" asks the server for WeChat's
 * parameters and hands them to WeixinJSBridge's requestMerchantTransfer inside WeChat, and says to open the page in
 * WeChat elsewhere; the console's badge says how a withdrawal is paid and why it waits.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request, notify } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { TransferConfirmButton } = await import('../src/features/money/components/transfer-confirm-button');
const { PayoutBadge, PayoutDetail } =
  await import('../src/features/admin/components/withdrawal-payout-badge');
const { WithdrawalActions } = await import('../src/features/admin/components/withdrawal-actions');
const { operatorSession } = await import('../src/lib/operator-session');

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 MicroMessenger/8.0.47.2560 NetType/WIFI';
const PARAMS = { mchId: '1900000109', appId: 'wx-app', package: 'PACKAGE-INFO' };

beforeAll(async () => {
  await setUpI18n();
});
afterEach(() => {
  cleanup();
  request.mockReset();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
});

const inWechat = () => vi.stubGlobal('navigator', { ...navigator, userAgent: WECHAT_UA });

describe('the agent’s confirmation of a WeChat transfer', () => {
  it('shows nothing for a withdrawal that does not wait for one', () => {
    renderScreen(<TransferConfirmButton withdrawal={{ id: '5', confirm: false }} />);
    expect(screen.queryByTestId('withdrawal-confirm')).toBeNull();
  });

  it('outside WeChat, says to open the page in WeChat and calls nothing', async () => {
    const user = userEvent.setup();
    renderScreen(<TransferConfirmButton withdrawal={{ id: '5', confirm: true }} />);
    expect(screen.getByTestId('withdrawal-confirm-outside').textContent).toBe(
      '请在微信中打开此页面以确认收款。',
    );
    await user.click(screen.getByRole('button', { name: '在微信中确认收款' }));
    expect(notify.info).toHaveBeenCalledWith('请在微信中打开此页面以确认收款。');
    expect(request).not.toHaveBeenCalled();
  });

  it('inside WeChat, asks the server for this withdrawal’s parameters and opens WeChat’s confirmation with them', async () => {
    inWechat();
    const invoke = vi.fn((_name: string, _params: unknown, callback: (result: { err_msg: string }) => void) =>
      callback({ err_msg: 'requestMerchantTransfer:ok' }),
    );
    (window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    request.mockImplementation(async (name: string) => {
      if (name === 'withdrawalTransferConfirm') return PARAMS;
      throw new Error(`unexpected call ${name}`);
    });
    const user = userEvent.setup();
    renderScreen(<TransferConfirmButton withdrawal={{ id: '5', confirm: true }} />);
    expect(screen.queryByTestId('withdrawal-confirm-outside')).toBeNull();
    await user.click(screen.getByRole('button', { name: '在微信中确认收款' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('已确认收款。微信支付通知后，提现将显示为已打款。'),
    );
    expect(request).toHaveBeenCalledWith('withdrawalTransferConfirm', { id: '5' });
    expect(invoke).toHaveBeenCalledWith('requestMerchantTransfer', PARAMS, expect.any(Function));
  });

  it('inside WeChat, says so when the payee backs out of WeChat’s confirmation', async () => {
    inWechat();
    (window as { WeixinJSBridge?: unknown }).WeixinJSBridge = {
      invoke: (_name: string, _params: unknown, callback: (result: { err_msg: string }) => void) =>
        callback({ err_msg: 'requestMerchantTransfer:cancel' }),
    };
    request.mockImplementation(async () => PARAMS);
    const user = userEvent.setup();
    renderScreen(<TransferConfirmButton withdrawal={{ id: '6', confirm: true }} />);
    await user.click(screen.getByRole('button', { name: '在微信中确认收款' }));
    await waitFor(() =>
      expect(notify.info).toHaveBeenCalledWith('尚未确认收款。您可以在 24 小时内回到此处确认。'),
    );
    expect(notify.success).not.toHaveBeenCalled();
  });
});

const payout = (extra: Partial<TAdminWithdrawal['payout']> = {}): TAdminWithdrawal['payout'] => ({
  method: 'transfer',
  transferStatus: null,
  transferRef: null,
  transferError: null,
  transferOpen: true,
  batchId: null,
  ...extra,
});

describe('the console’s payout badge', () => {
  it('says nothing of a pending withdrawal, "by hand" of an approved one paid so', () => {
    renderScreen(
      <PayoutBadge
        withdrawal={{ status: 'pending', payout: payout({ method: 'hand', transferOpen: false }) }}
      />,
    );
    expect(screen.queryByTestId('withdrawal-payout')).toBeNull();
    cleanup();
    renderScreen(
      <PayoutBadge
        withdrawal={{ status: 'approved', payout: payout({ method: 'hand', transferOpen: false }) }}
      />,
    );
    expect(screen.getByTestId('withdrawal-payout').textContent).toBe('手动打款');
  });

  it('names a transfer’s state, and words the refusals it knows', () => {
    renderScreen(
      <PayoutDetail
        withdrawal={{
          status: 'approved',
          payout: payout({ transferStatus: 'sending', transferError: 'NOT_ENOUGH: 余额不足' }),
        }}
      />,
    );
    expect(screen.getByTestId('withdrawal-payout').textContent).toBe('微信转账 · 发送中');
    expect(screen.getByTestId('withdrawal-transfer-error').textContent).toBe(
      '微信支付商户余额不足：请充值，转账会自动重试。',
    );
    expect(screen.getByText('由任务队列自动打款：期间不能手动标记已打款或失败。')).toBeTruthy();
  });

  it('says when the queue stopped on a transfer and a person must look, with the provider’s own words', () => {
    renderScreen(
      <PayoutDetail
        withdrawal={{
          status: 'approved',
          payout: payout({
            transferStatus: 'sending',
            transferError: 'NO_AUTH: 无权限',
            transferOpen: false,
          }),
        }}
      />,
    );
    expect(screen.getByTestId('withdrawal-transfer-stopped')).toBeTruthy();
    expect(screen.getByTestId('withdrawal-transfer-error').textContent).toBe('微信支付：NO_AUTH: 无权限');
  });

  it('says why a WeChat withdrawal is paid by hand', () => {
    renderScreen(
      <PayoutDetail
        withdrawal={{
          status: 'approved',
          payout: payout({ method: 'hand', transferError: 'NO_OPENID', transferOpen: false }),
        }}
      />,
    );
    expect(screen.getByTestId('withdrawal-transfer-error').textContent).toBe(
      '手动打款：该推广员在本平台没有微信 openid（从未通过微信登录）。',
    );
  });
});

describe('the console’s actions on a withdrawal paid by transfer', () => {
  const finance: TOperator = {
    id: 2,
    name: 'cashier',
    role: 'finance',
    rights: [],
    twoFactorEnrolled: true,
    mustChangePassword: false,
    disabled: false,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  const approved = (open: boolean): TAdminWithdrawal => ({
    id: '9',
    agentId: 100001,
    agentNickname: '王总',
    amount: '100.00',
    fee: '0.00',
    status: 'approved',
    accountType: 'wechat',
    accountName: '王总',
    accountNo: '************zong',
    bankName: null,
    createdAt: '2024-01-01T08:00:00.000Z',
    reviewedAt: '2024-01-01T09:00:00.000Z',
    settledAt: null,
    reference: null,
    remark: null,
    confirm: open,
    approvals: [{ operatorId: 1, operatorName: 'owner', at: '2024-01-01T09:00:00.000Z' }],
    approvalsNeeded: 1,
    reviewReason: null,
    agentStatus: 'active',
    payout: payout({
      transferStatus: 'waitUserConfirm',
      transferOpen: open,
      transferError: open ? null : 'NO_AUTH: x',
    }),
  });

  it('offers no settling by hand while the queue is on the transfer, and offers it once it stopped', async () => {
    operatorSession.signIn('op-token', finance, new Date(Date.now() + 3_600_000).toISOString());
    try {
      renderScreen(<WithdrawalActions withdrawal={approved(true)} />);
      expect((screen.getByTestId('withdrawal-pay') as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByTestId('withdrawal-fail') as HTMLButtonElement).disabled).toBe(true);
      cleanup();
      renderScreen(<WithdrawalActions withdrawal={approved(false)} />);
      expect((screen.getByTestId('withdrawal-pay') as HTMLButtonElement).disabled).toBe(false);
      expect((screen.getByTestId('withdrawal-fail') as HTMLButtonElement).disabled).toBe(false);
    } finally {
      operatorSession.clear();
    }
  });
});
