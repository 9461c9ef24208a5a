// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls } from '@promoter/contract';
import type { TAdminWithdrawal, TOperator } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The withdrawal queue's actions (decision 018): a rejection needs a reason before anything is sent; a batch's answer
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
    reviewReason: null,
    agentStatus: 'active',
    confirm: false,
    payout: {
      method: 'hand',
      transferStatus: null,
      transferRef: null,
      transferError: null,
      transferOpen: false,
      batchId: null,
    },
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
        return calls.adminWithdrawalBatchReject.data.parse({
          changed: ['11', '13'],
          waiting: [],
          skipped: [{ id: '12', reason: '当前状态为已批准' }],
        });
      case 'adminWithdrawalBatchApprove':
        return calls.adminWithdrawalBatchApprove.data.parse({
          changed: ['11'],
          waiting: ['12', '13'],
          skipped: [],
        });
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
    expect(within(result).getByText('2 笔已处理，0 笔等待复核，1 笔已跳过')).toBeTruthy();
    expect(within(result).getByText('已处理：11, 13')).toBeTruthy();
    expect(within(result).getByText('#12 已跳过：当前状态为已批准')).toBeTruthy();
  });

  it('says which withdrawals a batch approval approved and which still wait for a second operator', async () => {
    const user = userEvent.setup();
    renderScreen(<WithdrawalsPage />);
    await screen.findByTestId('admin-withdrawal-11');
    await user.click(screen.getByRole('checkbox', { name: '全选本页待审核' }));
    // The selection's count and total before anything is done.
    expect(screen.getByTestId('batch-totals').textContent).toContain('已选 3 笔，共 300.00 元');
    await user.click(screen.getByTestId('batch-approve'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('已选 3 笔，共 300.00 元');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    const result = await screen.findByTestId('batch-result');
    expect(within(result).getByText('1 笔已处理，2 笔等待复核，0 笔已跳过')).toBeTruthy();
    expect(within(result).getByTestId('batch-waiting').textContent).toBe(
      '您已批准、等待第二名操作员复核：12, 13',
    );
  });

  it('an agent id with a letter is a field error, and the list is not asked again', async () => {
    const user = userEvent.setup();
    renderScreen(<WithdrawalsPage />);
    await screen.findByTestId('admin-withdrawal-11');
    const asked = callsOf('adminWithdrawalList').length;
    await user.type(screen.getByRole('textbox', { name: '代理 ID' }), '1000l');
    await user.click(screen.getByTestId('filter-apply'));
    expect(await screen.findByText('只能填写数字，例如 10002')).toBeTruthy();
    expect(callsOf('adminWithdrawalList')).toHaveLength(asked);
  });
});

describe('maker/checker and held withdrawals (decision 037)', () => {
  it('the operator who approved it cannot mark it paid or failed, and is told why', async () => {
    const approved = calls.adminWithdrawalApprove.data.parse(
      withdrawal('8', {
        status: 'approved',
        approvals: [{ operatorId: OWNER.id, operatorName: 'owner', at: '2024-01-01T09:00:00.000Z' }],
      }),
    );
    renderScreen(<WithdrawalActions withdrawal={approved} />);
    expect(screen.getByTestId('withdrawal-pay').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('withdrawal-fail').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('checker-hint').textContent).toBe(
      '您批准了这笔提现：须由另一名操作员标记打款或失败。',
    );
  });

  it('another operator pays it', async () => {
    const approved = withdrawal('9', {
      status: 'approved',
      approvals: [{ operatorId: 99, operatorName: 'finance', at: '2024-01-01T09:00:00.000Z' }],
    });
    renderScreen(<WithdrawalActions withdrawal={approved} />);
    expect(screen.getByTestId('withdrawal-pay').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('checker-hint')).toBeNull();
  });

  it('a frozen agent’s withdrawal cannot be approved or paid; it can be rejected', async () => {
    renderScreen(<WithdrawalActions withdrawal={withdrawal('10', { agentStatus: 'frozen' })} />);
    expect(screen.getByTestId('withdrawal-approve').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('withdrawal-reject').hasAttribute('disabled')).toBe(false);
  });
});
