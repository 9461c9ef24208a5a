import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TResolvedPeriod } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { DASHBOARD_TITLES } from '../../../config/dashboards';
import type { DashboardName } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatDay } from '../lib/format';
import type { usePeriod } from '../lib/use-period';
import { PeriodSwitch } from './period-switch';

const INTRO_KEYS = {
  ecommerce: 'dashboards.ecommerce.intro',
  'web-analytics': 'dashboards.webAnalytics.intro',
  agency: 'dashboards.agency.intro',
  saas: 'dashboards.saas.intro',
  magazine: 'dashboards.magazine.intro',
  news: 'dashboards.news.intro',
} as const satisfies Record<DashboardName, string>;

interface QueryState {
  isError: boolean;
  isFetching: boolean;
  hasData: boolean;
  refetch: () => unknown;
}

/**
 * A dashboard's page: its title and what it shows, the period switch (data dashboards), the days the figures cover,
 * a thin bar while they refresh (the last figures stay meanwhile) and, when they cannot load, why with a retry.
 */
export function DashboardFrame({
  name,
  period,
  query,
  children,
}: {
  name: DashboardName;
  /** The period switch and the period the server answered for; none for the lists (magazine, news). */
  period?: { resolved: TResolvedPeriod | undefined; control: ReturnType<typeof usePeriod> };
  query: QueryState;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const resolved = period?.resolved;
  return (
    <Stack spacing={2.5} data-testid={`page-dashboard-${name}`} sx={{ minWidth: 0 }}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          {t(DASHBOARD_TITLES[name])}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(INTRO_KEYS[name])}
        </Typography>
      </Stack>
      {period ? (
        <Stack spacing={1}>
          <PeriodSwitch
            value={period.control.input}
            resolved={resolved}
            onChange={period.control.setPeriod}
          />
          <Typography variant="body2" color="text.secondary" data-testid="period-range">
            {resolved
              ? t('dashboards.period.range', {
                  from: formatDay(resolved.from, locale),
                  to: formatDay(resolved.to, locale),
                  days: resolved.days,
                  zone: resolved.timeZone,
                })
              : '\u00a0'}
          </Typography>
        </Stack>
      ) : null}
      <Box sx={{ height: 4 }}>
        {query.isFetching ? <LinearProgress aria-label={t('dashboards.loading')} /> : null}
      </Box>
      {query.isError && !query.hasData ? (
        <RetryAlert onRetry={query.refetch} testId="dashboard-load-error">
          {t('dashboards.loadFailed')}
        </RetryAlert>
      ) : null}
      {children}
    </Stack>
  );
}
