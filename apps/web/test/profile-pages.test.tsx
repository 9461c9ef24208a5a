// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBoundPlayer, TPlayer } from '@promoter/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '../src/router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT, PLAYER } from './support/fixtures';

/**
 * Decision 021: the agent's profile (who it is, its parent, the invite QR, its mobile verified by SMS, its signed-in
 * devices and "sign out everywhere else"), its players list (one tap to recharge), and what a signed-in player who
 * is no agent meets on an agent page.
 */
vi.mock('../src/api/client', async () => ({
  ...(await import('./support/mocks')),
  setSessionExpiredHandler: () => undefined,
}));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request, notify } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { session } = await import('../src/lib/session');
const { UserProfilePage } = await import('../src/features/identity/pages/user-profile-page');
const { UsersListPage } = await import('../src/features/money/pages/users-list-page');
const { Root } = await import('../src/app/root');

vi.setConfig({ testTimeout: 30_000 });

const ME = { ...AGENT, mobile: '13900000001' };
const PROFILE = {
  agentId: ME.agentId,
  createdAt: '2026-01-02T03:04:05.000Z',
  parent: { agentId: 100000, nickname: '总代', avatar: '', level: 1 },
  boundPlayers: 3,
  children: 2,
};
const SESSIONS = {
  list: [
    { id: '9', createdAt: '2026-11-20T01:00:00.000Z', lastSeenAt: '2026-11-23T01:00:00.000Z', current: true },
    {
      id: '4',
      createdAt: '2026-11-18T01:00:00.000Z',
      lastSeenAt: '2026-11-19T01:00:00.000Z',
      current: false,
    },
  ].map((s) => ({ ...s, expiresAt: '2026-11-30T01:00:00.000Z', device: '', address: '' })),
  total: 2,
};
const BOUND: TBoundPlayer[] = [
  {
    playerId: 200001,
    nickname: '小明',
    avatar: '',
    mobile: '13900000001',
    boundAt: '2026-11-01T00:00:00.000Z',
    lastRechargeAt: '2026-11-22T06:00:00.000Z',
    periodDiamonds: 150,
    totalDiamonds: 900,
  },
  {
    playerId: 200002,
    nickname: '小红',
    avatar: '',
    mobile: null,
    boundAt: null,
    lastRechargeAt: null,
    periodDiamonds: 0,
    totalDiamonds: 0,
  },
];

const callsOf = (name: string): Record<string, unknown>[] =>
  request.mock.calls
    .filter(([called]) => called === name)
    .map(([, input]) => input as Record<string, unknown>);

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
});

beforeEach(() => {
  request.mockImplementation(async (name: string, input: Record<string, unknown>) => {
    switch (name) {
      case 'getUser':
        return ME;
      case 'agentProfile':
        return PROFILE;
      case 'sessionList':
        return SESSIONS;
      case 'endOtherSessions':
        return { revokedSessions: 1 };
      case 'getCaptcha':
        return { ttlSeconds: 300 };
      case 'telVerify':
        return { mobile: input.mobile };
      case 'boundPlayers':
        return {
          list: input.keyword === '小红' ? [BOUND[1]] : BOUND,
          total: input.keyword === '小红' ? 1 : 2,
          page: 1,
          pageSize: 20,
          since: '2026-11-16T16:00:00.000Z',
          periodDiamonds: 150,
        };
      case 'agentCard':
        return { agentId: input.agentId, nickname: '王总', avatar: '', level: 1 };
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  notify.success.mockReset();
  session.clear();
});

describe('/users/user-profile', () => {
  it('shows who the agent is, its parent, its counts, the invite QR and its devices, this one first', async () => {
    session.signInAgent('token', ME);
    renderScreen(<UserProfilePage />);
    expect((await screen.findByTestId('profile-nickname')).textContent).toBe(ME.nickname);
    expect(screen.getByTestId('profile-agent-id').textContent).toContain(String(ME.agentId));
    expect(screen.getByTestId('profile-level').textContent).toBe(
      t('level.withPromoter', { level: t('level.1') }),
    );
    expect((await screen.findByTestId('profile-parent')).textContent).toBe(
      t('profile.card.parentValue', { nickname: '总代', id: 100000 }),
    );
    expect(screen.getByTestId('profile-bound-players').getAttribute('href')).toBe('/users/users-list');
    expect(screen.getByTestId('profile-bound-players').textContent).toContain('3');
    // The mobile with its middle hidden.
    expect(screen.getByTestId('profile-mobile-value').textContent).toBe('139****0001');
    // The invite link, and its QR code.
    expect((screen.getByTestId('profile-invite-url') as HTMLInputElement).value).toBe(ME.inviteUrl);
    expect(within(screen.getByTestId('profile-qr')).getByRole('img')).toBeTruthy();
    const sessions = await screen.findByTestId('profile-sessions-list');
    expect(
      within(sessions)
        .getAllByTestId(/^session-/)
        .map((node) => node.dataset.testid),
    ).toEqual(['session-current', 'session-other']);
  });

  it('signs out everywhere else after a confirmation, then reads the devices again', async () => {
    session.signInAgent('token', ME);
    const user = userEvent.setup();
    renderScreen(<UserProfilePage />);
    await user.click(await screen.findByTestId('profile-end-others'));
    const dialog = await screen.findByRole('dialog');
    expect(callsOf('endOtherSessions')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('confirm-yes'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(t('profile.sessions.ended', { n: 1 })));
    expect(callsOf('endOtherSessions')).toHaveLength(1);
    await waitFor(() => expect(callsOf('sessionList').length).toBeGreaterThanOrEqual(2));
  });

  it('changes the mobile with its SMS code, and reads the agent again', async () => {
    session.signInAgent('token', ME);
    const user = userEvent.setup();
    renderScreen(<UserProfilePage />);
    await user.click(await screen.findByTestId('profile-mobile-open'));
    const dialog = await screen.findByTestId('mobile-dialog');
    await user.type(within(dialog).getByTestId('profile-mobile-mobile'), '13700000002');
    await user.click(within(dialog).getByTestId('profile-mobile-captcha-send'));
    await waitFor(() =>
      expect(callsOf('getCaptcha')).toEqual([{ mobile: '13700000002', purpose: 'bind-mobile' }]),
    );
    await user.type(within(dialog).getByTestId('profile-mobile-captcha'), '123456');
    const before = callsOf('getUser').length;
    await user.click(within(dialog).getByTestId('profile-mobile-submit'));
    await waitFor(() => expect(callsOf('telVerify')).toEqual([{ mobile: '13700000002', code: '123456' }]));
    await waitFor(() => expect(screen.queryByTestId('mobile-dialog')).toBeNull());
    await waitFor(() => expect(callsOf('getUser').length).toBeGreaterThan(before));
  });

  it('refuses a malformed number before asking for a code', async () => {
    session.signInAgent('token', ME);
    const user = userEvent.setup();
    renderScreen(<UserProfilePage />);
    await user.click(await screen.findByTestId('profile-mobile-open'));
    const dialog = await screen.findByTestId('mobile-dialog');
    await user.type(within(dialog).getByTestId('profile-mobile-mobile'), '12345');
    await user.click(within(dialog).getByTestId('profile-mobile-captcha-send'));
    expect(await within(dialog).findByText(t('identity.validation.mobile'))).toBeTruthy();
    expect(callsOf('getCaptcha')).toHaveLength(0);
  });
});

describe('/users/users-list', () => {
  it('lists the bound players with their figures, each one tap from the recharge page', async () => {
    session.signInAgent('token', ME);
    renderScreen(<UsersListPage />);
    const first = await screen.findByTestId('users-list-player-200001');
    expect(within(first).getByTestId('users-list-period-diamonds').textContent).toContain('150');
    expect(within(first).getByTestId('users-list-last-recharge').textContent).toContain('2026-11-22');
    expect(
      within(screen.getByTestId('users-list-player-200002')).getByTestId('users-list-last-recharge')
        .textContent,
    ).toBe(t('profile.players.neverRecharged'));
    expect(screen.getByTestId('users-list-recharge-200001').getAttribute('href')).toBe(
      '/agent/user-recharge?playerId=200001',
    );
    expect(screen.getByTestId('users-list-summary').textContent).toBe(
      t('profile.players.summary', { total: '2', period: t('profile.players.period.7'), diamonds: '150' }),
    );
    expect(callsOf('boundPlayers')[0]).toMatchObject({ days: 7, sort: 'lastRecharge', page: 1 });
  });

  it('asks the server for another period and a search', async () => {
    session.signInAgent('token', ME);
    const user = userEvent.setup();
    renderScreen(<UsersListPage />);
    await screen.findByTestId('users-list-player-200001');
    await user.click(screen.getByTestId('users-list-period-1'));
    await waitFor(() => expect(callsOf('boundPlayers').at(-1)).toMatchObject({ days: 1 }));
    await user.type(screen.getByTestId('users-list-search'), '小红');
    await waitFor(() => expect(callsOf('boundPlayers').at(-1)).toMatchObject({ keyword: '小红', days: 1 }));
    await waitFor(() => expect(screen.queryByTestId('users-list-player-200001')).toBeNull());
    expect(screen.getByTestId('users-list-player-200002')).toBeTruthy();
  });
});

describe('an agent page opened by a signed-in player', () => {
  function renderAgentPage() {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            {
              path: '/agent/Main',
              handle: { requiresAuth: true, agentsOnly: true, titleKey: 'nav.agentMain' },
              element: <div data-testid="agent-main-content" />,
            },
          ],
        },
      ],
      { initialEntries: ['/agent/Main'] },
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('says the page is for agents, and offers sign-up under the agent the player is bound to', async () => {
    const bound: TPlayer = { ...PLAYER, agentId: 10001 };
    session.signInPlayer('token', bound);
    renderAgentPage();
    expect(await screen.findByText(t('profile.agentsOnly.title'))).toBeTruthy();
    expect(screen.queryByTestId('agent-main-content')).toBeNull();
    const signUp = await screen.findByTestId('agents-only-sign-up');
    expect(signUp.getAttribute('href')).toBe('/session/sign-up?from=10001');
    expect(screen.getByTestId('agents-only-bound').textContent).toContain('王总');
    expect(screen.queryByTestId('agents-only-bind')).toBeNull();
  });

  it('offers to bind when the player has no agent yet', async () => {
    session.signInPlayer('token', PLAYER);
    renderAgentPage();
    expect((await screen.findByTestId('agents-only-bind')).getAttribute('href')).toBe('/agent/bind-agent');
    expect(screen.queryByTestId('agents-only-sign-up')).toBeNull();
    expect(callsOf('agentCard')).toHaveLength(0);
  });

  it('does not offer sign-up under an agent of the lowest level, which invites no one', async () => {
    request.mockImplementation(async (name: string, input: Record<string, unknown>) => {
      if (name === 'agentCard') return { agentId: input.agentId, nickname: '银牌', avatar: '', level: 3 };
      throw new Error(`unexpected call ${name}`);
    });
    session.signInPlayer('token', { ...PLAYER, agentId: 10004 });
    renderAgentPage();
    await screen.findByText(t('profile.agentsOnly.title'));
    await waitFor(() => expect(callsOf('agentCard')).toHaveLength(1));
    expect(screen.queryByTestId('agents-only-sign-up')).toBeNull();
    expect(screen.getByTestId('agents-only-learn').getAttribute('href')).toBe('/agent/agent-info');
  });

  it('shows the page to an agent', async () => {
    session.signInAgent('token', AGENT);
    renderAgentPage();
    expect(await screen.findByTestId('agent-main-content')).toBeTruthy();
    expect(screen.queryByText(t('profile.agentsOnly.title'))).toBeNull();
  });
});
