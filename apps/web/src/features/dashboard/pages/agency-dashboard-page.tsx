import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { moneyToFen, type TeamRanking, type TRankedChild } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../router';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { levelLabelKey } from '../../../lib/agent-level';
import { formatCount, formatMoney } from '../../../lib/format';
import { useAgencyDashboard } from '../api/get-agency-dashboard';
import { ChartCard } from '../components/chart-card';
import { ChartGrid } from '../components/chart-grid';
import { BarsChart, DailyChart } from '../components/charts';
import { DashboardFrame } from '../components/dashboard-frame';
import { StatTiles } from '../components/stat-tiles';
import { formatDay } from '../lib/format';
import { usePeriod } from '../lib/use-period';

/** How many children the ranking chart draws (the table lists every ranked one). */
const CHART_CHILDREN = 10;

/** The agency dashboard: the downline joining over the period, its size, and the children ranked. */
export function AgencyDashboardPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = languageOf(i18n.language).htmlLang;
  const control = usePeriod();
  const [rankBy, setRankBy] = useState<TeamRanking>('profit');
  const query = useAgencyDashboard({ ...control.input, rankBy });
  const data = query.data;
  const count = (value: number) => formatCount(value, locale);
  const days = data?.series ?? [];
  const children = data?.children ?? [];
  const rankValue = (c: TRankedChild) =>
    rankBy === 'profit' ? moneyToFen(c.profit) / 100 : c.diamondsBought;

  return (
    <DashboardFrame
      name="agency"
      period={{ resolved: data?.period, control }}
      query={{ ...query, hasData: data !== undefined }}
    >
      <StatTiles
        testId="agency-totals"
        stats={
          data && [
            {
              key: 'teamSize',
              label: t('dashboards.agency.teamSize'),
              value: count(data.totals.teamSize),
              hint: t('dashboards.agency.teamBefore', { n: count(data.totals.teamSizeBefore) }),
            },
            {
              key: 'newAgents',
              label: t('dashboards.agency.newAgents'),
              value: count(data.totals.newAgents),
            },
            {
              key: 'directChildren',
              label: t('dashboards.agency.directChildren'),
              value: count(data.totals.directChildren),
            },
            {
              key: 'profit',
              label: t('dashboards.agency.profitFromTeam'),
              value: formatMoney(data.totals.profit),
              hint: t('dashboards.agency.boughtOf', { n: count(data.totals.diamondsBought) }),
            },
          ]
        }
      />
      <ChartGrid>
        <ChartCard
          title={t('dashboards.agency.growth')}
          testId="chart-team"
          rows={days}
          rowKey={(d) => d.day}
          columns={[
            { key: 'day', label: t('dashboards.table.day'), value: (d) => formatDay(d.day, locale) },
            {
              key: 'newAgents',
              label: t('dashboards.agency.newAgents'),
              numeric: true,
              value: (d) => count(d.newAgents),
            },
            {
              key: 'teamSize',
              label: t('dashboards.agency.teamSize'),
              numeric: true,
              value: (d) => count(d.teamSize),
            },
          ]}
          chart={
            <DailyChart
              data={days}
              series={[
                {
                  key: 'teamSize',
                  name: t('dashboards.agency.teamSize'),
                  kind: 'area',
                  color: theme.palette.primary.main,
                },
                {
                  key: 'newAgents',
                  name: t('dashboards.agency.newAgents'),
                  kind: 'bar',
                  axis: 'right',
                  color: theme.palette.success.main,
                },
              ]}
            />
          }
        />
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('dashboards.agency.rankBy')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={rankBy}
              onChange={(_, next: TeamRanking | null) => next && setRankBy(next)}
              sx={{ '& .MuiToggleButton-root': { minHeight: 44, px: 2 } }}
              data-testid="agency-rank-by"
            >
              <ToggleButton value="profit" data-testid="rank-by-profit">
                {t('dashboards.agency.byProfit')}
              </ToggleButton>
              <ToggleButton value="diamonds" data-testid="rank-by-diamonds">
                {t('dashboards.agency.byDiamonds')}
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <ChartCard
            title={t('dashboards.agency.ranking')}
            testId="chart-children"
            rows={children}
            rowKey={(c) => c.agentId}
            columns={[
              {
                key: 'agent',
                label: t('dashboards.agency.agent'),
                value: (c) => `${c.nickname} · ${c.agentId}`,
              },
              {
                key: 'level',
                label: t('dashboards.agency.level'),
                value: (c) => (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('level.withPromoter', { level: t(levelLabelKey(c.level)) })}
                  />
                ),
              },
              {
                key: 'team',
                label: t('dashboards.agency.team'),
                numeric: true,
                value: (c) => count(c.teamSize),
              },
              {
                key: 'diamonds',
                label: t('dashboards.agency.diamondsBought'),
                numeric: true,
                value: (c) => count(c.diamondsBought),
              },
              {
                key: 'profit',
                label: t('dashboards.agency.profit'),
                numeric: true,
                value: (c) => formatMoney(c.profit),
              },
            ]}
            chart={
              data && children.length === 0 ? (
                <Stack spacing={1} sx={{ alignItems: 'flex-start', py: 2 }} data-testid="agency-no-children">
                  <Typography variant="body2" color="text.secondary">
                    {t('dashboards.agency.noChildren')}
                  </Typography>
                  <Button
                    component={Link}
                    to={paths.agent.setChild.getHref()}
                    variant="outlined"
                    sx={{ minHeight: 44 }}
                  >
                    {t('dashboards.agency.addChild')}
                  </Button>
                </Stack>
              ) : (
                <BarsChart
                  horizontal
                  name={
                    rankBy === 'profit'
                      ? t('dashboards.agency.profit')
                      : t('dashboards.agency.diamondsBought')
                  }
                  color={rankBy === 'profit' ? theme.palette.warning.main : theme.palette.info.main}
                  format={(value) => (rankBy === 'profit' ? formatMoney(value.toFixed(2)) : count(value))}
                  data={children
                    .slice(0, CHART_CHILDREN)
                    .map((c) => ({ label: c.nickname, value: rankValue(c) }))}
                />
              )
            }
          />
        </Stack>
      </ChartGrid>
    </DashboardFrame>
  );
}
