// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '../src/router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { childAgent } from './support/fixtures';

/**
 * The header (decision 021): the chat list as the agent's contacts (players recharged today and before, one tap from
 * recharging again) and the search box (pages by title, players, sub-agents and ledger entries by exact number).
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { ContactsMenu, contactsOf, splitContacts } = await import('../src/shell/header/contacts-menu');
const { HeaderSearch, matchPages } = await import('../src/shell/header/header-search');

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

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}

function player(playerId: number, nickname: string, lastRechargeAt: string) {
  return { playerId, nickname, avatar: '', mobile: null, boundToMe: true, lastRechargeAt };
}

function agent(agentId: number, nickname: string, lastTransferAt: string) {
  return { agentId, nickname, avatar: '', level: 2 as const, lastTransferAt, lastDiamonds: 50 };
}

const idOf = (c: ReturnType<typeof contactsOf>[number]) =>
  c.kind === 'player' ? `p${c.player.playerId}` : `a${c.agent.agentId}`;

describe('the contacts', () => {
  const now = new Date();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 5).toISOString();
  const laterToday = new Date(now.getTime() - 1000).toISOString();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 23, 59).toISOString();

  it('splits today’s players and agents from the earlier ones, newest first', () => {
    const split = splitContacts(
      contactsOf(
        [player(1, 'a', yesterday), player(2, 'b', today), player(3, 'c', laterToday)],
        [agent(4, 'd', new Date(now.getTime() - 60_000).toISOString()), agent(5, 'e', yesterday)],
      ),
      now,
    );
    expect(split.today.map(idOf)).toEqual(['p3', 'a4', 'p2']);
    expect(split.previous.map(idOf).sort()).toEqual(['a5', 'p1']);
  });

  it('lists them under today and earlier, each one tap from recharging again', async () => {
    request.mockImplementation(async (name: string) => {
      if (name === 'recentUser')
        return { list: [player(100001, '小王', yesterday), player(100002, '阿强', laterToday)] };
      if (name === 'recentTransfers') return { list: [agent(10005, '下级甲', today)] };
      throw new Error(`unexpected call ${name}`);
    });
    const user = userEvent.setup();
    const anchor = document.createElement('button');
    document.body.append(anchor);
    renderScreen(
      <>
        <ContactsMenu anchorEl={anchor} onClose={() => undefined} />
        <Where />
      </>,
    );
    expect(await screen.findByText(t('header.contacts.today'))).toBeTruthy();
    expect(screen.getByText(t('header.contacts.previous'))).toBeTruthy();
    const items = screen.getAllByRole('menuitem').map((el) => el.getAttribute('data-testid'));
    expect(items).toEqual(['contact-player-100002', 'contact-agent-10005', 'contact-player-100001']);
    const agentEntry = screen.getByTestId('contact-agent-10005').textContent;
    expect(agentEntry).toContain(t('header.contacts.transferAgain', { id: 10005 }));
    expect(agentEntry).toContain(t('level.withPromoter', { level: t('level.2') }));
    await user.click(screen.getByTestId('contact-player-100001'));
    expect(screen.getByTestId('where').textContent).toBe('/agent/user-recharge?playerId=100001');
    anchor.remove();
  });

  it('opens the transfer page with the agent chosen, one tap from an agent contact', async () => {
    request.mockImplementation(async (name: string) => {
      if (name === 'recentUser') return { list: [] };
      if (name === 'recentTransfers') return { list: [agent(10005, '下级甲', yesterday)] };
      throw new Error(`unexpected call ${name}`);
    });
    const user = userEvent.setup();
    const anchor = document.createElement('button');
    document.body.append(anchor);
    renderScreen(
      <>
        <ContactsMenu anchorEl={anchor} onClose={() => undefined} />
        <Where />
      </>,
    );
    await user.click(await screen.findByTestId('contact-agent-10005'));
    expect(screen.getByTestId('where').textContent).toBe('/agent/transfer-agent?agentId=10005');
    anchor.remove();
  });

  it('says so when there is nobody yet, and does not ask until opened', async () => {
    request.mockResolvedValue({ list: [] });
    renderScreen(<ContactsMenu anchorEl={null} onClose={() => undefined} />);
    expect(callsOf('recentUser')).toHaveLength(0);
    expect(callsOf('recentTransfers')).toHaveLength(0);
    cleanup();
    const anchor = document.createElement('button');
    document.body.append(anchor);
    renderScreen(<ContactsMenu anchorEl={anchor} onClose={() => undefined} />);
    expect(await screen.findByText(t('header.contacts.empty'))).toBeTruthy();
    expect(callsOf('recentUser')).toHaveLength(1);
    expect(callsOf('recentTransfers')).toHaveLength(1);
    anchor.remove();
  });
});

describe('the search', { timeout: 30_000 }, () => {
  beforeEach(() => {
    request.mockImplementation(async (name: string, input: { keyword?: string; id?: string }) => {
      if (name === 'searchUser')
        return { list: input.keyword === '100001' ? [player(100001, '小王', '2026-11-20T08:00:00Z')] : [] };
      if (name === 'children')
        return {
          // The server matches ids and nicknames loosely: only the exact id is a hit.
          list: [
            childAgent({ agentId: 100001, nickname: '下级甲', level: 2, price: '1.00' }),
            childAgent({ agentId: 1000012, nickname: '下级乙', level: 3, price: '1.00', depth: 2 }),
          ],
          total: 2,
          page: 1,
          pageSize: 20,
        };
      if (name === 'billDetail') {
        if (input.id === '100001')
          return {
            id: '100001',
            billType: 1,
            currency: 2,
            amount: -10,
            after: 90,
            memo: '给玩家充值',
            createdAt: '2026-11-20T08:00:00Z',
            gameDelivery: null,
            reference: { type: 'recharge', id: '9', counterparty: null },
          };
        throw new Error('not found');
      }
      throw new Error(`unexpected call ${name}`);
    });
  });

  it('finds pages by their translated title', () => {
    const pages = [
      { title: '提现', href: '/agent/Withdraw' },
      { title: '提现记录', href: '/agent/withdraw-list' },
      { title: 'Help', href: '/agent/help' },
    ];
    expect(matchPages('提现', pages).map((h) => h.href)).toEqual(['/agent/Withdraw', '/agent/withdraw-list']);
    expect(matchPages(' help ', pages).map((h) => h.href)).toEqual(['/agent/help']);
    expect(matchPages('  ', pages)).toEqual([]);
  });

  it('opens a page from its title without asking the server', async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <HeaderSearch />
        <Where />
      </>,
      { route: '/mini/dashboard/ecommerce' },
    );
    await user.type(screen.getByTestId('header-search'), t('nav.userRecharge'));
    await user.click(await screen.findByTestId('search-hit-page:/agent/user-recharge'));
    expect(screen.getByTestId('where').textContent).toBe('/agent/user-recharge');
    expect(request).not.toHaveBeenCalled();
  });

  it('finds a player, a sub-agent and a ledger entry by exact number', async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <HeaderSearch />
        <Where />
      </>,
    );
    await user.type(screen.getByTestId('header-search'), '100001');
    expect(await screen.findByTestId('search-hit-player:100001')).toBeTruthy();
    expect(await screen.findByTestId('search-hit-entry:100001')).toBeTruthy();
    expect(screen.getByTestId('search-hit-agent:100001')).toBeTruthy();
    expect(screen.queryByTestId('search-hit-agent:1000012')).toBeNull();
    expect(callsOf('searchUser')).toEqual([{ keyword: '100001' }]);
    expect(callsOf('billDetail')).toEqual([{ id: '100001' }]);

    await user.click(screen.getByTestId('search-hit-entry:100001'));
    expect(screen.getByTestId('where').textContent).toBe('/agent/currency-detail?id=100001');
  });

  it('opens the transfer page with a sub-agent found by its id chosen', async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <HeaderSearch />
        <Where />
      </>,
    );
    await user.type(screen.getByTestId('header-search'), '100001');
    await user.click(await screen.findByTestId('search-hit-agent:100001'));
    expect(screen.getByTestId('where').textContent).toBe('/agent/transfer-agent?agentId=100001');
  });

  it('shows no entry when the number is not one of the agent’s entries', async () => {
    const user = userEvent.setup();
    renderScreen(<HeaderSearch />);
    await user.type(screen.getByTestId('header-search'), '424242');
    await waitFor(() => expect(callsOf('billDetail')).toEqual([{ id: '424242' }]));
    expect(await screen.findByText(t('header.search.none'))).toBeTruthy();
  });
});
