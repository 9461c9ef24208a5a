import { useQueries } from '@tanstack/react-query';
import { getOptionQueryOptions } from '../../../api/get-option';
import { OptionKey } from '../../../config/constants';

export interface WithdrawRules {
  /** Money string, e.g. "100.00". */
  min: string;
  /** Percent, e.g. "0" or "0.6". */
  feeRate: string;
  dailyCount: number;
}

/** The rules as one query: pending until all three options are read, failed when any of them failed. */
export type WithdrawRulesQuery = { refetch: () => Promise<unknown> } & (
  | { isPending: true; isError: false; data: undefined }
  | { isPending: false; isError: true; data: undefined }
  | { isPending: false; isError: false; data: WithdrawRules }
);

const RULE_KEYS = [OptionKey.withdrawMin, OptionKey.withdrawFeeRate, OptionKey.withdrawDailyCount] as const;

/** The public options that rule withdrawals (minimum, fee rate, applications a day), read as shared options. */
export function useWithdrawRules(): WithdrawRulesQuery {
  return useQueries({
    queries: RULE_KEYS.map((key) => getOptionQueryOptions(key)),
    combine: (results): WithdrawRulesQuery => {
      const refetch = () => Promise.all(results.map((result) => result.refetch()));
      if (results.some((result) => result.isError)) {
        return { isPending: false, isError: true, data: undefined, refetch };
      }
      const [min, feeRate, dailyCount] = results.map((result) => result.data?.trim());
      if (min === undefined || feeRate === undefined || dailyCount === undefined) {
        return { isPending: true, isError: false, data: undefined, refetch };
      }
      return {
        isPending: false,
        isError: false,
        data: { min, feeRate, dailyCount: Number(dailyCount) },
        refetch,
      };
    },
  });
}
