import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type CallData, moneyToFen } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { languageOf } from '../../../i18n/languages';
import { levelLabelKey } from '../../../lib/agent-level';
import { formatCount, formatMoney } from '../../../lib/format';
import { useSaasDashboard } from '../api/get-saas-dashboard';
import { ChartCard } from '../components/chart-card';
import { ChartGrid } from '../components/chart-grid';
import { BarsChart } from '../components/charts';
import { DashboardFrame } from '../components/dashboard-frame';
import { DataTable } from '../components/data-table';
import { StatTiles } from '../components/stat-tiles';
import { usePeriod } from '../lib/use-period';

type Plan = CallData<'dashboardSaas'>;
type LevelRow = Plan['levels'][number];

interface Scenario {
  key: 'current' | 'above';
  label: string;
  price: string;
  profit: string;
}

/**
 * The saas dashboard: the agent's level and price beside the level above, and the upgrade plan (the tour's third
 * step): what the period's sales would have earned at the level above's price.
 */
export function SaasDashboardPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = languageOf(i18n.language).htmlLang;
  const control = usePeriod();
  const query = useSaasDashboard(control.input);
  const data = query.data;
  const count = (value: number) => formatCount(value, locale);
  const levelName = (level: LevelRow['level']) => t('level.withPromoter', { level: t(levelLabelKey(level)) });

  const scenarios: Scenario[] = data
    ? [
        {
          key: 'current',
          label: t('dashboards.saas.atCurrent'),
          price: data.price,
          profit: data.profit.atCurrent,
        },
        ...(data.levelAbove && data.profit.atAbove !== null
          ? [
              {
                key: 'above' as const,
                label: t('dashboards.saas.atAbove', { level: levelName(data.levelAbove.level) }),
                price: data.levelAbove.price,
                profit: data.profit.atAbove,
              },
            ]
          : []),
      ]
    : [];
  const sold = data ? data.sales.recharged + data.sales.transferred : 0;

  return (
    <DashboardFrame
      name="saas"
      period={{ resolved: data?.period, control }}
      query={{ ...query, hasData: data !== undefined }}
    >
      <Card data-testid="saas-level">
        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <WorkspacePremiumOutlined color="primary" sx={{ fontSize: 40 }} />
            <Stack sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="h6" component="h2">
                {data ? levelName(data.level) : '\u00a0'}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="saas-price">
                {data
                  ? t(
                      data.priceSetByParent
                        ? 'dashboards.saas.priceByParent'
                        : 'dashboards.saas.priceByLevel',
                      {
                        price: formatMoney(data.price),
                      },
                    )
                  : '\u00a0'}
              </Typography>
            </Stack>
            {data ? (
              <Chip
                color={data.levelAbove ? 'primary' : 'success'}
                variant="outlined"
                data-testid="saas-level-above"
                label={
                  data.levelAbove
                    ? t('dashboards.saas.levelAbove', {
                        level: levelName(data.levelAbove.level),
                        price: formatMoney(data.levelAbove.price),
                      })
                    : t('dashboards.saas.topLevel')
                }
              />
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <StatTiles
        testId="saas-sales"
        stats={
          data && [
            { key: 'recharged', label: t('dashboards.saas.recharged'), value: count(data.sales.recharged) },
            {
              key: 'transferred',
              label: t('dashboards.saas.transferred'),
              value: count(data.sales.transferred),
              hint: t('dashboards.saas.transferValue', { value: formatMoney(data.sales.transferValue) }),
            },
            {
              key: 'teamBought',
              label: t('dashboards.saas.teamBought'),
              value: count(data.sales.teamBought),
            },
            {
              key: 'credited',
              label: t('dashboards.saas.credited'),
              value: formatMoney(data.profit.credited),
            },
          ]
        }
      />
      <ChartGrid>
        <ChartCard
          title={t('dashboards.saas.plan')}
          testId="chart-plan"
          rows={scenarios}
          rowKey={(s) => s.key}
          columns={[
            { key: 'scenario', label: t('dashboards.saas.scenario'), value: (s) => s.label },
            {
              key: 'price',
              label: t('dashboards.saas.priceColumn'),
              numeric: true,
              value: (s) => formatMoney(s.price),
            },
            {
              key: 'profit',
              label: t('dashboards.saas.profitColumn'),
              numeric: true,
              value: (s) => formatMoney(s.profit),
            },
          ]}
          chart={
            <BarsChart
              name={t('dashboards.saas.profitColumn')}
              color={theme.palette.primary.main}
              colors={[theme.palette.primary.main, theme.palette.success.main]}
              format={(value) => formatMoney(value.toFixed(2))}
              data={scenarios.map((s) => ({
                label: formatMoney(s.price),
                value: moneyToFen(s.profit) / 100,
              }))}
            />
          }
          footer={
            data ? (
              <Stack spacing={0.5} sx={{ mt: 1.5 }} data-testid="saas-explain">
                <Typography variant="body2">
                  {data.levelAbove && data.profit.gain !== null
                    ? t('dashboards.saas.explain', {
                        level: levelName(data.levelAbove.level),
                        above: formatMoney(data.levelAbove.price),
                        price: formatMoney(data.price),
                        diamonds: count(sold + data.sales.teamBought),
                        gain: formatMoney(data.profit.gain),
                      })
                    : t('dashboards.saas.explainTop')}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('dashboards.saas.formula', { retail: formatMoney(data.retail) })}
                </Typography>
              </Stack>
            ) : null
          }
        />
        <Card data-testid="saas-levels">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('dashboards.saas.levels')}
            </Typography>
            <DataTable<LevelRow>
              caption={t('dashboards.saas.levels')}
              testId="saas-levels-table"
              rows={data?.levels ?? []}
              rowKey={(l) => l.level}
              columns={[
                {
                  key: 'level',
                  label: t('dashboards.saas.levelColumn'),
                  value: (l) => (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{levelName(l.level)}</span>
                      {data?.level === l.level ? (
                        <Chip size="small" color="primary" label={t('dashboards.saas.current')} />
                      ) : null}
                    </Stack>
                  ),
                },
                {
                  key: 'price',
                  label: t('dashboards.saas.priceColumn'),
                  numeric: true,
                  value: (l) => formatMoney(l.price),
                },
                {
                  key: 'commission',
                  label: t('dashboards.saas.commission'),
                  numeric: true,
                  value: (l) => `${l.commissionRate}%`,
                },
              ]}
            />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {data ? t('dashboards.saas.retail', { price: formatMoney(data.retail) }) : '\u00a0'}
            </Typography>
          </CardContent>
        </Card>
      </ChartGrid>
    </DashboardFrame>
  );
}
