// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorRole, TOperator } from '@promoter/contract';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The console's orders, players, audit log and adjustments sort on the server (decision 018): a click on a sortable header
 * asks the server again with the column and a direction (a second click turns it round, back to the first page); each
 * list has its CSV export, shown to the roles holding the export's right only.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { operatorSession } = await import('../src/lib/operator-session');
const { OrdersPage } = await import('../src/features/admin/pages/orders-page');
const { PlayersPage } = await import('../src/features/admin/pages/players-page');
const { AuditPage } = await import('../src/features/admin/pages/audit-page');
const { AdjustmentsPage } = await import('../src/features/admin/pages/adjustments-page');

vi.setConfig({ testTimeout: 30_000 });

function signInAs(role: OperatorRole) {
  const operator: TOperator = {
    id: 1,
    name: `${role}-op`,
    role,
    rights: [],
    twoFactorEnrolled: true,
    mustChangePassword: false,
    disabled: false,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
  operatorSession.signIn('op-token', operator, new Date(Date.now() + 3_600_000).toISOString());
}

/** Every list answers an empty page. */
function emptyPages() {
  request.mockImplementation(async (_name: string, input: { page?: number; pageSize?: number }) => ({
    list: [],
    total: 0,
    page: input.page ?? 1,
    pageSize: input.pageSize ?? 20,
  }));
}

/** The inputs of each call of `name` so far. */
const callsOf = (name: string) =>
  request.mock.calls
    .filter(([called]) => called === name)
    .map(([, input]) => input as Record<string, unknown>);
const lastCall = (name: string) => callsOf(name).at(-1);

beforeAll(async () => {
  await setUpI18n();
});

afterEach(() => {
  cleanup();
  request.mockReset();
  operatorSession.clear();
});

const LISTS: {
  name: string;
  page: () => ReactElement;
  /** The order the page asks for before any click (undefined: the server's own). */
  initial: { sort?: string; order?: string };
  columns: string[];
}[] = [
  {
    name: 'adminOrderList',
    page: () => <OrdersPage />,
    initial: { sort: 'createdAt', order: 'desc' },
    columns: ['amount', 'createdAt'],
  },
  {
    name: 'adminPlayerList',
    page: () => <PlayersPage />,
    initial: { sort: 'createdAt', order: 'desc' },
    columns: ['diamonds', 'playerId', 'createdAt'],
  },
  {
    name: 'adminAuditList',
    page: () => <AuditPage />,
    initial: { sort: 'createdAt', order: 'desc' },
    columns: ['action', 'operator', 'createdAt'],
  },
  {
    name: 'adminAdjustmentList',
    page: () => <AdjustmentsPage />,
    initial: {},
    columns: ['createdAt'],
  },
];

describe('sortable headers', () => {
  it.each(LISTS)(
    '$name: a click on a header asks the server again, a second click turns it round',
    async (list) => {
      const user = userEvent.setup();
      signInAs('owner');
      emptyPages();
      renderScreen(list.page());
      await waitFor(() => expect(callsOf(list.name).length).toBeGreaterThan(0));
      expect(lastCall(list.name)).toMatchObject({ page: 1 });
      expect({ sort: lastCall(list.name)?.sort, order: lastCall(list.name)?.order }).toEqual({
        sort: list.initial.sort,
        order: list.initial.order,
      });
      // An order asked before is answered from the query cache (as in the app); a new one goes to the server.
      const asked = (column: string, order: string) =>
        callsOf(list.name).some((input) => input.sort === column && input.order === order);
      const ariaSort = (column: string) =>
        screen.getByTestId(`sort-${column}`).closest('th')?.getAttribute('aria-sort');
      const clickAndCheck = async (column: string, order: 'asc' | 'desc') => {
        const before = asked(column, order);
        const count = callsOf(list.name).length;
        await user.click(screen.getByTestId(`sort-${column}`));
        await waitFor(() => expect(ariaSort(column)).toBe(order === 'asc' ? 'ascending' : 'descending'));
        if (before) expect(callsOf(list.name).length).toBe(count);
        else await waitFor(() => expect(lastCall(list.name)).toMatchObject({ sort: column, order, page: 1 }));
      };
      // Each column (the one in force last): largest/newest first, and a second click turns it round.
      for (const column of list.columns) {
        await clickAndCheck(column, 'desc');
        await clickAndCheck(column, 'asc');
      }
      for (const column of list.columns)
        for (const order of ['asc', 'desc']) expect(asked(column, order), `${column} ${order}`).toBe(true);
    },
  );
});

describe('export buttons', () => {
  it('shows the audit log’s export to whoever reads the log, with the screen’s filters', async () => {
    signInAs('owner');
    emptyPages();
    renderScreen(<AuditPage />);
    expect(await screen.findByTestId('export-audit')).toBeTruthy();
  });

  it('shows the players’ and adjustments’ exports to a role with `reports` only', async () => {
    for (const [role, shown] of [
      ['finance', true],
      ['viewer', false],
    ] as const) {
      signInAs(role);
      emptyPages();
      const players = renderScreen(<PlayersPage />);
      await screen.findByTestId('page-admin-players');
      expect(screen.queryByTestId('export-players') !== null, `players as ${role}`).toBe(shown);
      players.unmount();
      const adjustments = renderScreen(<AdjustmentsPage />);
      await screen.findByTestId('page-admin-adjustments');
      expect(screen.queryByTestId('export-adjustments') !== null, `adjustments as ${role}`).toBe(shown);
      adjustments.unmount();
      operatorSession.clear();
    }
  });
});
