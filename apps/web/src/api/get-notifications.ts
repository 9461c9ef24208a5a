import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sessionStore, useIsAuthenticated } from '../lib/session';
import { request } from './client';
import { nextPageOf, PAGE_SIZE } from './paging';
import { invalidate, queryKeys } from './query-keys';

/** How often the header asks for the unread count while the tab is shown. */
export const UNREAD_POLL_MS = 15_000;
/** The longest wait between two asks, however many failed in a row. */
export const UNREAD_POLL_MAX_MS = 120_000;

/** The wait before the next ask: 15 s, doubling after each failure in a row up to 2 min; back to 15 s on success. */
export function unreadPollDelay(failuresInARow: number): number {
  return Math.min(UNREAD_POLL_MS * 2 ** Math.max(failuresInARow, 0), UNREAD_POLL_MAX_MS);
}

/**
 * The agent's unread count (`agent/notice/unreadCount`, at most UNREAD_COUNT_CAP). Polled with backoff and only while
 * the tab is shown (TanStack Query pauses an interval in a hidden tab and asks again when it comes back); a failed
 * poll is quiet: the next one says nothing of the network unless the person asks for something.
 */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.unread(),
    queryFn: ({ signal }) => request('notificationUnreadCount', {}, { signal }),
    select: (data) => data.unread,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => unreadPollDelay(query.state.fetchFailureCount),
    refetchIntervalInBackground: false,
    meta: { quietNetworkErrors: true },
  });
}

/** Agents only: a player's session has no inbox. */
function useIsAgentSession(): boolean {
  const signedIn = useIsAuthenticated();
  const isAgent = sessionStore.use((s) => s.user !== null);
  return signedIn && isAgent;
}

/**
 * The unread count, polled. When it rises, something happened on the server (a withdrawal reviewed, a profit, a new
 * sub-agent, an announcement): the lists and the figures those events change are refetched, so the header, the inbox
 * and the open page follow without a reload.
 */
export function useUnreadCount() {
  const queryClient = useQueryClient();
  const query = useQuery({ ...unreadCountQueryOptions(), enabled: useIsAgentSession() });
  const seen = useRef<number | undefined>(undefined);
  const unread = query.data;
  useEffect(() => {
    if (unread === undefined) return;
    if (seen.current !== undefined && unread > seen.current) void invalidate.noticesArrived(queryClient);
    seen.current = unread;
  }, [unread, queryClient]);
  return query;
}

/** The newest few items, for the header's bell. */
export function latestNotificationsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: queryKeys.notifications.latest(limit),
    queryFn: ({ signal }) => request('notificationList', { page: 1, pageSize: limit }, { signal }),
    staleTime: 0,
  });
}

export function useLatestNotifications(limit: number, enabled: boolean) {
  return useQuery({ ...latestNotificationsQueryOptions(limit), enabled: useIsAgentSession() && enabled });
}

/** The whole inbox, newest first, a page at a time (`agent/notice/list`). */
export function notificationsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications.pages(),
    queryFn: ({ pageParam, signal }) =>
      request('notificationList', { page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 0,
  });
}

export function useNotifications() {
  return useInfiniteQuery({ ...notificationsInfiniteQueryOptions(), enabled: useIsAgentSession() });
}
