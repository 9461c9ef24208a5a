import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  RECONCILIATION_ITEM_FILTERS,
  RECONCILIATION_KINDS,
  type ReconciliationItemFilter,
  type ReconciliationKind,
  type ReconciliationResolved,
  type TReconciliationItem,
  ZReconciliationResolved,
} from '@promoter/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { RetryAlert } from '../../../../components/ui/retry-alert';
import { languageOf } from '../../../../i18n/languages';
import { formatCount } from '../../../../lib/format';
import {
  adminReconciliationRunQueryOptions,
  type ReconciliationRunFilter,
} from '../../api/get-admin-reconciliation';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { useListPage } from '../../lib/use-list-page';
import { ExportButton } from '../export-button';
import { ChoiceFilter } from '../filtered-table';
import { ListPage } from '../list-page';
import { ResolveDialog, RunDayDialog } from './reconciliation-dialogs';
import {
  differenceOf,
  kindLabel,
  OutcomeChip,
  ourStatusLabel,
  outcomeLabel,
  providerLabel,
  RunStatusChip,
} from './reconciliation-parts';

interface ItemFilterForm {
  outcome: ReconciliationItemFilter | '';
  resolved: ReconciliationResolved | '';
  kind: ReconciliationKind | '';
}

/** A cell kept on one line (a header, a kind, an amount). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Opens on the mismatches: what an operator comes to see. */
const EMPTY: ItemFilterForm = { outcome: 'mismatched', resolved: '', kind: '' };

const itemFilterOf = (form: ItemFilterForm) => ({
  outcome: form.outcome || undefined,
  resolved: form.resolved || undefined,
  kind: form.kind || undefined,
});

/** A run's read as the list skeleton reads a list: its page of items, with the run and its counts beside. */
function useRunItems(input: ReconciliationRunFilter) {
  return useQuery({
    ...adminReconciliationRunQueryOptions(input),
    select: (data) => ({ ...data.items, run: data.run, counts: data.counts }),
  });
}

/** Ours, theirs and the difference of an item: yuan, the difference signed (theirs less ours). */
function Amounts({ item }: { item: TReconciliationItem }) {
  const difference = differenceOf(item);
  return (
    <>
      <TableCell align="right" sx={NOWRAP}>
        {item.ours ?? '—'}
      </TableCell>
      <TableCell align="right" sx={NOWRAP}>
        {item.theirs ?? '—'}
      </TableCell>
      <TableCell
        align="right"
        sx={{ color: difference && difference !== '0.00' ? 'error.main' : undefined, whiteSpace: 'nowrap' }}
      >
        {difference ?? '—'}
      </TableCell>
    </>
  );
}

/**
 * One run (decision 045): its day, status and counts, a failed run's reason, the items by outcome (the mismatches
 * first shown), resolution and kind, each mismatch resolved here once with a reason; the day run again, and the CSV
 * file of what is filtered.
 */
export function ReconciliationRunPanel({ id, latest }: { id: string; latest: string }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const canReconcile = useCan('adminReconciliationResolve');
  const [resolving, setResolving] = useState<TReconciliationItem | null>(null);
  const [rerun, setRerun] = useState(false);
  const list = useListPage({
    empty: EMPTY,
    filterOf: (form: ItemFilterForm) => ({ id, ...itemFilterOf(form) }),
    useList: useRunItems,
  });
  const data = list.query.data;
  const run = data?.run;
  const counts = data?.counts;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  if (list.query.isError && !data)
    return (
      <RetryAlert onRetry={() => list.query.refetch()} testId="recon-run-load-error">
        {t('adminReconciliation.loadFailed')}
      </RetryAlert>
    );

  return (
    <ListPage
      testId="recon-run-panel"
      heading={
        <Paper sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} data-testid="recon-run-title">
              {run ? t('adminReconciliation.run.title', { date: run.date }) : '…'}
            </Typography>
            {run ? (
              <>
                <RunStatusChip run={run} testId="recon-run-status" />
                <Chip size="small" variant="outlined" label={providerLabel(t, run.provider)} />
                {canReconcile ? (
                  <Button variant="outlined" onClick={() => setRerun(true)} data-testid="recon-rerun">
                    {t('adminReconciliation.run.rerun')}
                  </Button>
                ) : null}
                <ExportButton
                  kind="reconciliation"
                  filters={{ ...itemFilterOf(list.filters.applied), runId: run.id }}
                />
              </>
            ) : null}
          </Stack>
          {run?.error ? (
            <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="recon-run-failed">
              {t('adminReconciliation.run.error', { error: run.error })}
            </Alert>
          ) : null}
          {run && !run.final && run.status !== 'failed' ? (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('adminReconciliation.runs.provisionalHelp')}
            </Alert>
          ) : null}
          {run ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('adminReconciliation.run.times', {
                started: when(run.startedAt),
                finished: when(run.finishedAt),
              })}
            </Typography>
          ) : null}
          {counts ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="recon-run-counts">
              {(['matched', 'missingHere', 'missingThere', 'amountDiffers'] as const).map((outcome) => (
                <Chip
                  key={outcome}
                  size="small"
                  variant="outlined"
                  color={outcome === 'matched' ? 'success' : counts[outcome] > 0 ? 'error' : 'default'}
                  label={`${outcomeLabel(t, outcome)} ${formatCount(counts[outcome], locale)}`}
                  data-testid={`recon-count-${outcome}`}
                />
              ))}
              <Chip
                size="small"
                color={counts.unresolved > 0 ? 'error' : 'default'}
                label={t('adminReconciliation.run.unresolved', { n: counts.unresolved })}
                data-testid="recon-count-unresolved"
              />
            </Box>
          ) : null}
        </Paper>
      }
      view={list}
      filterBar={{ testId: 'recon-item-filters', applyTestId: 'recon-item-filter-apply' }}
      filters={
        <>
          <ChoiceFilter
            label={t('adminReconciliation.run.columns.outcome')}
            {...list.filters.field('outcome')}
            choices={RECONCILIATION_ITEM_FILTERS}
            labelOf={(outcome) => t(`adminReconciliation.outcome.${outcome}`)}
            testIdOf={(outcome) => `recon-filter-outcome-${outcome}`}
            slotProps={{ htmlInput: { 'data-testid': 'recon-filter-outcome' } }}
          />
          <ChoiceFilter
            label={t('adminReconciliation.resolvedFilter.label')}
            {...list.filters.field('resolved')}
            choices={ZReconciliationResolved.options}
            labelOf={(resolved) => t(`adminReconciliation.resolvedFilter.${resolved}`)}
            slotProps={{ htmlInput: { 'data-testid': 'recon-filter-resolved' } }}
          />
          <ChoiceFilter
            label={t('adminReconciliation.run.columns.kind')}
            {...list.filters.field('kind')}
            choices={RECONCILIATION_KINDS}
            labelOf={(kind) => kindLabel(t, kind)}
            slotProps={{ htmlInput: { 'data-testid': 'recon-filter-kind' } }}
          />
        </>
      }
      table={{
        minWidth: 960,
        testId: 'recon-item-table',
        columns: 9,
        emptyTestId: 'recon-item-table-empty',
        pageSizes: [20, 50, 100],
      }}
      head={
        <>
          <TableCell sx={NOWRAP}>{t('adminReconciliation.run.columns.kind')}</TableCell>
          <TableCell>{t('adminReconciliation.run.columns.ref')}</TableCell>
          <TableCell align="right" sx={NOWRAP}>
            {t('adminReconciliation.run.columns.ours')}
          </TableCell>
          <TableCell align="right" sx={NOWRAP}>
            {t('adminReconciliation.run.columns.theirs')}
          </TableCell>
          <TableCell align="right" sx={NOWRAP}>
            {t('adminReconciliation.run.columns.difference')}
          </TableCell>
          <TableCell sx={NOWRAP}>{t('adminReconciliation.run.columns.outcome')}</TableCell>
          <TableCell sx={NOWRAP}>{t('adminReconciliation.run.columns.ourStatus')}</TableCell>
          <TableCell sx={NOWRAP}>{t('adminReconciliation.run.columns.resolution')}</TableCell>
          <TableCell />
        </>
      }
      row={(item) => {
        const open = item.outcome !== 'matched' && item.resolvedAt === null;
        return (
          <TableRow key={item.id} hover data-testid={`recon-item-${item.ref}`} data-outcome={item.outcome}>
            <TableCell sx={NOWRAP}>{kindLabel(t, item.kind)}</TableCell>
            <TableCell sx={{ maxWidth: 200 }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {item.ref}
              </Typography>
              {item.providerRef ? (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                  component="div"
                >
                  {item.providerRef}
                </Typography>
              ) : null}
            </TableCell>
            <Amounts item={item} />
            <TableCell>
              <OutcomeChip item={item} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {ourStatusLabel(t, item)}
              {item.ourAt ? (
                <Typography variant="caption" color="text.secondary" component="div">
                  {when(item.ourAt)}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell
              sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}
              data-testid={`recon-resolution-${item.ref}`}
            >
              {item.resolution ? (
                <>
                  {item.resolution}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('adminReconciliation.run.resolvedBy', {
                      name: item.resolvedBy ?? '—',
                      at: when(item.resolvedAt),
                    })}
                  </Typography>
                </>
              ) : open ? (
                <Typography variant="body2" color="error">
                  {t('adminReconciliation.resolvedFilter.unresolved')}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell align="right">
              {open && canReconcile ? (
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => setResolving(item)}
                  data-testid={`recon-resolve-item-${item.ref}`}
                >
                  {t('adminReconciliation.run.resolve')}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        );
      }}
    >
      <ResolveDialog item={resolving} onClose={() => setResolving(null)} />
      {run ? (
        <RunDayDialog
          open={rerun}
          date={run.date}
          latest={latest}
          onClose={() => setRerun(false)}
          onDone={() => setRerun(false)}
        />
      ) : null}
    </ListPage>
  );
}
