import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type GameReconciliationPeriod = CallInput<'adminGameReconciliation'>;

/** The game's daily reconciliation of a period (`admin/game/reconciliation`, right reports). */
export function adminGameReconciliationQueryOptions(period: GameReconciliationPeriod) {
  return queryOptions({
    queryKey: queryKeys.admin.game.reconciliation(period),
    queryFn: ({ signal }) => request('adminGameReconciliation', period, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminGameReconciliation(period: GameReconciliationPeriod, enabled = true) {
  return useQuery({ ...adminGameReconciliationQueryOptions(period), enabled });
}
