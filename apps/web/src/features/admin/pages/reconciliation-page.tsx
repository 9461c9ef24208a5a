import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TReconciliationRun, TReconciliationSummary } from '@promoter/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
import { RequireCall } from '../components/admin-layout';
import { ExportButton } from '../components/export-button';
import { PageHeading } from '../components/list-page';
import { RunDayDialog } from '../components/reconciliation/reconciliation-dialogs';
import { ReconciliationRunPanel } from '../components/reconciliation/reconciliation-run-panel';
import { ReconciliationRuns } from '../components/reconciliation/reconciliation-runs';
import { ReconciliationFigures } from '../components/reconciliation/reconciliation-summary';
import { useCan } from '../lib/can';

/** The run shown, in the address (`?run=12`): a link from the dashboard's tile, or a reload, finds it. */
function useOpenRun(): [string | null, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const run = params.get('run');
  return [run && /^\d{1,15}$/.test(run) ? run : null, (id) => setParams({ run: id }, { replace: true })];
}

function Reconciliation() {
  const { t } = useTranslation();
  const canRun = useCan('adminReconciliationRun');
  const [runId, openRun] = useOpenRun();
  const [summary, setSummary] = useState<TReconciliationSummary | null>(null);
  const [picking, setPicking] = useState(false);
  const onSummary = useCallback((next: TReconciliationSummary) => setSummary(next), []);
  // Without a run in the address, the newest day's is shown.
  const shown = runId ?? summary?.latest?.id ?? null;
  return (
    <Stack spacing={2} data-testid="page-admin-reconciliation">
      <PageHeading title={t('adminReconciliation.title')}>
        {canRun && summary ? (
          <Button variant="contained" onClick={() => setPicking(true)} data-testid="recon-run-day">
            {t('adminReconciliation.runDay.button')}
          </Button>
        ) : null}
        <ExportButton kind="reconciliation" filters={{ outcome: 'mismatched', resolved: 'unresolved' }} />
      </PageHeading>
      <Typography variant="body2" color="text.secondary">
        {t('adminReconciliation.help', { timeZone: summary?.timeZone ?? '' })}
      </Typography>
      {summary ? <ReconciliationFigures summary={summary} /> : null}
      <ReconciliationRuns
        selected={shown}
        onOpen={(run: TReconciliationRun) => openRun(run.id)}
        onSummary={onSummary}
      />
      {shown && summary ? <ReconciliationRunPanel key={shown} id={shown} latest={summary.yesterday} /> : null}
      {summary ? (
        <RunDayDialog
          open={picking}
          latest={summary.yesterday}
          onClose={() => setPicking(false)}
          onDone={(run) => {
            setPicking(false);
            openRun(run.id);
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * `#/admin/reconciliation` (decision 045): the daily reconciliation with the provider's trade bill. The summary at a
 * glance, the runs by day, a run's items with their outcomes, each mismatch resolved once with a reason; a past day run
 * again (right `reconcile`) and the CSV files (right `reports`). Every role that reads may open it.
 */
export function ReconciliationPage() {
  return (
    <RequireCall call="adminReconciliationList">
      <Reconciliation />
    </RequireCall>
  );
}
