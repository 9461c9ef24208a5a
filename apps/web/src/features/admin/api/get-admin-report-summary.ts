import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type ReportPeriodInput = CallInput<'adminReportSummary'>;

/** The console's dashboard of a period (`admin/reports/summary`): per day, totals, top agents, what is owed now. */
export function adminReportSummaryQueryOptions(period: ReportPeriodInput) {
  return queryOptions({
    queryKey: queryKeys.admin.reports.summary(period),
    queryFn: ({ signal }) => request('adminReportSummary', period, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReportSummary(period: ReportPeriodInput, enabled = true) {
  return useQuery({ ...adminReportSummaryQueryOptions(period), enabled });
}
