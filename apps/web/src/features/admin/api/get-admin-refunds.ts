import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput, RefundStatus, TAdminRefund } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type AdminRefundFilter = CallInput<'adminRefundList'>;

/** How often a refund still on its way to the provider (approved, processing) is read again until it is final. */
export const REFUND_POLL_MS = 3_000;

/** The statuses the job queue still moves on by itself: a page showing one reads again until it settles. */
const IN_FLIGHT: readonly RefundStatus[] = ['approved', 'processing'];

export function refundInFlight(refund: Pick<TAdminRefund, 'status'>): boolean {
  return IN_FLIGHT.includes(refund.status);
}

/**
 * The refunds list's key: under the orders' prefix, since every refund belongs to an order, so whatever makes the
 * orders stale (a refund made, approved, rejected, settled) makes it stale too.
 */
export const adminRefundsKey = (filter: AdminRefundFilter) =>
  [...queryKeys.admin.orders.all(), 'refunds', filter] as const;

/**
 * One page of the refunds, newest first, by status, order and date (`admin/refunds/list`). Read afresh whenever it is
 * shown: it is a queue that other operators feed (a refund waiting for a second operator).
 */
export function adminRefundsQueryOptions(filter: AdminRefundFilter) {
  return queryOptions({
    queryKey: adminRefundsKey(filter),
    queryFn: ({ signal }) => request('adminRefundList', filter, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.list.some(refundInFlight) ? REFUND_POLL_MS : false),
  });
}

export function useAdminRefunds(filter: AdminRefundFilter) {
  return useQuery(adminRefundsQueryOptions(filter));
}

/**
 * What a refund's change makes stale: the orders (their detail, the lists, the refunds under them), the agents' and
 * players' pages (balances, diamonds and ledgers it takes back), the game's deliveries (diamonds taken from a player)
 * and the audit log that recorded it.
 */
export function refundsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      queryKeys.admin.orders.all(),
      queryKeys.admin.agents.all(),
      queryKeys.admin.players.all(),
      queryKeys.admin.game.all(),
      queryKeys.admin.audit.all(),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
