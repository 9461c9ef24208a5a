// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminGameEvent, TGameOverview, TGameReconciliation } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console's game-delivery page (decision 040): the figures and the endpoint, what each role may do (finance acts,
 * support reads, the owner rotates the secret with a fresh code and sees it once), the events with the drawer of
 * their tries, the reconciliation, and the dashboard's tile. Every mocked answer is parsed with the contract.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request, notify } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { signInAs } = await import('./support/operators');
const { GameDeliveryPage } = await import('../src/features/admin/pages/game-delivery-page');
const { GameDeliveryTile } = await import('../src/features/admin/components/game/game-delivery-tile');

vi.setConfig({ testTimeout: 30_000 });

const EVENT_ID = `evt_${'a'.repeat(32)}`;

function overview(extra: Partial<TGameOverview> = {}): TGameOverview {
  return {
    at: '2024-03-03T08:00:00.000Z',
    configured: true,
    host: 'game.example.com',
    endpoint: { paused: false, pausedAt: null, pausedReason: null, pausedBy: null },
    secret: { mode: 'configured', signatures: 1, rotatedAt: null, finishedAt: null },
    pending: 4,
    failed: 2,
    oldestPendingAt: '2024-03-03T07:55:00.000Z',
    lagSeconds: 300,
    queueDepth: 3,
    deliveredLastHour: 120,
    failedAttemptsLastHour: 5,
    latencyP50Ms: 42,
    latencyP99Ms: 900,
    ...extra,
  };
}

const EVENT: TAdminGameEvent = {
  id: EVENT_ID,
  type: 'diamonds.credited',
  playerId: 500123,
  diamonds: 300,
  sequence: 7,
  source: { type: 'recharge', id: '42' },
  agentId: 10001,
  createdAt: '2024-03-02T08:00:00.000Z',
  status: 'failed',
  attempts: 15,
  nextAttemptAt: null,
  deliveredAt: null,
  lastError: 'HTTP 500',
  inFlight: false,
  lastAttempt: { id: '9', at: '2024-03-03T07:00:00.000Z', httpStatus: 500, latencyMs: 88 },
};

const RECONCILIATION: TGameReconciliation = {
  from: '2024-03-02',
  to: '2024-03-03',
  timeZone: 'Asia/Shanghai',
  days: [
    {
      day: '2024-03-02',
      credited: { count: 3, diamonds: 440 },
      debited: { count: 1, diamonds: -20 },
      acknowledged: { count: 1, diamonds: 300 },
      difference: { count: 3, diamonds: 120 },
      pending: 2,
      failed: 1,
    },
    {
      day: '2024-03-03',
      credited: { count: 0, diamonds: 0 },
      debited: { count: 0, diamonds: 0 },
      acknowledged: { count: 0, diamonds: 0 },
      difference: { count: 0, diamonds: 0 },
      pending: 0,
      failed: 0,
    },
  ],
  totals: {
    credited: { count: 3, diamonds: 440 },
    debited: { count: 1, diamonds: -20 },
    acknowledged: { count: 1, diamonds: 300 },
    difference: { count: 3, diamonds: 120 },
    pending: 2,
    failed: 1,
  },
};

let current = overview();

const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

beforeAll(async () => {
  await setUpI18n();
});

beforeEach(() => {
  current = overview();
  request.mockImplementation(async (name: string) => {
    switch (name) {
      case 'adminGameOverview':
        return current;
      case 'adminGameEventList':
        return { list: [EVENT], total: 1, page: 1, pageSize: 20 };
      case 'adminGameEventDetail':
        return {
          event: EVENT,
          payload: {
            id: EVENT_ID,
            type: 'diamonds.credited',
            timestamp: EVENT.createdAt,
            data: {
              playerId: 500123,
              diamonds: 300,
              sequence: 7,
              source: { type: 'recharge', id: '42' },
              agentId: 10001,
              ledgerEntryId: '77',
            },
          },
          attempts: [
            {
              id: '8',
              at: '2024-03-02T08:00:01.000Z',
              httpStatus: null,
              latencyMs: 10_000,
              response: '',
              error: 'no answer within 10 s',
            },
            {
              id: '9',
              at: '2024-03-03T07:00:00.000Z',
              httpStatus: 500,
              latencyMs: 88,
              response: 'database down',
              error: null,
            },
          ],
        };
      case 'adminGameRetry':
        return { ...EVENT, status: 'pending', nextAttemptAt: '2024-03-03T08:00:00.000Z' };
      case 'adminGamePause':
        return {
          paused: true,
          pausedAt: '2024-03-03T08:00:00.000Z',
          pausedReason: 'upgrade',
          pausedBy: 'finance-op',
        };
      case 'adminGameRotateSecret':
        return {
          secret: `whsec_${'Q'.repeat(43)}=`,
          state: { mode: 'rotating', signatures: 2, rotatedAt: '2024-03-03T08:00:00.000Z', finishedAt: null },
        };
      case 'adminGameReconciliation':
        return RECONCILIATION;
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  notify.success.mockReset();
  operatorSession.clear();
});

describe('the game-delivery page', () => {
  it('shows the backlog, the lag, the last hour and the endpoint; finance may act but not rotate the secret', async () => {
    signInAs('finance');
    renderScreen(<GameDeliveryPage />);
    expect((await screen.findByTestId('game-pending')).textContent).toContain('4');
    expect(screen.getByTestId('game-failed').textContent).toContain('2');
    expect(screen.getByTestId('game-lag').textContent).toContain('5 分钟');
    expect(screen.getByTestId('game-latency').textContent).toContain('42 毫秒 / 900 毫秒');
    expect(screen.getByTestId('game-endpoint-host').textContent).toBe('game.example.com');
    expect(screen.getByTestId('game-endpoint-state').textContent).toBe('推送中');
    expect(screen.getByTestId('game-endpoint-secret').textContent).toContain('每次推送 1 个签名');
    expect(screen.getByTestId('game-pause')).toBeTruthy();
    expect(screen.getByTestId('game-retry-all')).toBeTruthy();
    expect(screen.getByTestId('game-test')).toBeTruthy();
    expect(screen.queryByTestId('game-rotate')).toBeNull();
    expect(screen.getByTestId('game-tab-reconciliation')).toBeTruthy();
  });

  it('shows support the page without its actions, nor the reconciliation', async () => {
    signInAs('support');
    renderScreen(<GameDeliveryPage />);
    await screen.findByTestId('game-pending');
    expect(screen.queryByTestId('game-pause')).toBeNull();
    expect(screen.queryByTestId('game-retry-all')).toBeNull();
    expect(screen.queryByTestId('game-rotate')).toBeNull();
    expect(screen.queryByTestId('game-tab-reconciliation')).toBeNull();
    expect(await screen.findByTestId(`game-event-${EVENT_ID}`)).toBeTruthy();
    expect(screen.queryByTestId(`game-retry-${EVENT_ID}`)).toBeNull();
  });

  it('pauses with the reason the operator gives, checked before it is sent', async () => {
    signInAs('finance');
    const user = userEvent.setup();
    renderScreen(<GameDeliveryPage />);
    await user.click(await screen.findByTestId('game-pause'));
    const dialog = await screen.findByTestId('game-pause-dialog');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    expect(callsOf('adminGamePause')).toEqual([]);
    await user.type(within(dialog).getByTestId('reason-text'), '游戏今晚升级');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() => expect(callsOf('adminGamePause')).toEqual([{ reason: '游戏今晚升级' }]));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已暂停推送'));
  });

  it('says who paused it and why, and offers resume', async () => {
    signInAs('finance');
    current = overview({
      endpoint: { paused: true, pausedAt: '2024-03-03T07:00:00.000Z', pausedReason: null, pausedBy: null },
    });
    renderScreen(<GameDeliveryPage />);
    expect((await screen.findByTestId('game-endpoint-paused')).textContent).toContain('410 Gone');
    expect(screen.getByTestId('game-resume')).toBeTruthy();
    expect(screen.queryByTestId('game-pause')).toBeNull();
  });

  it('lists the failed events first; a row opens every try of its event, and retry sends it again', async () => {
    signInAs('finance');
    const user = userEvent.setup();
    renderScreen(<GameDeliveryPage />);
    const row = await screen.findByTestId(`game-event-${EVENT_ID}`);
    expect(callsOf('adminGameEventList')[0]).toMatchObject({ status: 'failed', page: 1 });
    expect(row.textContent).toContain('+300');
    expect(row.textContent).toContain('HTTP 500 · 88 毫秒');
    expect(row.textContent).toContain('推广员充值 42');

    await user.click(row);
    const drawer = await screen.findByTestId('game-event-detail');
    const attempts = await within(drawer).findAllByTestId('game-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.textContent).toContain('no answer within 10 s');
    expect(attempts[1]!.textContent).toContain('database down');
    expect(within(drawer).getByTestId('game-event-payload').textContent).toContain('"ledgerEntryId": "77"');

    await user.click(within(drawer).getByTestId(`game-retry-${EVENT_ID}`));
    await waitFor(() => expect(callsOf('adminGameRetry')).toEqual([{ id: EVENT_ID }]));
  });

  it('refuses a malformed player id in the filter instead of asking for every event', async () => {
    signInAs('viewer');
    const user = userEvent.setup();
    renderScreen(<GameDeliveryPage />);
    await screen.findByTestId(`game-event-${EVENT_ID}`);
    await user.type(screen.getByTestId('game-filter-player'), '12x');
    await user.click(screen.getByTestId('game-event-apply'));
    expect(callsOf('adminGameEventList')).toHaveLength(1);
  });

  it('rotates the secret for the owner with a fresh code, and shows the new secret once', async () => {
    signInAs('owner');
    const user = userEvent.setup();
    renderScreen(<GameDeliveryPage />);
    await user.click(await screen.findByTestId('game-rotate'));
    const dialog = await screen.findByTestId('game-rotate-dialog');
    await user.type(within(dialog).getByTestId('reason-text'), '年度轮换');
    await user.type(within(dialog).getByTestId('reason-code'), '123456');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() =>
      expect(callsOf('adminGameRotateSecret')).toEqual([{ reason: '年度轮换', code: '123456' }]),
    );
    const shown = await screen.findByTestId('game-secret-value');
    expect(shown.textContent).toBe(`whsec_${'Q'.repeat(43)}=`);
    await user.click(screen.getByTestId('game-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('game-secret-value')).toBeNull());
  });

  it('shows the reconciliation per day with its total, a difference marked', async () => {
    signInAs('finance');
    const user = userEvent.setup();
    renderScreen(<GameDeliveryPage />);
    await user.click(await screen.findByTestId('game-tab-reconciliation'));
    const day = await screen.findByTestId('game-day-2024-03-02');
    expect(callsOf('adminGameReconciliation')).toEqual([{ days: 30 }]);
    expect(day.textContent).toContain('3 笔 · 440 钻');
    expect(day.textContent).toContain('1 笔 · -20 钻');
    expect(day.getAttribute('data-off')).toBe('true');
    expect(screen.getByTestId('game-day-2024-03-03').getAttribute('data-off')).toBe('false');
    expect(screen.getByTestId('game-day-total').textContent).toContain('3 笔 · 120 钻');
    expect(screen.getByTestId('export-gameReconciliation')).toBeTruthy();
  });
});

describe('the dashboard’s tile', () => {
  it('shows pending, failed and the lag, and leads to the page', async () => {
    signInAs('finance');
    renderScreen(<GameDeliveryTile />);
    const tile = await screen.findByTestId('game-delivery-tile');
    expect(screen.getByTestId('game-tile-summary').textContent).toBe('待推送 4 · 失败 2 · 延迟 5 分钟');
    expect(tile.getAttribute('data-trouble')).toBe('true');
    expect(screen.getByTestId('game-tile-open').getAttribute('href')).toBe('/admin/game-delivery');
  });

  it('is quiet when nothing waits long and nothing failed', async () => {
    signInAs('viewer');
    current = overview({ failed: 0, pending: 1, lagSeconds: 2 });
    renderScreen(<GameDeliveryTile />);
    expect((await screen.findByTestId('game-delivery-tile')).getAttribute('data-trouble')).toBe('false');
  });
});
