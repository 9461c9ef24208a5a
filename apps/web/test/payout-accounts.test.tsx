// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPayoutAccount } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT } from './support/fixtures';

/**
 * The agent's payout accounts (decision 019) on /agent/Withdraw and at /agent/withdraw-apply, driven through the DOM:
 * numbers as the server masked them, an add form that checks the number as the server does, delete behind the confirm
 * dialog, the 1.5 s reload animation, a withdrawal to the default account without typing it.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { session } = await import('../src/lib/session');
const { PayoutAccountsCard } = await import('../src/features/money/components/payout-accounts-card');
const { WithdrawApplyPage } = await import('../src/features/money/pages/withdraw-apply-page');
const { CARD_RELOAD_MS } = await import('../src/config/constants');

const CARD: TPayoutAccount = {
  id: 7,
  type: 'bank',
  holderName: '张三',
  bankName: '工商银行',
  accountMasked: '************0015',
  isDefault: true,
  createdAt: '2024-01-01T00:00:00.000Z',
};
const ALIPAY: TPayoutAccount = {
  id: 8,
  type: 'alipay',
  holderName: '张三',
  bankName: null,
  accountMasked: '*******5678',
  isDefault: false,
  createdAt: '2024-01-02T00:00:00.000Z',
};

let accounts: TPayoutAccount[];

/** Types a text at once (a paste): the form reads it as typed, without a key event per character. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
});

beforeEach(() => {
  session.signInAgent('token', AGENT);
  accounts = [CARD, ALIPAY];
  request.mockImplementation(async (name: string, input: { id?: number; key?: string }) => {
    switch (name) {
      case 'payoutAccountList':
        return { list: accounts };
      case 'payoutAccountAdd': {
        const added = {
          ...ALIPAY,
          id: 9,
          accountMasked: '************ample.com',
          isDefault: accounts.length === 0,
        };
        accounts = [...accounts, added];
        return { account: added };
      }
      case 'payoutAccountDelete':
        accounts = accounts.filter((a) => a.id !== input.id);
        return { list: accounts };
      case 'getUser':
        return AGENT;
      case 'getOptionsByKey':
        return {
          key: input.key,
          value:
            { 'withdraw.min': '100.00', 'withdraw.feeRate': '0', 'withdraw.dailyCount': '3' }[
              input.key ?? ''
            ] ?? '',
        };
      case 'withdraw':
        return {
          withdrawal: {
            id: '31',
            amount: '100.00',
            fee: '0.00',
            status: 'pending',
            accountType: 'alipay',
            accountName: '王总',
            accountNo: '************mple.com',
            bankName: null,
            createdAt: '2026-11-20T08:00:00.000Z',
            reviewedAt: null,
            remark: null,
            confirm: false,
          },
          balance: '28.50',
        };
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  vi.useRealTimers();
});

// Dialogs and forms driven key by key: seconds each on a loaded machine (the default is 5 s).
describe('the payout accounts card', { timeout: 30_000 }, () => {
  it('lists the masked numbers, the default first and marked', async () => {
    renderScreen(<PayoutAccountsCard />);
    const list = await screen.findByTestId('payout-list');
    expect(within(list).getByText('************0015')).toBeTruthy();
    expect(within(list).getByText('*******5678')).toBeTruthy();
    expect(within(screen.getByTestId('payout-account-7')).getByTestId('payout-default-chip')).toBeTruthy();
    expect(screen.queryByTestId('payout-set-default-7')).toBeNull();
    expect(screen.getByTestId('payout-set-default-8')).toBeTruthy();
  });

  it('checks the number as the server does before sending, then sends it without its spaces', async () => {
    const user = userEvent.setup();
    renderScreen(<PayoutAccountsCard />);
    await user.click(await screen.findByTestId('payout-add'));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByTestId('payout-holder-name'), '张三');
    await fill(user, within(dialog).getByTestId('payout-account-no'), '6222 0200 0000 0016');
    await fill(user, within(dialog).getByTestId('payout-bank-name'), '工商银行');
    await user.click(within(dialog).getByTestId('payout-save'));
    expect(await within(dialog).findByText(t('payout.form.invalid.bankCard'))).toBeTruthy();
    expect(callsOf('payoutAccountAdd')).toEqual([]);

    await user.click(within(dialog).getByTestId('payout-type-alipay'));
    expect(within(dialog).queryByTestId('payout-bank-name')).toBeNull();
    const number = within(dialog).getByTestId('payout-account-no');
    await user.clear(number);
    await fill(user, number, 'zhang@example');
    await user.click(within(dialog).getByTestId('payout-save'));
    expect(await within(dialog).findByText(t('payout.form.invalid.alipay'))).toBeTruthy();
    await user.clear(number);
    await fill(user, number, ' zhang.san@example.com ');
    await user.click(within(dialog).getByTestId('payout-save'));
    await waitFor(() =>
      expect(callsOf('payoutAccountAdd')).toEqual([
        { type: 'alipay', holderName: '张三', accountNo: 'zhang.san@example.com' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes only after the confirm dialog', async () => {
    const user = userEvent.setup();
    renderScreen(<PayoutAccountsCard />);
    await user.click(await screen.findByTestId('payout-delete-8'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/\*{7}5678/)).toBeTruthy();
    await user.click(within(confirm).getByTestId('confirm-cancel'));
    expect(callsOf('payoutAccountDelete')).toEqual([]);
    await user.click(screen.getByTestId('payout-delete-8'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-yes'));
    await waitFor(() => expect(callsOf('payoutAccountDelete')).toEqual([{ id: 8 }]));
    await waitFor(() => expect(screen.queryByTestId('payout-account-8')).toBeNull());
  });

  it(`reloads under the card reload animation for ${CARD_RELOAD_MS} ms`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderScreen(<PayoutAccountsCard />);
    await screen.findByTestId('payout-list');
    const before = callsOf('payoutAccountList').length;
    act(() => screen.getByTestId('payout-reload').click());
    expect(screen.getByTestId('payout-reloading')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(CARD_RELOAD_MS - 200));
    expect(callsOf('payoutAccountList').length).toBe(before + 1);
    expect(screen.getByTestId('payout-reloading')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(600));
    await waitFor(() => expect(screen.queryByTestId('payout-reloading')).toBeNull());
  });
});

describe('withdrawing to a saved account', { timeout: 30_000 }, () => {
  it('preselects the default account and sends its id, never a number', async () => {
    const user = userEvent.setup();
    renderScreen(<WithdrawApplyPage />);
    const picked = await screen.findByTestId('withdraw-account-7');
    expect(within(picked).getByRole('radio')).toHaveProperty('checked', true);
    await fill(user, screen.getByTestId('withdraw-amount-input'), '100');
    await user.click(screen.getByTestId('withdraw-submit'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByTestId('withdraw-confirm-account').textContent).toContain('************0015');
    await user.click(within(confirm).getByTestId('confirm-yes'));
    await waitFor(() => expect(callsOf('withdraw')).toHaveLength(1));
    expect(callsOf('withdraw')[0]).toEqual({
      amount: '100.00',
      payoutAccountId: 7,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('with no saved account, adds one on the spot and chooses it', async () => {
    accounts = [];
    const user = userEvent.setup();
    renderScreen(<WithdrawApplyPage />);
    expect(await screen.findByTestId('withdraw-no-account')).toBeTruthy();
    await fill(user, screen.getByTestId('withdraw-amount-input'), '100');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText(t('payout.pick.required'))).toBeTruthy();
    expect(callsOf('withdraw')).toEqual([]);

    await user.click(screen.getByTestId('withdraw-add-account'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('payout-type-alipay'));
    await fill(user, within(dialog).getByTestId('payout-holder-name'), '张三');
    await fill(user, within(dialog).getByTestId('payout-account-no'), 'zhang.san@example.com');
    await user.click(within(dialog).getByTestId('payout-save'));
    // Once the dialog has closed (until then the page behind it is hidden from assistive technology).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const added = await screen.findByTestId('withdraw-account-9');
    expect(within(added).getByRole('radio')).toHaveProperty('checked', true);
  });
});
