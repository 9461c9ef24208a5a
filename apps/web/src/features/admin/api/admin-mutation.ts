import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change the console makes on the server. Whatever the answer (a refusal may mean the row moved on since it was
 * read), `refresh` reads again what such a change makes stale: one of `invalidate.*`, never a retyped key.
 */
export function useAdminMutation<I, O>(
  mutationFn: (input: I) => Promise<O>,
  refresh: (queryClient: QueryClient) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refresh(queryClient) });
}
