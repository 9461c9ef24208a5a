import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { AgentLevel, TReportSummary, TTopAgent } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate } from '../../../router';
import { useAdminReportSummary } from '../api/get-admin-report-summary';
import type { ReportPeriodInput } from '../api/get-admin-report-summary';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import type { TranslationKey } from '../../../i18n/keys';
import { languageOf } from '../../../i18n/languages';
import { levelLabelKey } from '../../../lib/agent-level';
import { formatCount, formatMoney } from '../../../lib/format';
import { useCan } from '../lib/can';
import { EmptyRow } from '../components/empty-row';
import { cardGrid, FigureCard } from '../components/figure-card';
import { GameDeliveryTile } from '../components/game/game-delivery-tile';
import { ReconciliationTile } from '../components/reconciliation/reconciliation-summary';
import { PeriodSwitch } from '../components/period-switch';
import { ReportChart } from '../components/report-chart';
import type { ChartSeries, FigureKey } from '../components/report-chart';

const MONEY_FIGURES: ReadonlySet<FigureKey> = new Set([
  'sales',
  'profitPaid',
  'withdrawalsRequested',
  'withdrawalsPaid',
]);
const TOTALS: FigureKey[] = [
  'sales',
  'orders',
  'diamondsToAgents',
  'diamondsToPlayers',
  'newAgents',
  'newPlayers',
  'profitPaid',
  'withdrawalsRequested',
  'withdrawalsPaid',
];

function TopAgents({ title, rows, testId }: { title: string; rows: TTopAgent[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <TableContainer>
        <Table size="small" data-testid={testId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('adminReports.dashboard.top.rank')}</TableCell>
              <TableCell>{t('adminReports.dashboard.top.agent')}</TableCell>
              <TableCell align="right">{t('adminReports.dashboard.top.diamondsSold')}</TableCell>
              <TableCell align="right">{t('adminReports.dashboard.top.profit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={row.agentId} data-testid={`${testId}-${row.agentId}`}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>
                  {row.nickname} (#{row.agentId}) ·{' '}
                  {row.level >= 1 && row.level <= 3 ? t(levelLabelKey(row.level as AgentLevel)) : row.level}
                </TableCell>
                <TableCell align="right">{formatCount(row.diamondsSold, locale)}</TableCell>
                <TableCell align="right">{formatMoney(row.profit)}</TableCell>
              </TableRow>
            ))}
            <EmptyRow show={rows.length === 0} columns={4} text={t('adminReports.dashboard.top.empty')} />
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function Summary({ data }: { data: TReportSummary }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = languageOf(i18n.language).htmlLang;
  const label = (key: FigureKey) => t(`adminReports.dashboard.figures.${key}` as TranslationKey);
  const figure = (key: FigureKey, value: string | number) =>
    MONEY_FIGURES.has(key) ? formatMoney(String(value)) : formatCount(Number(value), locale);
  const series = (...items: [FigureKey, string][]): ChartSeries[] =>
    items.map(([key, color]) => ({ key, label: label(key), color }));
  const { palette } = theme;
  const now = data.now;
  const countAmount = (value: { count: number; amount: string }) =>
    t('adminReports.dashboard.now.countAmount', { count: value.count, amount: value.amount });

  return (
    <Stack spacing={2}>
      <Box component="section" aria-labelledby="dashboard-now">
        <Typography id="dashboard-now" variant="overline" component="h2" color="text.secondary">
          {t('adminReports.dashboard.now.title')}
        </Typography>
        <Box sx={cardGrid(5)}>
          <FigureCard
            label={t('adminReports.dashboard.now.balancesOwed')}
            value={formatMoney(now.balancesOwed)}
            testId="now-balancesOwed"
          />
          <FigureCard
            label={t('adminReports.dashboard.now.agentDiamonds')}
            value={formatCount(now.agentDiamonds, locale)}
            testId="now-agentDiamonds"
          />
          <FigureCard
            label={t('adminReports.dashboard.now.playerDiamonds')}
            value={formatCount(now.playerDiamonds, locale)}
            testId="now-playerDiamonds"
          />
          <FigureCard
            label={t('adminReports.dashboard.now.withdrawalsPending')}
            value={countAmount(now.withdrawalsPending)}
            testId="now-withdrawalsPending"
          />
          <FigureCard
            label={t('adminReports.dashboard.now.withdrawalsApproved')}
            value={countAmount(now.withdrawalsApproved)}
            testId="now-withdrawalsApproved"
          />
        </Box>
      </Box>

      <Box component="section" aria-labelledby="dashboard-totals">
        <Typography id="dashboard-totals" variant="overline" component="h2" color="text.secondary">
          {t('adminReports.dashboard.totals.title')}
        </Typography>
        <Box sx={cardGrid(5)}>
          {TOTALS.map((key) => (
            <FigureCard
              key={key}
              label={label(key)}
              value={figure(key, data.totals[key])}
              testId={`total-${key}`}
            />
          ))}
        </Box>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <ReportChart
          name="sales"
          title={t('adminReports.dashboard.charts.sales')}
          days={data.days}
          kind="bars"
          money
          series={series(['sales', palette.primary.main])}
        />
        <ReportChart
          name="diamonds"
          title={t('adminReports.dashboard.charts.diamonds')}
          days={data.days}
          kind="bars"
          series={series(
            ['diamondsToAgents', palette.secondary.main],
            ['diamondsToPlayers', palette.info.main],
          )}
        />
        <ReportChart
          name="people"
          title={t('adminReports.dashboard.charts.people')}
          days={data.days}
          kind="lines"
          series={series(['newAgents', palette.success.main], ['newPlayers', palette.warning.main])}
        />
        <ReportChart
          name="money"
          title={t('adminReports.dashboard.charts.money')}
          days={data.days}
          kind="lines"
          money
          series={series(
            ['profitPaid', palette.success.main],
            ['withdrawalsRequested', palette.warning.main],
            ['withdrawalsPaid', palette.error.main],
          )}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <TopAgents
          title={t('adminReports.dashboard.top.byDiamonds')}
          rows={data.top.byDiamonds}
          testId="top-diamonds"
        />
        <TopAgents
          title={t('adminReports.dashboard.top.byProfit')}
          rows={data.top.byProfit}
          testId="top-profit"
        />
      </Box>
    </Stack>
  );
}

/**
 * `#/admin`, the console's home (decision 018, reports): what is owed now, a period's totals, its charts (each readable as a
 * table) and its top agents. recharts is loaded with this page only (the route's lazy import). A role without the
 * `reports` right starts at the withdrawal queue instead.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const allowed = useCan('adminReportSummary');
  const [period, setPeriod] = useState<ReportPeriodInput>({ days: 30 });
  const summary = useAdminReportSummary(period, allowed);

  if (!allowed) return <Navigate to={paths.admin.withdrawals.getHref()} replace />;
  const data = summary.data;

  return (
    <Stack spacing={2} data-testid="page-admin-dashboard">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {t('adminReports.dashboard.title')}
          </Typography>
          {data ? (
            <Typography variant="body2" color="text.secondary" data-testid="period-range">
              {t('adminReports.dashboard.period.range', {
                from: data.from,
                to: data.to,
                timeZone: data.timeZone,
              })}
            </Typography>
          ) : null}
        </Box>
        <PeriodSwitch shown={data ? { from: data.from, to: data.to } : null} onChange={setPeriod} />
      </Box>
      <GameDeliveryTile />
      <ReconciliationTile />
      {summary.isError && !data ? (
        <RetryAlert onRetry={() => summary.refetch()} testId="dashboard-error">
          {t('adminReports.dashboard.loadFailed')}
        </RetryAlert>
      ) : data ? (
        <Box sx={{ opacity: summary.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Summary data={data} />
        </Box>
      ) : (
        <Box sx={cardGrid(5)} data-testid="dashboard-loading">
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={72} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
