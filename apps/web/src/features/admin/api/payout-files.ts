import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { invalidate, queryKeys } from '../../../api/query-keys';
import { useAdminMutation } from './admin-mutation';

/**
 * Payout files for banks and Alipay (decision 044). Their keys live under the withdrawals' prefix: whatever changes
 * withdrawals (a file made, cancelled or settled, a withdrawal paid by hand) makes them stale too, and each change
 * here refreshes the queue and the audit log (invalidate.withdrawalsReviewed).
 */
const payoutKeys = {
  all: () => [...queryKeys.admin.withdrawals.all(), 'payoutFiles'] as const,
  list: (filter: CallInput<'adminPayoutBatchList'>) => [...payoutKeys.all(), 'list', filter] as const,
  detail: (id: string) => [...payoutKeys.all(), 'detail', id] as const,
  importDetail: (id: string) => [...payoutKeys.all(), 'import', id] as const,
};

export type PayoutBatchFilter = CallInput<'adminPayoutBatchList'>;

/** The payout files, newest first (`admin/payouts/batches/list`). */
export function useAdminPayoutBatches(filter: PayoutBatchFilter, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: payoutKeys.list(filter),
      queryFn: ({ signal }) => request('adminPayoutBatchList', filter, { signal }),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

/** A payout file with its withdrawals, their totals by state and its imports (`admin/payouts/batches/detail`). */
export function useAdminPayoutBatch(id: string | null) {
  return useQuery({
    queryKey: payoutKeys.detail(id ?? ''),
    queryFn: ({ signal }) => request('adminPayoutBatchDetail', { id: id ?? '' }, { signal }),
    enabled: id !== null,
  });
}

/** An import of a result file, its lines and their planned actions or results (`admin/payouts/imports/detail`). */
export function useAdminPayoutImport(id: string | null) {
  return useQuery({
    queryKey: payoutKeys.importDetail(id ?? ''),
    queryFn: ({ signal }) => request('adminPayoutImportDetail', { id: id ?? '' }, { signal }),
    enabled: id !== null,
  });
}

/** Puts approved withdrawals of one kind in a new payout file; the answer holds the file to save (audited). */
export function useCreatePayoutBatch() {
  return useAdminMutation(
    (input: CallInput<'adminPayoutBatchCreate'>) => request('adminPayoutBatchCreate', input),
    invalidate.withdrawalsReviewed,
  );
}

/** A payout file's CSV again (audited again): kept by the caller only to save it, never in the query cache. */
export function useDownloadPayoutFile() {
  return useAdminMutation(
    (id: string) => request('adminPayoutBatchFile', { id }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all() }),
  );
}

/** Cancels an open payout file with a reason: its approved withdrawals go back to the queue. */
export function useCancelPayoutBatch() {
  return useAdminMutation(
    (input: CallInput<'adminPayoutBatchCancel'>) => request('adminPayoutBatchCancel', input),
    invalidate.withdrawalsReviewed,
  );
}

/** Reads a result file for an open payout file: nothing is marked, each line's planned action comes back. */
export function usePreviewPayoutImport() {
  return useAdminMutation(
    (input: CallInput<'adminPayoutImportPreview'>) => request('adminPayoutImportPreview', input),
    invalidate.withdrawalsReviewed,
  );
}

/** Applies a previewed import once: its lines mark their withdrawals paid or failed, each on its own. */
export function useApplyPayoutImport() {
  return useAdminMutation(
    (importId: string) => request('adminPayoutImportApply', { importId }),
    invalidate.withdrawalsReviewed,
  );
}

/** Discards a previewed import: nothing is marked. */
export function useDiscardPayoutImport() {
  return useAdminMutation(
    (importId: string) => request('adminPayoutImportDiscard', { importId }),
    invalidate.withdrawalsReviewed,
  );
}
