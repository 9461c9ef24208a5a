// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInboxItem } from '@promoter/contract';
import { useLocation } from '../src/router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT } from './support/fixtures';

/**
 * The agent's inbox (decision 018): the header's bell with its unread badge (polled with backoff), its newest items, the
 * `/inbox` page with mark-read and mark-all-read, each item leading where it is about.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen, renderRoutes } = await import('./support/render');
const { session } = await import('../src/lib/session');
const { queryKeys } = await import('../src/api/query-keys');
const { unreadPollDelay, UNREAD_POLL_MAX_MS, UNREAD_POLL_MS } = await import('../src/api/get-notifications');
const { noticeTarget } = await import('../src/lib/notice-target');
const { InboxPage } = await import('../src/features/inbox/pages/inbox-page');
const { NotificationsBell } = await import('../src/shell/header/notifications-bell');
const { NotificationsMenu } = await import('../src/shell/header/notifications-menu');

function item(id: string, extra: Partial<TInboxItem> = {}): TInboxItem {
  return {
    id,
    kind: 'withdrawalRejected',
    title: '提现被驳回',
    text: '您申请的 100.00 元提现被驳回：账户有误。金额已退回余额。',
    read: false,
    createdAt: '2026-11-23T08:00:00.123Z',
    ref: { type: 'withdrawal', id: '7' },
    ...extra,
  };
}

const ITEMS = [
  item('n3', { createdAt: '2026-11-23T09:00:00.456Z' }),
  item('a2', {
    kind: 'announcement',
    title: '春节活动',
    text: '第一行\n第二行',
    ref: { type: 'announcement', id: '2' },
  }),
  item('n1', {
    kind: 'subAgentJoined',
    title: '新的下级推广员',
    read: true,
    ref: { type: 'agent', id: '9' },
  }),
];

let unread = 2;
const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

/** Shows where the app went. */
function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}

beforeAll(async () => {
  await setUpI18n();
});

beforeEach(() => {
  unread = 2;
  session.signInAgent('agent-token', AGENT);
  request.mockImplementation(async (name: string, input: { page?: number; pageSize?: number }) => {
    switch (name) {
      case 'notificationUnreadCount':
        return { unread };
      case 'notificationList':
        return {
          list: ITEMS.slice(0, input.pageSize),
          total: 3,
          page: 1,
          pageSize: input.pageSize,
          totalIsLowerBound: false,
        };
      case 'notificationMarkRead':
        unread = 0;
        return { unread: 0 };
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

describe('the unread count’s polling', () => {
  it('asks every 15 s, doubling after each failure in a row, never waiting more than 2 min', () => {
    expect(UNREAD_POLL_MS).toBe(15_000);
    expect([0, 1, 2, 3, 4, 10].map(unreadPollDelay)).toEqual([
      15_000,
      30_000,
      60_000,
      120_000,
      UNREAD_POLL_MAX_MS,
      UNREAD_POLL_MAX_MS,
    ]);
  });
});

describe('where an item leads', () => {
  it('withdrawals to the records, an order to its page, profit to the balance flow, an announcement nowhere', () => {
    expect(noticeTarget(item('n1'))).toBe('/agent/withdraw-list');
    expect(noticeTarget(item('n1', { kind: 'orderExpired', ref: { type: 'order', id: 'O-1' } }))).toBe(
      '/agent/query-order?orderId=O-1',
    );
    expect(noticeTarget(item('n1', { kind: 'profitFromPlayer' }))).toBe(
      '/agent/currency-detail?currency=1&billType=5',
    );
    expect(noticeTarget(item('n1', { kind: 'subAgentJoined' }))).toBe('/agent/child-tree');
    expect(noticeTarget(item('a1', { kind: 'announcement' }))).toBeNull();
    expect(noticeTarget(item('n1', { kind: 'somethingNew' }))).toBeNull();
  });
});

describe('the header’s bell', () => {
  it('shows the unread count, 99+ past 99, and refetches what events change when it rises', async () => {
    const onOpen = vi.fn();
    const view = renderScreen(<NotificationsBell onOpen={onOpen} />);
    const badge = await screen.findByTestId('header-bell-badge');
    await waitFor(() => expect(badge.textContent).toBe('2'));
    expect(screen.getByRole('button', { name: '通知，2 条未读' })).toBeTruthy();

    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    unread = 120;
    await act(() => view.queryClient.refetchQueries({ queryKey: queryKeys.notifications.unread() }));
    await waitFor(() => expect(badge.textContent).toBe('99+'));
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toContain(JSON.stringify(queryKeys.notifications.lists()));
    expect(keys).toContain(JSON.stringify(queryKeys.user()));
    expect(keys).toContain(JSON.stringify(queryKeys.withdrawals.all()));

    await userEvent.click(screen.getByTestId('header-bell'));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('asks nothing for a player’s session (no inbox)', async () => {
    session.clear();
    renderScreen(<NotificationsBell onOpen={() => undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsOf('notificationUnreadCount')).toEqual([]);
  });

  it('lists the newest; an item is marked read and opens what it is about; mark all read up to the newest', async () => {
    const onClose = vi.fn();
    renderScreen(
      <>
        <NotificationsMenu anchorEl={document.body} onClose={onClose} />
        <Where />
      </>,
      { route: '/agent/Main' },
    );
    const list = await screen.findByTestId('bell-list');
    expect(
      within(list)
        .getAllByTestId(/^notice-[na]\d+$/)
        .map((el) => el.dataset.read),
    ).toEqual(['false', 'false', 'true']);
    expect(callsOf('notificationList')).toEqual([{ page: 1, pageSize: 5 }]);

    await userEvent.click(screen.getByTestId('bell-mark-all-read'));
    await waitFor(() =>
      expect(callsOf('notificationMarkRead')).toEqual([{ upTo: '2026-11-23T09:00:00.456Z' }]),
    );

    await userEvent.click(within(screen.getByTestId('notice-n3')).getByText('提现被驳回'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/agent/withdraw-list'));
    expect(callsOf('notificationMarkRead')).toContainEqual({ ids: ['n3'] });
    expect(onClose).toHaveBeenCalled();
  });
});

describe('/inbox', () => {
  function renderInbox() {
    return renderRoutes(
      [
        { path: '/inbox', element: <InboxPage /> },
        { path: '*', element: <Where /> },
      ],
      { route: '/inbox' },
    );
  }

  it('lists read and unread items; tapping an unread one marks it read and opens its whole text', async () => {
    renderInbox();
    const announcement = await screen.findByTestId('notice-a2');
    expect(screen.getByTestId('inbox-unread').textContent).toBe('2 条未读');
    expect(within(announcement).getByTestId('notice-text').textContent).toBe('第一行\n第二行');
    // An announcement leads nowhere else: no button; a withdrawal has one.
    expect(within(announcement).queryByTestId('notice-open')).toBeNull();
    expect(within(screen.getByTestId('notice-n3')).getByTestId('notice-open')).toBeTruthy();

    await userEvent.click(within(announcement).getByText('春节活动'));
    await waitFor(() => expect(callsOf('notificationMarkRead')).toEqual([{ ids: ['a2'] }]));
    // A read item is not marked again.
    await userEvent.click(within(screen.getByTestId('notice-n1')).getByText('新的下级推广员'));
    expect(callsOf('notificationMarkRead')).toHaveLength(1);
  });

  it('marks all read up to the newest item seen, then the button rests', async () => {
    renderInbox();
    await screen.findByTestId('inbox-list');
    await waitFor(() =>
      expect((screen.getByTestId('inbox-mark-all-read') as HTMLButtonElement).disabled).toBe(false),
    );
    await userEvent.click(screen.getByTestId('inbox-mark-all-read'));
    await waitFor(() =>
      expect(callsOf('notificationMarkRead')).toEqual([{ upTo: '2026-11-23T09:00:00.456Z' }]),
    );
    await waitFor(() => expect(screen.getByTestId('inbox-unread').textContent).toBe('没有未读通知'));
    expect((screen.getByTestId('inbox-mark-all-read') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens what an item is about', async () => {
    renderInbox();
    await userEvent.click(within(await screen.findByTestId('notice-n1')).getByTestId('notice-open'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/agent/child-tree'));
  });

  it('says when the inbox is empty', async () => {
    request.mockImplementation(async (name: string) =>
      name === 'notificationUnreadCount'
        ? { unread: 0 }
        : { list: [], total: 0, page: 1, pageSize: 20, totalIsLowerBound: false },
    );
    renderInbox();
    expect((await screen.findByTestId('inbox-empty')).textContent).toContain('暂无通知');
  });
});
