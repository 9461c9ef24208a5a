import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  RECONCILIATION_RUN_STATUSES,
  type ReconciliationRunStatus,
  type TReconciliationRun,
  type TReconciliationSummary,
} from '@promoter/contract';
import { useEffect } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import {
  type ReconciliationRunsFilter,
  useAdminReconciliationRuns,
} from '../../api/get-admin-reconciliation';
import { formatDateTime } from '../../lib/format';
import { useListPage } from '../../lib/use-list-page';
import { ChoiceFilter } from '../filtered-table';
import { ListPage } from '../list-page';
import { providerLabel, RunStatusChip } from './reconciliation-parts';

interface RunFilterForm {
  status: ReconciliationRunStatus | '';
}

const EMPTY: RunFilterForm = { status: '' };
/** 'running' is never seen from outside: not offered. */
const STATUSES = RECONCILIATION_RUN_STATUSES.filter((status) => status !== 'running');

const runFilterOf = (form: RunFilterForm): Omit<ReconciliationRunsFilter, 'page' | 'pageSize'> => ({
  status: form.status || undefined,
});

/** Whether a run is final (the next day's bill was out) or provisional, said with why. */
function FinalChip({ run }: { run: TReconciliationRun }) {
  const { t } = useTranslation();
  if (run.status === 'failed') return null;
  return run.final ? (
    <Chip size="small" variant="outlined" label={t('adminReconciliation.runs.final')} />
  ) : (
    <Tooltip title={t('adminReconciliation.runs.provisionalHelp')}>
      <Chip
        size="small"
        variant="outlined"
        color="info"
        label={t('adminReconciliation.runs.provisional')}
        data-testid={`recon-provisional-${run.id}`}
      />
    </Tooltip>
  );
}

/**
 * The runs, newest day first, by status, paged on the server: each day's counts (matched, mismatched, still open), a
 * failed run's reason, whether the run is final. A row opens its items. Tells the page the summary it read.
 */
export function ReconciliationRuns({
  selected,
  onOpen,
  onSummary,
}: {
  selected: string | null;
  onOpen: (run: TReconciliationRun) => void;
  onSummary: (summary: TReconciliationSummary) => void;
}) {
  const { t, i18n } = useTranslation();
  const list = useListPage({ empty: EMPTY, filterOf: runFilterOf, useList: useAdminReconciliationRuns });
  const summary = list.query.data?.summary;
  useEffect(() => {
    if (summary) onSummary(summary);
  }, [summary, onSummary]);
  return (
    <ListPage
      testId="recon-runs"
      heading={
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('adminReconciliation.runs.title')}
        </Typography>
      }
      view={list}
      filterBar={{ testId: 'recon-run-filters', applyTestId: 'recon-run-filter-apply' }}
      filters={
        <ChoiceFilter
          label={t('adminReconciliation.runs.status')}
          {...list.filters.field('status')}
          choices={STATUSES}
          labelOf={(status) => t(`adminReconciliation.status.${status}`)}
          slotProps={{ htmlInput: { 'data-testid': 'recon-run-filter-status' } }}
        />
      }
      table={{
        minWidth: 900,
        testId: 'recon-run-table',
        columns: 9,
        emptyTestId: 'recon-run-table-empty',
        pageSizes: [20, 50, 100],
      }}
      head={
        <>
          <TableCell>{t('adminReconciliation.runs.date')}</TableCell>
          <TableCell>{t('adminReconciliation.runs.provider')}</TableCell>
          <TableCell>{t('adminReconciliation.runs.status')}</TableCell>
          <TableCell align="right">{t('adminReconciliation.runs.matched')}</TableCell>
          <TableCell align="right">{t('adminReconciliation.runs.mismatched')}</TableCell>
          <TableCell align="right">{t('adminReconciliation.runs.unresolved')}</TableCell>
          <TableCell>{t('adminReconciliation.runs.pass')}</TableCell>
          <TableCell>{t('adminReconciliation.runs.finishedAt')}</TableCell>
          <TableCell />
        </>
      }
      row={(run) => (
        <TableRow
          key={run.id}
          hover
          selected={run.id === selected}
          data-testid={`recon-run-${run.date}`}
          data-status={run.status}
        >
          <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{run.date}</TableCell>
          <TableCell>{providerLabel(t, run.provider)}</TableCell>
          <TableCell>
            <RunStatusChip run={run} />
            {run.error ? (
              <Typography
                variant="caption"
                color="error"
                component="div"
                sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}
                data-testid={`recon-run-error-${run.date}`}
              >
                {run.error}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell align="right">{run.matched}</TableCell>
          <TableCell align="right">{run.mismatched}</TableCell>
          <TableCell
            align="right"
            sx={{
              color: run.unresolved > 0 ? 'error.main' : undefined,
              fontWeight: run.unresolved > 0 ? 600 : 400,
            }}
            data-testid={`recon-run-unresolved-${run.date}`}
          >
            {run.unresolved}
          </TableCell>
          <TableCell>
            <FinalChip run={run} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {run.finishedAt ? formatDateTime(run.finishedAt, i18n.language) : '—'}
          </TableCell>
          <TableCell align="right">
            <Button size="small" onClick={() => onOpen(run)} data-testid={`recon-run-open-${run.date}`}>
              {t('adminReconciliation.runs.open')}
            </Button>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
