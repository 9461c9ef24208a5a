import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type ReconciliationRunsFilter = CallInput<'adminReconciliationList'>;
export type ReconciliationRunFilter = CallInput<'adminReconciliationDetail'>;

/** The reconciliation's keys, under the console's prefix (signing out forgets them with the rest). */
export const reconciliationKeys = {
  all: () => [...queryKeys.admin.all(), 'reconciliation'] as const,
  runs: (filter: ReconciliationRunsFilter) =>
    [...queryKeys.admin.all(), 'reconciliation', 'runs', filter] as const,
  run: (filter: ReconciliationRunFilter) =>
    [...queryKeys.admin.all(), 'reconciliation', 'run', filter] as const,
};

/** The runs, newest day first, with their counts and the summary (`admin/reconciliation/runs`, decision 045). */
export function adminReconciliationRunsQueryOptions(filter: ReconciliationRunsFilter) {
  return queryOptions({
    queryKey: reconciliationKeys.runs(filter),
    queryFn: ({ signal }) => request('adminReconciliationList', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReconciliationRuns(filter: ReconciliationRunsFilter, enabled = true) {
  return useQuery({ ...adminReconciliationRunsQueryOptions(filter), enabled });
}

/** One run, its counts and a page of its items by outcome, resolution and kind (`admin/reconciliation/detail`). */
export function adminReconciliationRunQueryOptions(filter: ReconciliationRunFilter) {
  return queryOptions({
    queryKey: reconciliationKeys.run(filter),
    queryFn: ({ signal }) => request('adminReconciliationDetail', filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReconciliationRun(filter: ReconciliationRunFilter | null) {
  return useQuery({
    ...adminReconciliationRunQueryOptions(filter ?? { id: '0' }),
    enabled: filter !== null,
  });
}

/** What a run or a resolution makes stale: the runs and their items, and the audit log that recorded it. */
export function reconciliationChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [reconciliationKeys.all(), queryKeys.admin.audit.all()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
