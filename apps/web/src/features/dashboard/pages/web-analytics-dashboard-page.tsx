import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation';
import { useAgentUser } from '../../../api/get-user';
import { languageOf } from '../../../i18n/languages';
import { copyText } from '../../../lib/clipboard';
import { formatCount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useWebAnalyticsDashboard } from '../api/get-web-analytics-dashboard';
import { ChartCard } from '../components/chart-card';
import { ChartGrid } from '../components/chart-grid';
import { DailyChart } from '../components/charts';
import { DashboardFrame } from '../components/dashboard-frame';
import { StatTiles } from '../components/stat-tiles';
import { formatDay, formatPercent } from '../lib/format';
import { usePeriod } from '../lib/use-period';

/** The web-analytics dashboard: who opened the agent's invite link, and who signed up or bound from it. */
export function WebAnalyticsDashboardPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = languageOf(i18n.language).htmlLang;
  const control = usePeriod();
  const query = useWebAnalyticsDashboard(control.input);
  const { user } = useAgentUser();
  const data = query.data;
  const count = (value: number) => formatCount(value, locale);
  const days = data?.series ?? [];

  return (
    <DashboardFrame
      name="web-analytics"
      period={{ resolved: data?.period, control }}
      query={{ ...query, hasData: data !== undefined }}
    >
      <StatTiles
        testId="analytics-totals"
        stats={
          data && [
            {
              key: 'opens',
              label: t('dashboards.webAnalytics.opens'),
              value: count(data.totals.opens),
              hint: t('dashboards.webAnalytics.visitorsOf', { n: count(data.totals.visitors) }),
            },
            {
              key: 'signUps',
              label: t('dashboards.webAnalytics.signUps'),
              value: count(data.totals.signUps),
            },
            { key: 'binds', label: t('dashboards.webAnalytics.binds'), value: count(data.totals.binds) },
            {
              key: 'conversion',
              label: t('dashboards.webAnalytics.conversion'),
              value:
                data.totals.conversion === null
                  ? t('dashboards.webAnalytics.noConversion')
                  : formatPercent(data.totals.conversion, locale),
              hint: t('dashboards.webAnalytics.conversionHint'),
            },
          ]
        }
      />
      <ChartGrid>
        <ChartCard
          title={t('dashboards.webAnalytics.traffic')}
          testId="chart-opens"
          rows={days}
          rowKey={(d) => d.day}
          columns={[
            { key: 'day', label: t('dashboards.table.day'), value: (d) => formatDay(d.day, locale) },
            {
              key: 'opens',
              label: t('dashboards.webAnalytics.opens'),
              numeric: true,
              value: (d) => count(d.opens),
            },
            {
              key: 'visitors',
              label: t('dashboards.webAnalytics.visitors'),
              numeric: true,
              value: (d) => count(d.visitors),
            },
          ]}
          chart={
            <DailyChart
              data={days}
              series={[
                {
                  key: 'opens',
                  name: t('dashboards.webAnalytics.opens'),
                  kind: 'area',
                  color: theme.palette.primary.main,
                },
                {
                  key: 'visitors',
                  name: t('dashboards.webAnalytics.visitors'),
                  kind: 'line',
                  color: theme.palette.secondary.main,
                },
              ]}
            />
          }
        />
        <ChartCard
          title={t('dashboards.webAnalytics.funnel')}
          testId="chart-joins"
          rows={days}
          rowKey={(d) => d.day}
          columns={[
            { key: 'day', label: t('dashboards.table.day'), value: (d) => formatDay(d.day, locale) },
            {
              key: 'signUps',
              label: t('dashboards.webAnalytics.signUps'),
              numeric: true,
              value: (d) => count(d.signUps),
            },
            {
              key: 'binds',
              label: t('dashboards.webAnalytics.binds'),
              numeric: true,
              value: (d) => count(d.binds),
            },
          ]}
          chart={
            <DailyChart
              data={days}
              series={[
                {
                  key: 'signUps',
                  name: t('dashboards.webAnalytics.signUps'),
                  kind: 'bar',
                  color: theme.palette.success.main,
                },
                {
                  key: 'binds',
                  name: t('dashboards.webAnalytics.binds'),
                  kind: 'bar',
                  color: theme.palette.info.main,
                },
              ]}
            />
          }
        />
      </ChartGrid>
      <Card>
        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('dashboards.webAnalytics.inviteLink')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('dashboards.webAnalytics.inviteHint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Typography
              variant="body2"
              sx={{ wordBreak: 'break-all', fontFamily: 'monospace', flex: 1 }}
              data-testid="analytics-invite-url"
            >
              {user?.inviteUrl ?? '…'}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<ContentCopyOutlined />}
              disabled={!user}
              sx={{ minHeight: 44, flexShrink: 0 }}
              onClick={async () => {
                if (user && (await copyText(user.inviteUrl))) notify.success(t('common.copied'));
              }}
            >
              {t('dashboards.webAnalytics.copy')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </DashboardFrame>
  );
}
