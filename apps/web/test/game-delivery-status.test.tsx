// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT, billEntry, orderAnswer, PLAYER } from './support/fixtures';

/**
 * Whether the game has the diamonds (decision 040), where people look for them: the agent's bill rows and a
 * recharge's detail, the newest entries on /agent/Main, and the player's order page. Each says one of three things
 * the server decided; an entry that is no recharge, and an agent's own purchase, say nothing.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { session } = await import('../src/lib/session');
const { GameDeliveryStatus } = await import('../src/components/game-delivery-status');
const { CurrencyDetailPage } = await import('../src/features/money/pages/currency-detail-page');
const { RecentEntries } = await import('../src/features/agent/components/recent-entries');
const { QueryOrderPage } = await import('../src/features/shop/pages/query-order-page');

let i18n: Awaited<ReturnType<typeof setUpI18n>>;
beforeAll(async () => {
  i18n = await setUpI18n();
});
afterEach(() => {
  cleanup();
  request.mockReset();
});

describe('the status line', () => {
  afterAll(async () => {
    await i18n.changeLanguage('cn');
  });

  const shown = () =>
    (['delivered', 'onItsWay', 'delayed'] as const).map((state) => {
      renderScreen(<GameDeliveryStatus state={state} testId={`status-${state}`} />);
      const line = screen.getByTestId(`status-${state}`);
      expect(line.dataset.state).toBe(state);
      return line.textContent;
    });

  it('says each of the three states in Chinese', () => {
    expect(shown()).toEqual(['已到账', '到账中', '到账延迟，平台正在处理']);
  });

  it('and in English', async () => {
    await i18n.changeLanguage('en');
    expect(shown()).toEqual(['In the game', 'On its way', 'Delayed — we’re on it']);
  });
});

describe('the agent’s recharge records', () => {
  beforeEach(() => session.signInAgent('token', AGENT));

  it('show in the bill list whether the game has each recharge, and nothing on other entries', async () => {
    const entries = [
      billEntry({ id: '3', gameDelivery: 'delayed' }),
      billEntry({ id: '2', gameDelivery: 'delivered' }),
      billEntry({ id: '1', billType: 3, amount: -100, gameDelivery: null }),
    ];
    request.mockImplementation(async (name: string) => {
      if (name === 'bill')
        return { list: entries, total: 3, totalIsLowerBound: false, page: 1, pageSize: 20, nextCursor: null };
      throw new Error(`unexpected call ${name}`);
    });
    renderScreen(<CurrencyDetailPage />, { route: '/?currency=2' });
    expect(await screen.findByTestId('bill-entry-game-3')).toHaveProperty(
      'textContent',
      '到账延迟，平台正在处理',
    );
    expect(screen.getByTestId('bill-entry-game-2').textContent).toBe('已到账');
    expect(within(screen.getByTestId('bill-entry-1')).queryByText(/到账/)).toBeNull();
    expect(screen.queryByTestId('bill-entry-game-1')).toBeNull();
  });

  it('show it on a recharge’s detail, and ask again while the diamonds are on their way', async () => {
    let answered = 0;
    request.mockImplementation(async (name: string) => {
      if (name !== 'billDetail') throw new Error(`unexpected call ${name}`);
      answered++;
      return {
        ...billEntry({ id: '7', gameDelivery: answered === 1 ? 'onItsWay' : 'delivered' }),
        reference: {
          type: 'recharge',
          id: '55',
          counterparty: { kind: 'player', id: 200001, nickname: '小明' },
        },
      };
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderScreen(<CurrencyDetailPage />, { route: '/?id=7' });
      expect((await screen.findByTestId('bill-detail-game')).textContent).toBe('到账中');
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(screen.getByTestId('bill-detail-game').textContent).toBe('已到账'));
      expect(answered).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing on the detail of an entry that is no recharge', async () => {
    request.mockImplementation(async () => ({
      ...billEntry({ id: '8', billType: 4, amount: 50, gameDelivery: null }),
      reference: { type: 'transfer', id: '9', counterparty: null },
    }));
    renderScreen(<CurrencyDetailPage />, { route: '/?id=8' });
    await screen.findByTestId('bill-detail');
    expect(screen.queryByTestId('bill-detail-game')).toBeNull();
  });

  it('show it among the newest entries on the main page', async () => {
    request.mockImplementation(async () => ({
      list: [
        billEntry({ id: '4', gameDelivery: 'onItsWay' }),
        billEntry({ id: '5', billType: 5, gameDelivery: null }),
      ],
    }));
    renderScreen(<RecentEntries />);
    expect((await screen.findByTestId('main-recent-game-4')).textContent).toBe('到账中');
    expect(screen.queryByTestId('main-recent-game-5')).toBeNull();
  });
});

describe('the player’s order', () => {
  beforeEach(() => session.signInPlayer('token', PLAYER));

  it('says whether the game has the diamonds it paid for, asking again while they are on their way', async () => {
    let answered = 0;
    request.mockImplementation(async (name: string) => {
      if (name !== 'orderQuery') throw new Error(`unexpected call ${name}`);
      answered++;
      return orderAnswer({ gameDelivery: answered === 1 ? 'onItsWay' : 'delivered' });
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderScreen(<QueryOrderPage />, { route: '/?orderId=O-20260101-1' });
      await screen.findByTestId('order-status-paid');
      expect((await screen.findByTestId('order-game-delivery')).textContent).toBe('到账中');
      expect(within(screen.getByTestId('order-lines')).getByText('游戏到账')).toBeDefined();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(screen.getByTestId('order-game-delivery').textContent).toBe('已到账'));
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(answered).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing before it is paid', async () => {
    request.mockImplementation(async () =>
      orderAnswer({ status: 'cancelled', paidAt: null, gameDelivery: null }),
    );
    renderScreen(<QueryOrderPage />, { route: '/?orderId=O-20260101-1' });
    await screen.findByTestId('order-status-cancelled');
    expect(screen.queryByTestId('order-game-delivery')).toBeNull();
  });
});
