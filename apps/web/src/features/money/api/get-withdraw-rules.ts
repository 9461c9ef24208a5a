import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MONEY_QUERY_KEY } from './keys';

/** The public options that rule withdrawals. */
export const WITHDRAW_OPTION_KEYS = {
  min: 'withdraw.min',
  feeRate: 'withdraw.feeRate',
  dailyCount: 'withdraw.dailyCount',
} as const;

export interface WithdrawRules {
  /** Money string, e.g. "100.00". */
  min: string;
  /** Percent, e.g. "0" or "0.6". */
  feeRate: string;
  dailyCount: number;
}

/** The three options, read through `system/version/getOptionsByKey`. */
export async function getWithdrawRules(): Promise<WithdrawRules> {
  const [min, feeRate, dailyCount] = await Promise.all(
    [WITHDRAW_OPTION_KEYS.min, WITHDRAW_OPTION_KEYS.feeRate, WITHDRAW_OPTION_KEYS.dailyCount].map(
      async (key) => (await request('getOptionsByKey', { key })).value.trim(),
    ),
  );
  return { min: min ?? '0.00', feeRate: feeRate ?? '0', dailyCount: Number(dailyCount) };
}

export function getWithdrawRulesQueryOptions() {
  return queryOptions({
    queryKey: [...MONEY_QUERY_KEY, 'withdraw-rules'],
    queryFn: getWithdrawRules,
    staleTime: 5 * 60_000,
  });
}

export function useWithdrawRules() {
  return useQuery(getWithdrawRulesQueryOptions());
}
