// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT, treeNode } from './support/fixtures';

/**
 * No dead ends (decision 021): a money action that gets no answer says why and offers a retry that carries the same
 * requestId (applied once on the server); a refusal ends the attempt; a double tap sends one request. Driven
 * through the exchange (/agent/Withdraw), the recharge (/agent/user-recharge, a player named by the link) and the
 * shop's purchase (/agent/mine-recharge).
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request, notify } = await import('./support/mocks');
const { ApiError, NetworkError } = await import('../src/api/errors');
const { setUpI18n, renderScreen } = await import('./support/render');
const { session } = await import('../src/lib/session');
const { WithdrawPage } = await import('../src/features/money/pages/withdraw-page');
const { UserRechargePage } = await import('../src/features/money/pages/user-recharge-page');
const { MineRechargePage } = await import('../src/features/shop/pages/mine-recharge-page');

const OPTIONS: Record<string, string> = {
  withdraw_min: '100.00',
  withdraw_fee_rate: '0',
  withdraw_daily_count: '3',
};
const PLAYER = { playerId: 200001, nickname: '小明', avatar: '', mobile: '139****0001', boundToMe: true };
const GOODS = { id: 5, name: '1000 钻石', price: '500.00', diamonds: 1000, image: '' };

/** What the money call answers, attempt by attempt (a promise the test settles, or a throw). */
let answers: (() => Promise<unknown>)[];

function sent(name: string): { requestId: string }[] {
  return request.mock.calls
    .filter(([called]) => called === name)
    .map(([, input]) => input as { requestId: string });
}

// Whole screens, typed into and confirmed: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
  // The success card scrolls itself into view; jsdom lays nothing out.
  Element.prototype.scrollIntoView = () => undefined;
});

beforeEach(() => {
  session.signInAgent('token', AGENT);
  answers = [];
  request.mockImplementation(async (name: string, input: { key?: string; keyword?: string }) => {
    switch (name) {
      case 'getUser':
        return AGENT;
      case 'tree':
        return { root: treeNode() };
      case 'getOptionsByKey':
        return { key: input.key, value: OPTIONS[input.key ?? ''] ?? '' };
      case 'recentUser':
        return { list: [] };
      case 'searchUser':
        return { list: input.keyword === String(PLAYER.playerId) ? [PLAYER] : [] };
      case 'shopCategories':
        return { list: [{ id: 1, name: '钻石', goods: [GOODS] }] };
      case 'withdrawExchange':
      case 'recharge':
      case 'buyGoods': {
        const next = answers.shift();
        if (!next) throw new Error(`no answer prepared for ${name}`);
        return next();
      }
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  notify.error.mockReset();
  session.clear();
});

/** A promise the test settles when it wants the answer to arrive. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function openExchange() {
  const user = userEvent.setup();
  renderScreen(<WithdrawPage />);
  await screen.findByText(t('money.exchange.explainPrice', { price: '¥0.50' }));
  await user.type(screen.getByLabelText(t('money.exchange.amountLabel')), '10');
  const submit = screen.getByRole('button', { name: t('money.exchange.submit') });
  await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  await user.click(submit);
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

const yesIn = (dialog: HTMLElement) => within(dialog).getByTestId('confirm-yes') as HTMLButtonElement;
const EXCHANGED = { diamondsAdded: 20, balance: '118.50', diamonds: 3220 };

describe('a money action without an answer', () => {
  it('stays open, says the network failed, and retries with the same requestId until it is applied', async () => {
    answers.push(async () => {
      throw new NetworkError('Failed to fetch');
    });
    answers.push(async () => EXCHANGED);
    const { user, dialog } = await openExchange();

    await user.click(yesIn(dialog));
    const lost = await within(dialog).findByTestId('money-lost-answer');
    expect(lost.textContent).toContain(t('money.lost.network'));
    expect(lost.textContent).toContain(t('money.lost.retrySafe'));
    expect(yesIn(dialog).textContent).toBe(t('common.retry'));
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.click(yesIn(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('exchange-success')).toBeTruthy();
    const [first, retry] = sent('withdrawExchange');
    expect(retry?.requestId).toBe(first?.requestId);
    expect(first?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says when nothing came within the 10 s time-out', async () => {
    answers.push(async () => {
      throw new NetworkError('aborted', true);
    });
    const { user, dialog } = await openExchange();
    await user.click(yesIn(dialog));
    const lost = await within(dialog).findByTestId('money-lost-answer');
    expect(lost.textContent).toContain(t('money.lost.timedOut', { seconds: 10 }));
  });

  it('keeps the requestId after a cancel: confirming the same amount again is the same attempt', async () => {
    answers.push(async () => {
      throw new NetworkError('Failed to fetch');
    });
    answers.push(async () => EXCHANGED);
    const { user, dialog } = await openExchange();
    await user.click(yesIn(dialog));
    await within(dialog).findByTestId('money-lost-answer');
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: t('money.exchange.submit') }));
    const again = await screen.findByRole('dialog');
    // A fresh confirmation: no alert left over from before.
    expect(within(again).queryByTestId('money-lost-answer')).toBeNull();
    await user.click(yesIn(again));
    await screen.findByTestId('exchange-success');
    const [first, second] = sent('withdrawExchange');
    expect(second?.requestId).toBe(first?.requestId);
  });
});

describe('a refused money action', () => {
  it('closes (the client showed the reason) and the next attempt gets a new requestId', async () => {
    answers.push(async () => {
      throw new ApiError(0, '余额不足');
    });
    answers.push(async () => EXCHANGED);
    const { user, dialog } = await openExchange();
    await user.click(yesIn(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: t('money.exchange.submit') }));
    await user.click(yesIn(await screen.findByRole('dialog')));
    await screen.findByTestId('exchange-success');
    const [first, second] = sent('withdrawExchange');
    expect(second?.requestId).not.toBe(first?.requestId);
  });

  it('tells a frozen account why (1002 is not toasted by the client)', async () => {
    answers.push(async () => {
      throw new ApiError(1002, '您的推广员账号已被冻结，请联系上级或客服');
    });
    const { user, dialog } = await openExchange();
    await user.click(yesIn(dialog));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('您的推广员账号已被冻结，请联系上级或客服'),
    );
  });
});

describe('a double tap on a money button', () => {
  it('sends one request, and the button is disabled from the first tap until the answer', async () => {
    const answer = deferred<unknown>();
    answers.push(() => answer.promise);
    const { dialog } = await openExchange();
    const yes = yesIn(dialog);
    // Two taps in the same instant, before React has re-rendered anything.
    act(() => {
      fireEvent.click(yes);
      fireEvent.click(yes);
    });
    await waitFor(() => expect(yesIn(dialog).disabled).toBe(true));
    fireEvent.click(yesIn(dialog));
    expect(sent('withdrawExchange')).toHaveLength(1);

    await act(async () => answer.resolve(EXCHANGED));
    await screen.findByTestId('exchange-success');
    expect(sent('withdrawExchange')).toHaveLength(1);
  });

  it('recharges a player named by the link once, retrying a lost answer with the same requestId', async () => {
    const user = userEvent.setup();
    answers.push(async () => {
      throw new NetworkError('Failed to fetch');
    });
    answers.push(async () => ({ rechargeId: '9', diamonds: 3150, player: PLAYER }));
    renderScreen(<UserRechargePage />, { route: `/?playerId=${PLAYER.playerId}` });
    // The player of the link is chosen without searching.
    expect((await screen.findByTestId('recharge-selected')).textContent).toContain('小明');
    await user.click(screen.getByTestId('recharge-quick-50'));
    await user.click(screen.getByTestId('recharge-submit'));
    const dialog = await screen.findByRole('dialog');
    act(() => {
      fireEvent.click(yesIn(dialog));
      fireEvent.click(yesIn(dialog));
    });
    await within(dialog).findByTestId('money-lost-answer');
    expect(sent('recharge')).toHaveLength(1);
    await user.click(yesIn(dialog));
    await screen.findByTestId('recharge-success');
    const [first, retry] = sent('recharge');
    expect(first).toMatchObject({ playerId: PLAYER.playerId, diamonds: 50 });
    expect(retry?.requestId).toBe(first?.requestId);
  });
});

describe('the shop’s purchase', () => {
  it('keeps its confirmation open after a lost answer and buys the same order on retry; a double tap orders once', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    answers.push(async () => {
      throw new NetworkError('aborted', true);
    });
    const order = deferred<unknown>();
    answers.push(() => order.promise);
    renderScreen(<MineRechargePage />);
    await user.click(await screen.findByText(GOODS.name));
    await user.click(screen.getByTestId('buy-submit'));
    const dialog = await screen.findByRole('dialog');
    await user.click(yesIn(dialog));
    const lost = await within(dialog).findByTestId('money-lost-answer');
    expect(lost.textContent).toContain(t('money.lost.timedOut', { seconds: 10 }));

    act(() => {
      fireEvent.click(yesIn(dialog));
      fireEvent.click(yesIn(dialog));
    });
    await waitFor(() => expect(sent('buyGoods')).toHaveLength(2));
    const [first, retry] = sent('buyGoods');
    expect(retry?.requestId).toBe(first?.requestId);
    await act(async () => order.resolve({ orderId: 'o-1', amount: '500.00', payUrl: '/pay/o-1' }));
    expect(sent('buyGoods')).toHaveLength(2);
    vi.unstubAllGlobals();
  });
});
