import {
  type DashboardPeriod,
  type TDashboardPeriodInput,
  ZDashboardPeriod,
  ZDashboardPeriodInput,
} from '@promoter/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../router';

export const DEFAULT_PERIOD: DashboardPeriod = '7d';

/**
 * The period a dashboard shows, kept in the page's address (`?period=30d`, `?period=custom&from=…&to=…`) so a
 * reload, a shared link and the back button keep it. What the address holds is read with the contract's schema: a
 * period the server would refuse falls back to the default.
 */
export function usePeriod(): {
  input: TDashboardPeriodInput & { period: DashboardPeriod };
  setPeriod: (next: TDashboardPeriodInput & { period: DashboardPeriod }) => void;
} {
  const [params, setParams] = useSearchParams();
  const period = params.get('period');
  const from = params.get('from');
  const to = params.get('to');
  const input = useMemo(() => {
    const asked = ZDashboardPeriod.safeParse(period);
    const candidate =
      asked.success && asked.data === 'custom'
        ? { period: asked.data, from: from ?? undefined, to: to ?? undefined }
        : { period: asked.success ? asked.data : DEFAULT_PERIOD };
    return ZDashboardPeriodInput.safeParse(candidate).success ? candidate : { period: DEFAULT_PERIOD };
  }, [period, from, to]);

  const setPeriod = useCallback(
    (next: TDashboardPeriodInput & { period: DashboardPeriod }) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('period', next.period);
          if (next.period === 'custom' && next.from && next.to) {
            updated.set('from', next.from);
            updated.set('to', next.to);
          } else {
            updated.delete('from');
            updated.delete('to');
          }
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { input, setPeriod };
}
