import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { invalidate } from '../../../api/query-keys';

/** Signs out everywhere else (`agent/user/endOtherSessions`): every other live session of the account ends. */
export function endOtherSessions() {
  return request('endOtherSessions', {});
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => invalidate.sessionsChanged(queryClient),
  });
}
