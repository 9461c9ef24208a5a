import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { CallData, TSalesDay } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../router';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount, formatMoney } from '../../../lib/format';
import { useEcommerceDashboard } from '../api/get-ecommerce-dashboard';
import { ChartCard } from '../components/chart-card';
import { ChartGrid } from '../components/chart-grid';
import { DailyChart } from '../components/charts';
import { DashboardFrame } from '../components/dashboard-frame';
import { DataTable } from '../components/data-table';
import { StatTiles } from '../components/stat-tiles';
import { formatDay, formatInstant, moneyForChart } from '../lib/format';
import { usePeriod } from '../lib/use-period';

type TopPlayer = CallData<'dashboardEcommerce'>['topPlayers'][number];

/** The ecommerce dashboard: diamonds the agent sold per day, what it bought and spent, the players it served most. */
export function EcommerceDashboardPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = languageOf(i18n.language).htmlLang;
  const control = usePeriod();
  const query = useEcommerceDashboard(control.input);
  const data = query.data;
  const count = (value: number) => formatCount(value, locale);
  const days = data?.series ?? [];
  const soldOf = (d: TSalesDay) => d.recharged + d.transferred;

  return (
    <DashboardFrame
      name="ecommerce"
      period={{ resolved: data?.period, control }}
      query={{ ...query, hasData: data !== undefined }}
    >
      <StatTiles
        testId="ecommerce-totals"
        stats={
          data && [
            {
              key: 'sold',
              label: t('dashboards.ecommerce.sold'),
              value: count(data.totals.recharged + data.totals.transferred),
            },
            {
              key: 'recharged',
              label: t('dashboards.ecommerce.recharged'),
              value: count(data.totals.recharged),
            },
            {
              key: 'purchased',
              label: t('dashboards.ecommerce.purchased'),
              value: count(data.totals.purchased),
            },
            {
              key: 'spend',
              label: t('dashboards.ecommerce.spend'),
              value: formatMoney(data.totals.spend),
              hint: t('dashboards.ecommerce.orders', { n: data.totals.orders }),
            },
          ]
        }
      />
      <ChartGrid>
        <ChartCard
          title={t('dashboards.ecommerce.soldPerDay')}
          testId="chart-sold"
          rows={days}
          rowKey={(d) => d.day}
          columns={[
            { key: 'day', label: t('dashboards.table.day'), value: (d) => formatDay(d.day, locale) },
            {
              key: 'recharged',
              label: t('dashboards.ecommerce.recharged'),
              numeric: true,
              value: (d) => count(d.recharged),
            },
            {
              key: 'transferred',
              label: t('dashboards.ecommerce.transferred'),
              numeric: true,
              value: (d) => count(d.transferred),
            },
            {
              key: 'sold',
              label: t('dashboards.ecommerce.sold'),
              numeric: true,
              value: (d) => count(soldOf(d)),
            },
          ]}
          chart={
            <DailyChart
              data={days}
              series={[
                {
                  key: 'recharged',
                  name: t('dashboards.ecommerce.recharged'),
                  kind: 'bar',
                  stack: 'sold',
                  color: theme.palette.primary.main,
                },
                {
                  key: 'transferred',
                  name: t('dashboards.ecommerce.transferred'),
                  kind: 'bar',
                  stack: 'sold',
                  color: theme.palette.secondary.main,
                },
              ]}
            />
          }
        />
        <ChartCard
          title={t('dashboards.ecommerce.purchasesPerDay')}
          testId="chart-purchases"
          rows={days}
          rowKey={(d) => d.day}
          columns={[
            { key: 'day', label: t('dashboards.table.day'), value: (d) => formatDay(d.day, locale) },
            {
              key: 'purchased',
              label: t('dashboards.ecommerce.purchased'),
              numeric: true,
              value: (d) => count(d.purchased),
            },
            {
              key: 'spend',
              label: t('dashboards.ecommerce.spend'),
              numeric: true,
              value: (d) => formatMoney(d.spend),
            },
          ]}
          chart={
            <DailyChart
              data={days.map((d) => ({ ...d, spendValue: moneyForChart(d.spend) }))}
              series={[
                {
                  key: 'purchased',
                  name: t('dashboards.ecommerce.purchased'),
                  kind: 'bar',
                  color: theme.palette.info.main,
                },
                {
                  key: 'spendValue',
                  name: t('dashboards.ecommerce.spend'),
                  kind: 'line',
                  axis: 'right',
                  color: theme.palette.warning.main,
                  format: (value) => formatMoney(value.toFixed(2)),
                },
              ]}
            />
          }
        />
      </ChartGrid>
      <Card data-testid="top-players">
        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
          >
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('dashboards.ecommerce.topPlayers')}
            </Typography>
            <Button component={Link} to={paths.agent.userRecharge.getHref()} sx={{ minHeight: 44 }}>
              {t('dashboards.ecommerce.rechargeNow')}
            </Button>
          </Stack>
          {data && data.topPlayers.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="top-players-empty">
              {t('dashboards.ecommerce.noPlayers')}
            </Typography>
          ) : (
            <DataTable<TopPlayer>
              caption={t('dashboards.ecommerce.topPlayers')}
              testId="top-players-table"
              rows={data?.topPlayers ?? []}
              rowKey={(p) => p.playerId}
              columns={[
                {
                  key: 'player',
                  label: t('dashboards.ecommerce.player'),
                  value: (p) => (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Avatar src={p.avatar || undefined} alt="" sx={{ width: 28, height: 28 }}>
                        {p.nickname.slice(0, 1)}
                      </Avatar>
                      <span>
                        {p.nickname} · {p.playerId}
                      </span>
                    </Stack>
                  ),
                },
                {
                  key: 'diamonds',
                  label: t('dashboards.ecommerce.diamonds'),
                  numeric: true,
                  value: (p) => count(p.diamonds),
                },
                {
                  key: 'recharges',
                  label: t('dashboards.ecommerce.rechargeCount'),
                  numeric: true,
                  value: (p) => count(p.recharges),
                },
                {
                  key: 'last',
                  label: t('dashboards.ecommerce.lastRecharge'),
                  value: (p) => formatInstant(p.lastRechargeAt, locale),
                },
              ]}
            />
          )}
        </CardContent>
      </Card>
    </DashboardFrame>
  );
}
