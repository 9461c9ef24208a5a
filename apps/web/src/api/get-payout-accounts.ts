import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

/** The agent's saved payout accounts, the default first, numbers masked (`agent/payout/list`). */
export function getPayoutAccounts() {
  return request('payoutAccountList', {});
}

export function payoutAccountsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.payoutAccounts(), queryFn: getPayoutAccounts });
}

export function usePayoutAccounts() {
  return useQuery(payoutAccountsQueryOptions());
}
