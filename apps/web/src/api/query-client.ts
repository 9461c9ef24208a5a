import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { notify } from '../lib/notify';
import { ApiError, NetworkError } from './errors';

/**
 * Whether a failed read is tried once more: a quick network failure is (a blip), an answer is not (the server said
 * no), and neither is a time-out: a read that hung for the whole HTTP_TIMEOUT_MS is reported then (10 s, SPEC
 * section 9), not after a second wait (21 s).
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof NetworkError && error.timedOut) return false;
  return failureCount < 1;
}

/**
 * Code 0 already toasts in the client; a query that fails on the network says so once here, so a screen
 * never sits silently empty. Mutations report their own failures (the login page shows 服务器错误).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A background poll (the header's unread count) fails quietly: the next poll tries again.
      if (error instanceof NetworkError && query.meta?.quietNetworkErrors !== true)
        notify.error(i18n.t('errors.network'));
    },
  }),
  mutationCache: new MutationCache(),
  defaultOptions: {
    queries: {
      retry: retryRead,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
