import { QueryClient } from '@tanstack/react-query';
import type { TBillEntry } from '@promoter/contract';
import { describe, expect, it, vi } from 'vitest';

/** Decision 023: the endless bill list scrolls on with the cursor the page before answered. */
vi.mock('../src/api/client', () => import('./support/mocks'));
const { request } = await import('./support/mocks');
const { billInfiniteQueryOptions } = await import('../src/api/get-bill');

const entry = (id: number): TBillEntry => ({
  id: String(id),
  billType: 4,
  currency: 2,
  amount: 1,
  after: id,
  memo: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  gameDelivery: null,
});

describe('the bill list’s pages', () => {
  it('asks page 1 without a cursor, then each next page with the last entry’s cursor, and stops at null', async () => {
    const asked: unknown[] = [];
    request.mockImplementation(async (name: string, input: { page: number; cursor?: string }) => {
      asked.push({ name, ...input });
      const last = input.page === 3;
      const first = 100 - (input.page - 1) * 2;
      return {
        list: last ? [entry(first)] : [entry(first), entry(first - 1)],
        total: 2 * input.page + (last ? -1 : 1),
        totalIsLowerBound: !last,
        page: input.page,
        pageSize: 20,
        nextCursor: last ? null : String(first - 1),
      };
    });
    const client = new QueryClient();
    const options = billInfiniteQueryOptions({ currency: 2, billType: 4 });
    await client.fetchInfiniteQuery(options);
    await client.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(asked).toEqual([
      { name: 'bill', currency: 2, billType: 4, page: 1, pageSize: 20 },
      { name: 'bill', currency: 2, billType: 4, page: 1, pageSize: 20 },
      { name: 'bill', currency: 2, billType: 4, page: 2, cursor: '99', pageSize: 20 },
      { name: 'bill', currency: 2, billType: 4, page: 3, cursor: '97', pageSize: 20 },
    ]);
    const data = client.getQueryData(options.queryKey);
    expect(data?.pages.flatMap((p) => p.list.map((e) => e.id))).toEqual(['100', '99', '98', '97', '96']);
    expect(data?.pageParams).toEqual([{ page: 1 }, { page: 2, cursor: '99' }, { page: 3, cursor: '97' }]);
    // The last page answered no cursor: there is no next page.
    expect(client.getQueryState(options.queryKey)?.data?.pages[2]?.nextCursor).toBeNull();
    await client.fetchInfiniteQuery({ ...options, pages: 4 });
    expect(asked).toHaveLength(7);
  });
});
