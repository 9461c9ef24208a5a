// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT } from './support/fixtures';

/**
 * Contacts (decision 021): the transfer page takes its agent from the link (`?agentId=`), from the contacts and the
 * header search, looked up in the whole team (`children` with scope `team`); one outside the team, or an id that is
 * no id, is said so and the picker stays open. The team tab lists the grandchildren too.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { session } = await import('../src/lib/session');
const { TransferAgentPage } = await import('../src/features/money/pages/transfer-agent-page');

vi.setConfig({ testTimeout: 30_000 });

const agentRow = (agentId: number, nickname: string, level: number, depth: number) => ({
  agentId,
  nickname,
  avatar: '',
  level,
  price: '0.60',
  teamSize: depth === 1 ? 1 : 0,
  childCount: depth === 1 ? 1 : 0,
  depth,
  status: 'active',
  createdAt: '2026-11-01T00:00:00Z',
});
const CHILD = agentRow(100002, '下级甲', 2, 1);
const GRANDCHILD = agentRow(100003, '孙级乙', 3, 2);

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
});
afterEach(() => {
  cleanup();
  request.mockReset();
});

const callsOf = (name: string): unknown[] =>
  request.mock.calls.filter(([called]) => called === name).map(([, input]) => input);

beforeEach(() => {
  session.signInAgent('token', AGENT);
  request.mockImplementation(async (name: string, input: { keyword?: string; scope?: string }) => {
    switch (name) {
      case 'getUser':
        return AGENT;
      case 'children': {
        // The server matches an id exactly or a nickname in part; the team scope reaches the grandchildren.
        const all = input.scope === 'team' ? [CHILD, GRANDCHILD] : [CHILD];
        const list = all.filter(
          (a) => !input.keyword || String(a.agentId) === input.keyword || a.nickname.includes(input.keyword),
        );
        return { list, total: list.length, page: 1, pageSize: 20 };
      }
      default:
        throw new Error(`unexpected call ${name}`);
    }
  });
});

const page = (query: string) =>
  renderScreen(<TransferAgentPage />, { route: `/agent/transfer-agent${query}` });

describe('the transfer page with ?agentId=', () => {
  it('chooses a direct child and focuses the amount', async () => {
    page(`?agentId=${CHILD.agentId}`);
    const selected = await screen.findByTestId('transfer-selected');
    expect(selected.textContent).toContain('下级甲');
    expect(selected.textContent).toContain(t('level.withPromoter', { level: t('level.2') }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('transfer-amount-input')));
    expect(callsOf('children')).toContainEqual({
      keyword: String(CHILD.agentId),
      scope: 'team',
      page: 1,
      pageSize: 20,
    });
    // The list stays folded until asked for: the amount comes first on a phone.
    expect(screen.queryByTestId('transfer-agent-list')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('transfer-pick-another'));
    expect(await screen.findByTestId(`transfer-agent-${CHILD.agentId}`)).toBeTruthy();
    expect(screen.getByTestId('transfer-selected').textContent).toContain('下级甲');
  });

  it('finds a grandchild in the team', async () => {
    page(`?agentId=${GRANDCHILD.agentId}`);
    const selected = await screen.findByTestId('transfer-selected');
    expect(selected.textContent).toContain('孙级乙');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('transfer-amount-input')));
  });

  it('says so for an agent outside the team, and the picker stays', async () => {
    page('?agentId=999999');
    expect((await screen.findByTestId('transfer-preset-missing')).textContent).toBe(
      t('money.transfer.presetMissing', { id: '999999' }),
    );
    expect(screen.queryByTestId('transfer-selected')).toBeNull();
    expect(await screen.findByTestId(`transfer-agent-${CHILD.agentId}`)).toBeTruthy();
  });

  it('says so for an id that is no id, without asking the server for it', async () => {
    page('?agentId=abc');
    expect((await screen.findByTestId('transfer-preset-missing')).textContent).toBe(
      t('money.transfer.presetMissing', { id: 'abc' }),
    );
    expect(callsOf('children').every((q) => (q as { keyword?: string }).keyword !== 'abc')).toBe(true);
  });

  it('lists the whole team, grandchildren too, in the team tab', async () => {
    page('');
    await userEvent.setup().click(await screen.findByTestId('transfer-tab-team'));
    expect(await screen.findByTestId(`transfer-agent-${GRANDCHILD.agentId}`)).toBeTruthy();
    expect(screen.getByTestId(`transfer-agent-${CHILD.agentId}`)).toBeTruthy();
  });
});
