import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** What moving an agent under another parent would do (`admin/agents/movePreview`); nothing changes by asking. */
export function adminMovePreviewQueryOptions(input: CallInput<'adminAgentMovePreview'>) {
  return queryOptions({
    queryKey: queryKeys.admin.agents.movePreview(input),
    queryFn: ({ signal }) => request('adminAgentMovePreview', input, { signal }),
  });
}

/** Asked only once the operator has chosen the new parent (`input` null until then). */
export function useAdminMovePreview(input: CallInput<'adminAgentMovePreview'> | null) {
  return useQuery({
    ...adminMovePreviewQueryOptions(input ?? { agentId: 0 }),
    enabled: input !== null,
  });
}
