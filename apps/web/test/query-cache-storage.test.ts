// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  keepQueryCache,
  QUERY_CACHE_KEY,
  QUERY_CACHE_MAX_AGE_MS,
  restoreQueryCache,
} from '../src/api/query-cache-storage';
import { session } from '../src/lib/session';
import { AGENT } from './support/fixtures';

/**
 * A weak phone network (decision 027): the signed-in account's figures, lists and dashboards are kept between visits and
 * shown at once (stale, so refreshed); searches and the console are never kept; another account never sees them.
 */
const fresh = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  session.signInAgent('token-a', AGENT);
});
afterEach(() => {
  vi.useRealTimers();
  session.clear();
});

function fill(client: QueryClient) {
  client.setQueryData(['getUser'], { ...AGENT, balance: '12.34' });
  client.setQueryData(['dashboards', 'dashboardEcommerce', { period: '7d' }], { total: 5 });
  client.setQueryData(['searchUser', '13800138000'], [{ playerId: 1 }]);
  client.setQueryData(['admin', 'agents', 'list', {}], { list: [] });
}

describe('the kept reads', () => {
  it('keeps the account’s figures and dashboards, not its searches nor the console, and shows them stale', () => {
    const client = fresh();
    const stop = keepQueryCache(client, localStorage);
    fill(client);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull(); // gathered, written a second later
    vi.advanceTimersByTime(1_000);
    stop();
    const stored = JSON.parse(localStorage.getItem(QUERY_CACHE_KEY) ?? '{}') as {
      owner: string;
      state: { queries: { queryKey: unknown[] }[] };
    };
    expect(stored.owner).toBe(`agent:${AGENT.agentId}`);
    expect(stored.state.queries.map((q) => q.queryKey[0]).sort()).toEqual(['dashboards', 'getUser']);

    const next = fresh();
    expect(restoreQueryCache(next, localStorage)).toBe(true);
    expect(next.getQueryData(['getUser'])).toMatchObject({ balance: '12.34' });
    expect(next.getQueryData(['searchUser', '13800138000'])).toBeUndefined();
    // Shown at once, asked again by the first screen that mounts, however recent the copy.
    expect(next.getQueryCache().find({ queryKey: ['getUser'] })?.state.isInvalidated).toBe(true);
  });

  it('is dropped at sign-out and never shown to another account, nor when too old', () => {
    const client = fresh();
    const stop = keepQueryCache(client, localStorage);
    fill(client);
    vi.advanceTimersByTime(1_000);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).not.toBeNull();

    session.signInAgent('token-b', { ...AGENT, agentId: AGENT.agentId + 1 });
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    stop();

    // A copy of account A left behind (an older build, say) is not shown to B, and is removed.
    localStorage.setItem(
      QUERY_CACHE_KEY,
      JSON.stringify({
        owner: `agent:${AGENT.agentId}`,
        savedAt: Date.now(),
        state: { queries: [], mutations: [] },
      }),
    );
    expect(restoreQueryCache(fresh(), localStorage)).toBe(false);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();

    localStorage.setItem(
      QUERY_CACHE_KEY,
      JSON.stringify({
        owner: `agent:${AGENT.agentId + 1}`,
        savedAt: Date.now() - QUERY_CACHE_MAX_AGE_MS - 1,
        state: { queries: [], mutations: [] },
      }),
    );
    expect(restoreQueryCache(fresh(), localStorage)).toBe(false);

    session.clear();
    localStorage.setItem(QUERY_CACHE_KEY, '{not json');
    expect(restoreQueryCache(fresh(), localStorage)).toBe(false);
  });

  it('fills in a kept agent of an older version (no `owed`), and leaves out one the first screen cannot read', () => {
    const keep = (user: Record<string, unknown>) => {
      const client = fresh();
      const stop = keepQueryCache(client, localStorage);
      client.setQueryData(['getUser'], user);
      client.setQueryData(['recentBill', 2], { list: [] });
      vi.advanceTimersByTime(1_000);
      stop();
      const next = fresh();
      expect(restoreQueryCache(next, localStorage)).toBe(true);
      // The other kept reads come back either way.
      expect(next.getQueryData(['recentBill', 2])).toEqual({ list: [] });
      return next.getQueryData(['getUser']);
    };
    // Written before decision 043: no `owed`. The contract's default, as the client's parse used to give it.
    const { owed: _owed, ...older } = AGENT;
    expect(keep(older)).toEqual({ ...AGENT, owed: '0.00' });
    expect(keep({ ...AGENT, owed: '3.50' })).toEqual({ ...AGENT, owed: '3.50' });
    // A balance the figures cannot format (an older or a damaged copy): not shown; the screen asks the server.
    expect(keep({ ...AGENT, balance: 128.5 })).toBeUndefined();
    expect(keep({ ...AGENT, diamonds: undefined })).toBeUndefined();
  });
});
