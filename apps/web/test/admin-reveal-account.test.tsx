// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorRole, TAdminWithdrawal, TOperator } from '@promoter/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * A withdrawal's account in the console (decision 019): masked for everyone; an operator allowed to pay may show the whole
 * number (the server audits it) and hide it again; the other roles have no such button.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { RevealAccount } = await import('../src/features/admin/components/reveal-account');

const WITHDRAWAL = {
  id: '31',
  accountType: 'bank',
  accountName: '王总',
  accountNo: '************0015',
  bankName: '工商银行',
} as TAdminWithdrawal;

function signInAs(role: OperatorRole) {
  const operator: TOperator = {
    id: 1,
    name: role,
    role,
    rights: [],
    twoFactorEnrolled: true,
    mustChangePassword: false,
    disabled: false,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  operatorSession.signIn('op-token', operator, new Date(Date.now() + 3_600_000).toISOString());
}

beforeAll(async () => {
  await setUpI18n();
});
afterEach(() => {
  cleanup();
  request.mockReset();
});

describe('the whole account number in the console', () => {
  it('is shown on request to a role that pays, and hidden again', async () => {
    signInAs('finance');
    request.mockImplementation(async (name: string) => {
      if (name === 'adminWithdrawalRevealAccount') return { id: '31', accountNo: '6222020000000015' };
      throw new Error(`unexpected call ${name}`);
    });
    const user = userEvent.setup();
    renderScreen(<RevealAccount withdrawal={WITHDRAWAL} />);
    expect(screen.getByTestId('detail-account-no').textContent).toBe('************0015');
    await user.click(screen.getByTestId('detail-reveal-account'));
    await waitFor(() => expect(screen.getByTestId('detail-account-no').textContent).toBe('6222020000000015'));
    expect(request).toHaveBeenCalledWith('adminWithdrawalRevealAccount', { id: '31' });
    await user.click(screen.getByTestId('detail-hide-account'));
    expect(screen.getByTestId('detail-account-no').textContent).toBe('************0015');
  });

  it.each(['support', 'viewer'] as const)('offers no way to show it to %s', (role) => {
    signInAs(role);
    renderScreen(<RevealAccount withdrawal={WITHDRAWAL} />);
    expect(screen.getByTestId('detail-account-no').textContent).toBe('************0015');
    expect(screen.queryByTestId('detail-reveal-account')).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });
});
