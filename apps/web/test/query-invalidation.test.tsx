// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childAgent, treeNode } from './support/fixtures';

vi.mock('../src/api/client', () => import('./support/mocks'));

const { request } = await import('./support/mocks');

const { useChildrenInfinite, useChildrenPage } = await import('../src/api/get-children');
const { useTree } = await import('../src/api/get-tree');
const { useSetChildAgent } = await import('../src/features/downline/api/set-child-agent');

function childrenPage(nickname: string) {
  return { list: [childAgent({ agentId: 7, nickname })], total: 1, page: 1, pageSize: 20 };
}

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

afterEach(() => request.mockReset());

describe('one query per server fact', () => {
  it("setting a child agent refreshes the transfer page's children, the downline's list and the tree", async () => {
    let generation = 0;
    request.mockImplementation(async (name: string) => {
      if (name === 'children') return childrenPage(`child ${generation}`);
      if (name === 'tree') return { root: treeNode({ nickname: `root ${generation}` }) };
      if (name === 'setChildAgent') {
        generation += 1;
        return { child: childAgent({ agentId: 8 }) };
      }
      throw new Error(`unexpected call ${name}`);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const { result } = renderHook(
      () => ({
        transfer: useChildrenInfinite(''),
        downline: useChildrenPage({ page: 1, pageSize: 10 }),
        tree: useTree(),
        setChild: useSetChildAgent(),
      }),
      { wrapper: wrapperWith(client) },
    );
    await waitFor(() => expect(result.current.transfer.data?.pages[0]?.list[0]?.nickname).toBe('child 0'));
    await waitFor(() => expect(result.current.downline.data?.list[0]?.nickname).toBe('child 0'));

    await act(() => result.current.setChild.mutateAsync({ playerId: 8, level: 2 }));

    await waitFor(() => expect(result.current.transfer.data?.pages[0]?.list[0]?.nickname).toBe('child 1'));
    await waitFor(() => expect(result.current.downline.data?.list[0]?.nickname).toBe('child 1'));
    await waitFor(() => expect(result.current.tree.data?.root.nickname).toBe('root 1'));
    client.clear();
  });

  it('both screens share the call: one request serves a second reader of the same page', async () => {
    request.mockResolvedValue(childrenPage('x'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const wrapper = wrapperWith(client);
    const first = renderHook(() => useChildrenInfinite('abc'), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    const second = renderHook(() => useChildrenInfinite('abc'), { wrapper });
    expect(second.result.current.data?.pages).toHaveLength(1);
    expect(request).toHaveBeenCalledTimes(1);
    client.clear();
  });
});
