import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminAgentLedgerFilter = CallInput<'adminAgentLedger'>;

/** One page of an agent's ledger of one currency, filtered on the server (`admin/agents/ledger`). */
export function adminAgentLedgerQueryOptions(filter: AdminAgentLedgerFilter) {
  return queryOptions({
    queryKey: queryKeys.admin.agents.ledger(filter),
    queryFn: ({ signal }) => request('adminAgentLedger', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminAgentLedger(filter: AdminAgentLedgerFilter) {
  return useQuery(adminAgentLedgerQueryOptions(filter));
}
