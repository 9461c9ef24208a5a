import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { notify } from '../lib/notify';
import { ApiError, NetworkError } from './errors';

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
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
