// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminWithdrawal, TOperator } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The withdrawal queue's actions (issue 11): a rejection needs a reason before anything is sent; a batch's answer
 * shows which withdrawals changed and which were skipped, with the server's reason.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');

const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { WithdrawalActions } = await import('../src/features/admin/components/withdrawal-actions');
const { WithdrawalsPage } = await import('../src/features/admin/pages/withdrawals-page');

const OWNER: TOperator = {
  id: 1,
  name: 'owner',
  role: 'owner',
  rights: [],
  twoFactorEnrolled: true,
  mustChangePassword: false,
  disabled: false,
  createdAt: '2024-01-01T00:00:00.000Z',
};

function withdrawal(id: string, extra: Partial<TAdminWithdrawal> = {}): TAdminWithdrawal {
  return {
    id,
    agentId: 100001,
    agentNickname: '王总',
    amount: '100.00',
    fee: '0.00',
    status: 'pending',
    accountType: 'alipay',
    accountName: '王总',
    accountNo: 'wz@example.com',
    bankName: null,
    createdAt: '2024-01-01T08:00:00.000Z',
    reviewedAt: null,
    settledAt: null,
    reference: null,
    remark: null,
    approvals: [],
    approvalsNeeded: 1,
    ...extra,
  };
}

const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

beforeAll(async () => {
  await setUpI18n();
});

beforeEach(() => {
  operatorSession.signIn('op-token', OWNER, new Date(Date.now() + 3_600_000).toISOString());
  request.mockImplementation(async (name: string, input: { id?: string; ids?: string[] }) => {
    switch (name) {
      case 'adminWithdrawalReject':
        return withdrawal(input.id ?? '', { status: 'rejected' });
      case 'adminWithdrawalList':
        return {
          list: [withdrawal('11'), withdrawal('12'), withdrawal('13')],
          total: 3,
          page: 1,
          pageSize: 20,
        };
      case 'adminWithdrawalBatchReject':
        return { changed: ['11', '13'], skipped: [{ id: '12', reason: '当前状态为已批准' }] };
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  operatorSession.clear();
});

describe('the withdrawal queue', () => {
  it('rejects only with a reason', async () => {
    const user = userEvent.setup();
    renderScreen(<WithdrawalActions withdrawal={withdrawal('7')} />);
    await user.click(await screen.findByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(callsOf('adminWithdrawalReject')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /原因/ }), '账户有误');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsOf('adminWithdrawalReject')).toEqual([{ id: '7', reason: '账户有误' }]));
  });

  it('hides approve and reject from a role without the review right', async () => {
    operatorSession.signIn(
      'op-token',
      { ...OWNER, role: 'viewer' },
      new Date(Date.now() + 3_600_000).toISOString(),
    );
    renderScreen(<WithdrawalActions withdrawal={withdrawal('7')} />);
    expect(screen.queryByRole('button', { name: '驳回' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批准' })).toBeNull();
  });

  it('says which withdrawals a batch rejection changed and which it skipped', async () => {
    const user = userEvent.setup();
    renderScreen(<WithdrawalsPage />);
    await screen.findByTestId('admin-withdrawal-11');
    await user.click(screen.getByRole('checkbox', { name: '全选本页待审核' }));
    await user.click(screen.getByRole('button', { name: '批量驳回' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /原因/ }), '批量核查');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    const result = await screen.findByTestId('batch-result');
    expect(callsOf('adminWithdrawalBatchReject')).toEqual([{ ids: ['11', '12', '13'], reason: '批量核查' }]);
    expect(within(result).getByText('已处理 2 笔，跳过 1 笔')).toBeTruthy();
    expect(within(result).getByText('已处理：11, 13')).toBeTruthy();
    expect(within(result).getByText('#12 已跳过：当前状态为已批准')).toBeTruthy();
  });
});
