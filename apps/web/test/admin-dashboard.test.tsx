// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TGameOverview, TReportDayFigures, TReportSummary } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console's dashboard (decision 018): the period switch asks the server the period it shows (a preset as the
 * last N days, custom days only once the contract takes them), every chart reads as a table at a click, and a role
 * without `reports` is not shown it.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { signInAs } = await import('./support/operators');
const { DashboardPage } = await import('../src/features/admin/pages/dashboard-page');

// recharts measures its container; jsdom has no layout.
class FixedSizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, contentRect: { width: 600, height: 240 } } as unknown as ResizeObserverEntry],
      this as unknown as ResizeObserver,
    );
  }
  unobserve() {}
  disconnect() {}
}

const zero = {
  orders: 0,
  sales: '0.00',
  diamondsToAgents: 0,
  diamondsToPlayers: 0,
  newAgents: 0,
  newPlayers: 0,
  profitPaid: '0.00',
  withdrawalsRequested: '0.00',
  withdrawalsPaid: '0.00',
};

function summaryOf(from: string, to: string, days: TReportDayFigures[]): TReportSummary {
  return {
    from,
    to,
    timeZone: 'Asia/Shanghai',
    days,
    totals: { ...zero, orders: 3, sales: '1234.50', diamondsToAgents: 9000 },
    top: {
      byDiamonds: [{ agentId: 10001, nickname: '王总', level: 1, diamondsSold: 4200, profit: '88.00' }],
      byProfit: [],
    },
    now: {
      at: '2024-03-03T00:00:00.000Z',
      balancesOwed: '5678.90',
      agentDiamonds: 12000,
      playerDiamonds: 3400,
      withdrawalsPending: { count: 2, amount: '300.00' },
      withdrawalsApproved: { count: 0, amount: '0.00' },
    },
  };
}

/** The game's deliveries (decision 040), the dashboard's tile. */
const GAME_OVERVIEW: TGameOverview = {
  at: '2024-03-03T00:00:00.000Z',
  configured: true,
  host: 'game.example.com',
  endpoint: { paused: true, pausedAt: '2024-03-03T00:00:00.000Z', pausedReason: '升级', pausedBy: 'owner' },
  secret: { mode: 'configured', signatures: 1, rotatedAt: null, finishedAt: null },
  pending: 7,
  failed: 1,
  oldestPendingAt: '2024-03-02T23:00:00.000Z',
  lagSeconds: 3600,
  queueDepth: 0,
  deliveredLastHour: 0,
  failedAttemptsLastHour: 0,
  latencyP50Ms: null,
  latencyP99Ms: null,
};

const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

beforeAll(async () => {
  await setUpI18n();
  vi.stubGlobal('ResizeObserver', FixedSizeObserver);
});

beforeEach(() => {
  signInAs('finance');
  request.mockImplementation(async (name: string, input: { days?: number; from?: string; to?: string }) => {
    if (name === 'adminGameOverview') return GAME_OVERVIEW;
    if (name !== 'adminReportSummary') throw new Error(`unexpected call ${name}`);
    if (input.from && input.to)
      return summaryOf(input.from, input.to, [{ ...zero, day: input.from, sales: '7.00' }]);
    return summaryOf('2024-03-02', '2024-03-03', [
      { ...zero, day: '2024-03-02', sales: '100.50', orders: 1 },
      { ...zero, day: '2024-03-03', sales: '1134.00', orders: 2 },
    ]);
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  operatorSession.clear();
});

describe('the dashboard', { timeout: 60_000 }, () => {
  it('shows what is owed now and the period’s totals', async () => {
    renderScreen(<DashboardPage />);
    expect((await screen.findByTestId('now-balancesOwed')).textContent).toContain('¥5678.90');
    expect(screen.getByTestId('now-withdrawalsPending').textContent).toContain('2 笔 · ¥300.00');
    expect(screen.getByTestId('total-sales').textContent).toContain('¥1234.50');
    expect(screen.getByTestId('total-diamondsToAgents').textContent).toContain('9,000');
    expect(screen.getByTestId('period-range').textContent).toContain(
      '2024-03-02 至 2024-03-03（Asia/Shanghai）',
    );
    expect(screen.getByTestId('top-diamonds-10001').textContent).toContain('王总 (#10001) · 钻石');
    expect(within(screen.getByTestId('top-profit')).getByText('本周期暂无数据')).toBeTruthy();
  });

  it('asks the period the switch names; custom days only once they make a period', async () => {
    const user = userEvent.setup();
    renderScreen(<DashboardPage />);
    await screen.findByTestId('now-balancesOwed');
    expect(callsOf('adminReportSummary')).toEqual([{ days: 30 }]);

    await user.click(screen.getByTestId('period-days7'));
    await user.click(screen.getByTestId('period-today'));
    await waitFor(() =>
      expect(callsOf('adminReportSummary')).toEqual([{ days: 30 }, { days: 7 }, { days: 1 }]),
    );

    // Custom starts from the days shown; the day after the first one before it is refused here, not asked.
    await user.click(screen.getByTestId('period-custom'));
    const from = screen.getByTestId('period-from');
    const to = screen.getByTestId('period-to');
    expect([(from as HTMLInputElement).value, (to as HTMLInputElement).value]).toEqual([
      '2024-03-02',
      '2024-03-03',
    ]);
    await user.clear(to);
    await user.type(to, '2024-03-01');
    await user.click(screen.getByTestId('period-apply'));
    expect(await screen.findByText('请选择有效的日期范围，最长 366 天')).toBeTruthy();
    await user.clear(to);
    await user.type(to, '2025-03-03');
    await user.click(screen.getByTestId('period-apply'));
    expect(screen.getByText('请选择有效的日期范围，最长 366 天')).toBeTruthy();
    expect(callsOf('adminReportSummary')).toHaveLength(3);

    await user.clear(to);
    await user.type(to, '2024-03-20');
    await user.click(screen.getByTestId('period-apply'));
    await waitFor(() =>
      expect(callsOf('adminReportSummary').at(-1)).toEqual({ from: '2024-03-02', to: '2024-03-20' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('period-range').textContent).toContain('2024-03-02 至 2024-03-20'),
    );
    expect(screen.queryByText('请选择有效的日期范围，最长 366 天')).toBeNull();
  });

  it('reads every chart as a table at a click, and back', async () => {
    const user = userEvent.setup();
    renderScreen(<DashboardPage />);
    const chart = await screen.findByTestId('chart-sales');
    expect(within(chart).getByRole('img', { name: '每日销售额' })).toBeTruthy();
    expect(screen.queryByTestId('chart-sales-table')).toBeNull();

    await user.click(screen.getByTestId('chart-sales-toggle'));
    const table = screen.getByTestId('chart-sales-table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['日期', '销售额'],
      ['2024-03-02', '100.50'],
      ['2024-03-03', '1134.00'],
    ]);
    expect(screen.getByRole('table', { name: '每日销售额' })).toBe(table);
    expect(screen.getByTestId('chart-sales-toggle').textContent).toContain('以图表查看');

    await user.click(screen.getByTestId('chart-diamonds-toggle'));
    expect(
      within(screen.getByTestId('chart-diamonds-table'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['日期', '售给推广员的钻石', '玩家获得的钻石']);
    await user.click(screen.getByTestId('chart-sales-toggle'));
    expect(screen.queryByTestId('chart-sales-table')).toBeNull();
  });

  it('has the game deliveries’ tile: what waits, what failed, the lag, a pause', async () => {
    renderScreen(<DashboardPage />);
    expect((await screen.findByTestId('game-tile-summary')).textContent).toBe(
      '待推送 7 · 失败 1 · 延迟 60 分钟',
    );
    expect(screen.getByTestId('game-tile-paused')).toBeTruthy();
  });

  it('is not shown to a role without the reports right, nor asked for', async () => {
    signInAs('viewer');
    renderScreen(<DashboardPage />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('page-admin-dashboard')).toBeNull();
    expect(callsOf('adminReportSummary')).toEqual([]);
  });
});
