// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTreeNode } from '@promoter/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The downline tree loads a level at a time (decision 024): the first answer carries the caller and its children;
 * a child with children of its own is asked for (`tree` with its id) when it is opened, never before; when the server
 * sent fewer children than there are, the tree says how many more and links to the full list.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { DownlineTree } = await import('../src/features/downline/components/downline-tree');

const node = (agentId: number, over: Partial<TTreeNode> = {}): TTreeNode => ({
  agentId,
  nickname: `代理${agentId}`,
  level: 2,
  price: '0.60',
  teamSize: 0,
  childCount: 0,
  status: 'active',
  children: [],
  ...over,
});

const treeCalls = () => request.mock.calls.filter(([name]) => name === 'tree').map(([, input]) => input);

beforeAll(async () => {
  await setUpI18n();
});
beforeEach(() => {
  request.mockImplementation(async (name: string, input: { parentId?: number }) => {
    if (name === 'tree' && input.parentId === 20)
      return { root: node(20, { teamSize: 1, childCount: 1, children: [node(30, { level: 3 })] }) };
    if (name === 'tree' && input.parentId === 40)
      return { root: node(40, { teamSize: 1, childCount: 1, children: [node(41, { level: 3 })] }) };
    throw new Error(`unexpected call ${name} ${JSON.stringify(input)}`);
  });
});
afterEach(() => {
  cleanup();
  request.mockReset();
});

describe('the downline tree', () => {
  it('opens a few children at first, asking each one’s level once', async () => {
    const root = node(10, {
      level: 1,
      teamSize: 3,
      childCount: 2,
      children: [node(20, { teamSize: 1, childCount: 1 }), node(21)],
    });
    renderScreen(<DownlineTree root={root} />);
    expect(await screen.findByTestId('tree-node-30')).toBeTruthy();
    expect(screen.getByTestId('tree-node-21')).toBeTruthy();
    expect(treeCalls()).toEqual([{ parentId: 20 }]);
    // A leaf offers nothing to open; a node with children does.
    const item = (id: number) => screen.getByTestId(`tree-node-${id}`).closest('li') as HTMLElement;
    expect(item(21).getAttribute('aria-expanded')).toBeNull();
    expect(item(30).getAttribute('aria-expanded')).toBeNull();
    expect(item(20).getAttribute('aria-expanded')).toBe('true');
  });

  it('with many children opens only the top, and a child’s level loads when it is opened', async () => {
    const many = Array.from({ length: 11 }, (_, i) => node(50 + i));
    const root = node(10, {
      level: 1,
      teamSize: 13,
      childCount: 14,
      children: [node(40, { teamSize: 1, childCount: 1 }), ...many],
    });
    renderScreen(<DownlineTree root={root} />);
    expect(screen.getByTestId('tree-node-40')).toBeTruthy();
    expect(treeCalls()).toEqual([]);
    // 14 children, 12 sent: the tree says so.
    expect(screen.getByTestId('tree-more-10').textContent).toContain('2');

    await userEvent.click(screen.getByTestId('tree-node-40'));
    await waitFor(() => expect(screen.getByTestId('tree-node-41')).toBeTruthy());
    expect(treeCalls()).toEqual([{ parentId: 40 }]);
  });

  it('moves with the arrow keys as a tree does, left and right swapped right to left', async () => {
    const root = node(10, {
      level: 1,
      teamSize: 2,
      childCount: 2,
      children: [node(20, { teamSize: 1, childCount: 1, children: [node(30, { level: 3 })] }), node(21)],
    });
    const item = (id: number) => screen.getByTestId(`tree-node-${id}`).closest('li') as HTMLElement;
    const view = renderScreen(<DownlineTree root={root} />);
    expect(screen.getByRole('tree').getAttribute('aria-label')).toBeTruthy();
    // One item in the Tab order: the first.
    await userEvent.tab();
    expect(document.activeElement).toBe(item(10));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item(20));
    await userEvent.keyboard('{ArrowLeft}');
    expect(item(20).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('tree-node-30')).toBeNull();
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(item(10));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(item(20));
    await userEvent.keyboard('{ArrowRight}');
    expect(item(20).getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(item(30));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(item(21));
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item(30));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(item(10));
    expect(item(10).tabIndex).toBe(0);
    expect(item(21).tabIndex).toBe(-1);
    view.unmount();

    renderScreen(
      <div dir="rtl">
        <DownlineTree root={root} />
      </div>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item(20));
    await userEvent.keyboard('{ArrowRight}');
    expect(item(20).getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard('{ArrowLeft}');
    expect(item(20).getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(item(30));
    expect(treeCalls()).toEqual([]);
  });
});
