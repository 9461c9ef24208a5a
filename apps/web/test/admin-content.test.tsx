// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminAnnouncement, TAdminArticle, TOperator } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console's articles and announcements (decision 018): Chinese required, each other language both parts or neither,
 * only complete translations sent; a change names the version it started from; an announcement goes to every agent
 * or one level, and is withdrawn after a confirmation; a role without `agents.manage` only reads.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { ContentPage } = await import('../src/features/admin/pages/content-page');

function operator(role: TOperator['role']): TOperator {
  return {
    id: 1,
    name: role,
    role,
    rights: [],
    twoFactorEnrolled: true,
    mustChangePassword: false,
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const HELP: TAdminArticle = {
  id: 2,
  slug: 'help',
  title: '帮助中心',
  content: '如何充值？',
  translations: { en: { title: 'Help', content: 'How to recharge?' } },
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const ANNOUNCEMENT: TAdminAnnouncement = {
  id: 5,
  title: '维护通知',
  content: '今晚维护',
  translations: {},
  level: null,
  createdBy: 'owner',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  withdrawnAt: null,
};

/** Types a text into a field at once (a paste), as the slow keystroke-by-keystroke typing adds nothing here. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

beforeAll(async () => {
  await setUpI18n();
});

beforeEach(() => {
  operatorSession.signIn('op-token', operator('support'), new Date(Date.now() + 3_600_000).toISOString());
  request.mockImplementation(async (name: string, input: { id?: number }) => {
    switch (name) {
      case 'adminArticleList':
        return {
          list: [{ id: 2, slug: 'help', title: '帮助中心', locales: ['en'], updatedAt: HELP.updatedAt }],
        };
      case 'adminArticleGet':
        return HELP;
      case 'adminArticleSave':
        return { ...HELP, id: input.id ?? 9, updatedAt: '2026-11-23T00:00:00.000Z' };
      case 'adminAnnouncementList':
        return { list: [ANNOUNCEMENT], total: 1, page: 1, pageSize: 20 };
      case 'adminAnnouncementSave':
        return { ...ANNOUNCEMENT, id: 6 };
      case 'adminAnnouncementWithdraw':
        return { ...ANNOUNCEMENT, withdrawnAt: '2026-11-23T00:00:00.000Z' };
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

afterEach(() => {
  cleanup();
  request.mockReset();
  operatorSession.clear();
});

describe('articles', { timeout: 30_000 }, () => {
  it('a new one needs its slug and its Chinese text; a half translation is named; only complete ones are sent', async () => {
    const user = userEvent.setup();
    renderScreen(<ContentPage />);
    await user.click(await screen.findByTestId('article-new'));
    const dialog = await screen.findByTestId('content-dialog');
    await user.click(within(dialog).getByTestId('content-save'));
    expect(await within(dialog).findAllByText('请填写此项')).toHaveLength(3);
    expect(callsOf('adminArticleSave')).toEqual([]);

    await fill(within(dialog).getByTestId('article-slug'), 'withdraw-guide');
    await fill(within(dialog).getByTestId('text-title-cn'), '提现指南');
    await fill(within(dialog).getByTestId('text-content-cn'), '第一步\n第二步');
    await user.click(within(dialog).getByTestId('text-version-tab-en'));
    await fill(within(dialog).getByTestId('text-title-en'), 'Withdrawal guide');
    // Japanese left blank: it reads Chinese and is not sent.
    await user.click(within(dialog).getByTestId('content-save'));
    expect(await within(dialog).findByText('请同时填写标题和内容，或都留空')).toBeTruthy();
    expect(callsOf('adminArticleSave')).toEqual([]);

    await fill(within(dialog).getByTestId('text-content-en'), 'Step one');
    await user.click(within(dialog).getByTestId('content-save'));
    await waitFor(() =>
      expect(callsOf('adminArticleSave')).toEqual([
        {
          slug: 'withdraw-guide',
          title: '提现指南',
          content: '第一步\n第二步',
          translations: { en: { title: 'Withdrawal guide', content: 'Step one' } },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('content-dialog')).toBeNull());
  });

  it('a change keeps the slug and names the version it was opened at', async () => {
    const user = userEvent.setup();
    renderScreen(<ContentPage />);
    await user.click(within(await screen.findByTestId('article-help')).getByTestId('article-edit'));
    const dialog = await screen.findByTestId('content-dialog');
    expect(within(dialog).getByTestId('article-slug-kept').textContent).toContain('help');
    const title = within(dialog).getByTestId('text-title-cn') as HTMLInputElement;
    expect(title.value).toBe('帮助中心');
    await user.clear(title);
    await fill(title, '帮助');
    await user.click(within(dialog).getByTestId('content-save'));
    await waitFor(() =>
      expect(callsOf('adminArticleSave')).toEqual([
        {
          id: 2,
          title: '帮助',
          content: '如何充值？',
          translations: { en: { title: 'Help', content: 'How to recharge?' } },
          expectedUpdatedAt: HELP.updatedAt,
        },
      ]),
    );
  });
});

describe('announcements', { timeout: 30_000 }, () => {
  it('publishes to one level, and withdraws after a confirmation', async () => {
    const user = userEvent.setup();
    renderScreen(<ContentPage />);
    await user.click(await screen.findByTestId('content-tab-announcements'));
    await user.click(await screen.findByTestId('announcement-new'));
    const dialog = await screen.findByTestId('content-dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTestId('audience-2'));
    await fill(within(dialog).getByTestId('text-title-cn'), '黄金专享');
    await fill(within(dialog).getByTestId('text-content-cn'), '仅限黄金推广员');
    await user.click(within(dialog).getByTestId('content-save'));
    await waitFor(() =>
      expect(callsOf('adminAnnouncementSave')).toEqual([
        { title: '黄金专享', content: '仅限黄金推广员', translations: {}, level: 2 },
      ]),
    );

    await user.click(
      within(await screen.findByTestId('announcement-5')).getByTestId('announcement-withdraw'),
    );
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsOf('adminAnnouncementWithdraw')).toEqual([{ id: 5 }]));
  });

  it('a viewer reads but finds nothing to write with', async () => {
    operatorSession.signIn('op-token', operator('viewer'), new Date(Date.now() + 3_600_000).toISOString());
    const user = userEvent.setup();
    renderScreen(<ContentPage />);
    await screen.findByTestId('article-help');
    expect(screen.queryByTestId('article-new')).toBeNull();
    expect(screen.queryByTestId('article-edit')).toBeNull();
    await user.click(screen.getByTestId('content-tab-announcements'));
    await screen.findByTestId('announcement-5');
    expect(screen.queryByTestId('announcement-new')).toBeNull();
    expect(screen.queryByTestId('announcement-withdraw')).toBeNull();
  });
});
