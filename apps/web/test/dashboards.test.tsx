// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallData, TDashboardPeriodInput } from '@promoter/contract';
import { addDays } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT } from './support/fixtures';

/**
 * The dashboards' period switch and their charts' table fallback (decision 020), driven through the DOM: the switch asks
 * the server for the chosen period (a preset, or two days checked before anything is sent), and every chart reads as a
 * table of the same figures.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { session } = await import('../src/lib/session');
const { EcommerceDashboardPage } = await import('../src/features/dashboard/pages/ecommerce-dashboard-page');
const { SaasDashboardPage } = await import('../src/features/dashboard/pages/saas-dashboard-page');

const TODAY = '2026-03-10';

/** What the server would answer for a period: its days, a recharge of 10 × the day's number on each. */
function salesFor(input: TDashboardPeriodInput): CallData<'dashboardEcommerce'> {
  const days = input.period === 'today' ? 1 : input.period === '30d' ? 30 : input.period === 'custom' ? 0 : 7;
  const from = input.period === 'custom' ? (input.from as string) : addDays(TODAY, 1 - days);
  const to = input.period === 'custom' ? (input.to as string) : TODAY;
  const count =
    input.period === 'custom' ? Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 : days;
  const series = Array.from({ length: count }, (_, i) => {
    const day = addDays(from, i);
    return { day, recharged: 10 * Number(day.slice(8)), transferred: 5, purchased: 0, spend: '0.00' };
  });
  return {
    period: { period: input.period ?? '7d', from, to, days: count, timeZone: 'Asia/Shanghai' },
    totals: {
      recharged: series.reduce((sum, d) => sum + d.recharged, 0),
      transferred: 5 * count,
      purchased: 0,
      orders: 0,
      spend: '0.00',
      recharges: count,
      players: 1,
    },
    series,
    topPlayers: [
      {
        playerId: 200001,
        nickname: '小明',
        avatar: '',
        diamonds: 120,
        recharges: 3,
        lastRechargeAt: '2026-03-10T06:00:00.000Z',
      },
    ],
  };
}

function callsOf(name: string): unknown[] {
  return request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);
}

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
});

beforeEach(() => {
  session.signInAgent('token', AGENT);
  request.mockImplementation(async (name: string, input: TDashboardPeriodInput) => {
    switch (name) {
      case 'getUser':
        return AGENT;
      case 'dashboardEcommerce':
        return salesFor(input);
      case 'dashboardSaas':
        return {
          period: { period: '7d', from: '2026-03-04', to: TODAY, days: 7, timeZone: 'Asia/Shanghai' },
          level: 2,
          price: '0.55',
          priceSetByParent: true,
          levelAbove: { level: 1, price: '0.50' },
          retail: '1.00',
          levels: [
            { level: 1, price: '0.50', commissionRate: '30' },
            { level: 2, price: '0.60', commissionRate: '25' },
            { level: 3, price: '0.70', commissionRate: '20' },
          ],
          sales: { recharged: 300, transferred: 400, transferValue: '260.00', teamBought: 1000 },
          profit: { credited: '150.00', atCurrent: '325.00', atAbove: '410.00', gain: '85.00' },
        } satisfies CallData<'dashboardSaas'>;
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

describe('the period switch', { timeout: 30_000 }, () => {
  it('asks for the last 7 days first, then for the preset chosen', async () => {
    const user = userEvent.setup();
    renderScreen(<EcommerceDashboardPage />, { route: '/default/dashboard/ecommerce' });
    await waitFor(() => expect(callsOf('dashboardEcommerce')).toEqual([{ period: '7d' }]));
    expect(await screen.findByTestId('ecommerce-totals-recharged')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: t('dashboards.period.days30') }));
    await waitFor(() => expect(callsOf('dashboardEcommerce')).toContainEqual({ period: '30d' }));
    await user.click(screen.getByRole('button', { name: t('dashboards.period.today') }));
    await waitFor(() => expect(callsOf('dashboardEcommerce')).toContainEqual({ period: 'today' }));
    expect(await screen.findByText(/2026\/3\/10 至 2026\/3\/10，共 1 天/)).toBeTruthy();
  });

  it('takes two days in order and at most a year apart, and sends nothing until they are', async () => {
    const user = userEvent.setup();
    renderScreen(<EcommerceDashboardPage />, { route: '/default/dashboard/ecommerce?period=7d' });
    await screen.findByTestId('ecommerce-totals-recharged');
    await user.click(screen.getByRole('button', { name: t('dashboards.period.custom') }));
    // The form starts from the days shown.
    const from = (await screen.findByTestId('period-from')) as HTMLInputElement;
    const to = screen.getByTestId('period-to') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-03-04', TODAY]);
    const sent = callsOf('dashboardEcommerce').length;

    await user.clear(from);
    await user.type(from, '2026-03-12');
    await user.click(screen.getByTestId('period-apply'));
    expect(await screen.findByText(t('dashboards.period.order'))).toBeTruthy();

    await user.clear(from);
    await user.type(from, '2025-03-09');
    await user.click(screen.getByTestId('period-apply'));
    expect(await screen.findByText(t('dashboards.period.tooLong', { days: 366 }))).toBeTruthy();
    expect(callsOf('dashboardEcommerce')).toHaveLength(sent);

    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.click(screen.getByTestId('period-apply'));
    await waitFor(() =>
      expect(callsOf('dashboardEcommerce')).toContainEqual({
        period: 'custom',
        from: '2026-03-01',
        to: TODAY,
      }),
    );
    expect(await screen.findByText(/2026\/3\/1 至 2026\/3\/10，共 10 天/)).toBeTruthy();
  });

  it('reads the period from the address, and falls back to 7 days on one the server would refuse', async () => {
    renderScreen(<EcommerceDashboardPage />, {
      route: '/default/dashboard/ecommerce?period=custom&from=2026-03-02&to=2026-03-03',
    });
    await waitFor(() =>
      expect(callsOf('dashboardEcommerce')).toEqual([
        { period: 'custom', from: '2026-03-02', to: '2026-03-03' },
      ]),
    );
    cleanup();
    request.mockClear();
    renderScreen(<EcommerceDashboardPage />, {
      route: '/default/dashboard/ecommerce?period=custom&from=2026-03-05&to=2026-03-01',
    });
    await waitFor(() => expect(callsOf('dashboardEcommerce')).toEqual([{ period: '7d' }]));
  });
});

describe('the table fallback', { timeout: 30_000 }, () => {
  it('shows every day of a chart as a row of the same figures, and the chart again', async () => {
    const user = userEvent.setup();
    renderScreen(<EcommerceDashboardPage />, { route: '/default/dashboard/ecommerce?period=7d' });
    const card = await screen.findByTestId('chart-sold');
    expect(within(card).getByTestId('chart-sold-chart')).toBeTruthy();
    expect(within(card).queryByRole('table')).toBeNull();

    await user.click(within(card).getByRole('button', { name: t('dashboards.view.table') }));
    const table = within(card).getByRole('table', { name: t('dashboards.ecommerce.soldPerDay') });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      t('dashboards.table.day'),
      t('dashboards.ecommerce.recharged'),
      t('dashboards.ecommerce.transferred'),
      t('dashboards.ecommerce.sold'),
    ]);
    // March 10th: 100 recharged, 5 transferred, 105 sold.
    expect(
      within(rows[7] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026/3/10', '100', '5', '105']);
    expect(within(card).queryByTestId('chart-sold-chart')).toBeNull();

    await user.click(within(card).getByRole('button', { name: t('dashboards.view.chart') }));
    expect(within(card).getByTestId('chart-sold-chart')).toBeTruthy();
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('reads the upgrade plan as a table and explains it in a line', async () => {
    const user = userEvent.setup();
    renderScreen(<SaasDashboardPage />, { route: '/default/dashboard/saas' });
    const card = await screen.findByTestId('chart-plan');
    expect(await within(card).findByTestId('saas-explain')).toBeTruthy();
    expect(within(card).getByTestId('saas-explain').textContent).toContain(
      t('dashboards.saas.explain', {
        level: '钻石推广员',
        above: '¥0.50',
        price: '¥0.55',
        diamonds: '1,700',
        gain: '¥85.00',
      }),
    );
    await user.click(within(card).getByRole('button', { name: t('dashboards.view.table') }));
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [t('dashboards.saas.atCurrent'), '¥0.55', '¥325.00'],
      [t('dashboards.saas.atAbove', { level: '钻石推广员' }), '¥0.50', '¥410.00'],
    ]);
  });
});
