import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TReconciliationSummary } from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link } from '../../../../router';
import { paths } from '../../../../config/paths';
import { languageOf } from '../../../../i18n/languages';
import { formatCount } from '../../../../lib/format';
import { useAdminReconciliationRuns } from '../../api/get-admin-reconciliation';
import { useCan } from '../../lib/can';
import { cardGrid, FigureCard } from '../figure-card';
import { RunStatusChip } from './reconciliation-parts';

/**
 * What the reconciliation says at a glance (decision 045): yesterday's run (or that it has none yet), the open
 * mismatches over every run, the runs that failed. The page's head; the dashboard can show it as it is.
 */
export function ReconciliationFigures({ summary }: { summary: TReconciliationSummary }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const yesterday = summary.yesterdayRun;
  return (
    <Box sx={cardGrid(3)} data-testid="recon-figures">
      <FigureCard
        label={t('adminReconciliation.summary.yesterday', { date: summary.yesterday })}
        value={
          yesterday
            ? t(`adminReconciliation.status.${yesterday.status}`)
            : t('adminReconciliation.summary.notRun')
        }
        alert={yesterday?.status === 'failed' || (yesterday?.unresolved ?? 0) > 0}
        testId="recon-figure-yesterday"
      />
      <FigureCard
        label={t('adminReconciliation.summary.unresolved')}
        value={formatCount(summary.unresolved, locale)}
        alert={summary.unresolved > 0}
        testId="recon-figure-unresolved"
      />
      <FigureCard
        label={t('adminReconciliation.summary.failed')}
        value={formatCount(summary.failed, locale)}
        alert={summary.failed > 0}
        testId="recon-figure-failed"
      />
    </Box>
  );
}

/**
 * The dashboard's tile of the reconciliation: the latest day's status, its open mismatches and the way to it. Shown to
 * a role that reads the page; red while a mismatch is open or a run failed.
 */
export function ReconciliationTile() {
  const { t } = useTranslation();
  const allowed = useCan('adminReconciliationList');
  const runs = useAdminReconciliationRuns({ pageSize: 1 }, allowed);
  const summary = runs.data?.summary;
  if (!allowed || !summary) return null;
  const latest = summary.latest;
  const trouble = summary.unresolved > 0 || summary.failed > 0;
  return (
    <Paper
      sx={{ p: 1.5, borderLeft: 4, borderColor: trouble ? 'error.main' : 'success.main' }}
      data-testid="recon-tile"
      data-trouble={trouble}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('adminReconciliation.summary.title')}
        </Typography>
        {latest ? <RunStatusChip run={latest} /> : null}
        <Typography variant="body2" sx={{ flexGrow: 1 }} data-testid="recon-tile-summary">
          {latest
            ? t('adminReconciliation.summary.line', {
                date: latest.date,
                unresolved: summary.unresolved,
                failed: summary.failed,
              })
            : t('adminReconciliation.summary.none')}
        </Typography>
        <Button
          size="small"
          component={Link}
          to={paths.admin.reconciliation.getHref(latest ? { run: latest.id } : undefined)}
          data-testid="recon-tile-open"
        >
          {t('adminReconciliation.summary.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
