// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT as BASE_AGENT, treeNode } from './support/fixtures';

/**
 * The exchange of balance to diamonds (/agent/Withdraw), a money form with confirm-then-submit, driven through
 * the DOM only (labels, roles, texts), so the test holds whatever the form is built with.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');

const { setUpI18n, renderScreen } = await import('./support/render');
const { session } = await import('../src/lib/session');
const { WithdrawPage } = await import('../src/features/money/pages/withdraw-page');

const AGENT = { ...BASE_AGENT, todayDiamonds: 0 } as const;

const OPTIONS: Record<string, string> = {
  withdraw_min: '100.00',
  withdraw_fee_rate: '0',
  withdraw_daily_count: '1',
};

let answerExchange: () => Promise<unknown>;

function callsOf(name: string): unknown[] {
  return request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);
}

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
});

beforeEach(() => {
  session.signInAgent('token', AGENT);
  answerExchange = async () => ({ diamondsAdded: 20, balance: '118.50', diamonds: 3220 });
  request.mockImplementation(async (name: string, input: { key?: string }) => {
    switch (name) {
      case 'getUser':
        return AGENT;
      case 'tree':
        return { root: treeNode() };
      case 'getOptionsByKey':
        return { key: input.key, value: OPTIONS[input.key ?? ''] ?? '' };
      case 'withdrawExchange':
        return answerExchange();
      case 'payoutAccountList':
        return { list: [] };
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  session.clear();
});

async function openForm() {
  const user = userEvent.setup();
  renderScreen(<WithdrawPage />);
  const amount = await screen.findByLabelText(t('money.exchange.amountLabel'));
  const submit = screen.getByRole('button', { name: t('money.exchange.submit') });
  // The price comes from the tree: the explanation shows it once known.
  await screen.findByText(t('money.exchange.explainPrice', { price: '¥0.50' }));
  await waitFor(() =>
    expect(screen.getByText(t('money.amount.available', { balance: '¥128.50' }))).toBeTruthy(),
  );
  return { user, amount, submit };
}

describe('the exchange form', () => {
  it('says what is wrong and keeps submit disabled while the amount is invalid', async () => {
    const { user, amount, submit } = await openForm();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.type(amount, '500');
    expect(await screen.findByText(t('money.amount.overBalance'))).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.clear(amount);
    await user.type(amount, '0.20');
    expect(await screen.findByText(t('money.exchange.tooSmall', { price: '¥0.50' }))).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await user.clear(amount);
    await user.type(amount, '10');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(t('money.amount.overBalance'))).toBeNull();
    expect(callsOf('withdrawExchange')).toEqual([]);
  });

  it('asks first: cancelling the confirmation sends nothing', async () => {
    const { user, amount, submit } = await openForm();
    await user.type(amount, '10');
    await user.click(submit);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('money.exchange.confirmTitle'))).toBeTruthy();
    expect(within(dialog).getByText(t('money.common.diamondsValue', { value: '20' }))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t('common.cancel') }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf('withdrawExchange')).toEqual([]);
  });

  it('sends the confirmed amount once, with a requestId', async () => {
    let finish: (value: unknown) => void = () => undefined;
    answerExchange = () => new Promise((resolve) => (finish = resolve));
    const { user, amount, submit } = await openForm();
    await user.type(amount, '10');
    await user.click(submit);

    const dialog = await screen.findByRole('dialog');
    const yes = within(dialog).getByRole('button', { name: t('common.yes') });
    await user.click(yes);
    // A second press while the first is on its way sends nothing more.
    await user.click(yes).catch(() => undefined);
    expect(callsOf('withdrawExchange')).toHaveLength(1);

    finish({ diamondsAdded: 20, balance: '118.50', diamonds: 3220 });
    expect(await screen.findByText(/118\.50/)).toBeTruthy();
    const [sent] = callsOf('withdrawExchange') as { amount: string; requestId: string }[];
    expect(sent?.amount).toBe('10.00');
    expect(sent?.requestId).toMatch(/\S{8,}/);
    expect(callsOf('withdrawExchange')).toHaveLength(1);
  });
});
