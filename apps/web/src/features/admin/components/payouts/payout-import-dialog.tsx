import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import {
  type CallData,
  PAYOUT_LINE_ACTIONS,
  PAYOUT_RESULT_MAX_CHARS,
  type TPayoutImport,
  type TPayoutLine,
} from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { notify } from '../../../../lib/notify';
import {
  useAdminPayoutImport,
  useApplyPayoutImport,
  useDiscardPayoutImport,
  usePreviewPayoutImport,
} from '../../api/payout-files';
import { flagged, PayoutActionChip, readResultText } from './payout-parts';

type Applied = CallData<'adminPayoutImportApply'>;

/** A line's amount: as read, and what the withdrawal pays when that differs. */
function AmountCell({ line }: { line: TPayoutLine }) {
  const { t } = useTranslation();
  const differs = line.expected !== null && line.amount !== line.expected;
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {line.amount ?? '—'}
      {differs ? (
        <Typography variant="caption" color="error" component="div">
          {t('adminPayouts.import.expected', { amount: line.expected })}
        </Typography>
      ) : null}
    </TableCell>
  );
}

/** The lines of an import: each with its planned action (or why not), and once applied, what happened to it. */
function ImportLines({ data }: { data: TPayoutImport }) {
  const { t } = useTranslation();
  const applied = data.status === 'applied';
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="payout-import-lines" sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adminPayouts.import.line')}</TableCell>
            <TableCell>{t('adminPayouts.import.withdrawal')}</TableCell>
            <TableCell>{t('adminPayouts.import.account')}</TableCell>
            <TableCell align="right">{t('adminPayouts.import.amount')}</TableCell>
            <TableCell>{t('adminPayouts.import.status')}</TableCell>
            <TableCell>{t('adminPayouts.import.refOrReason')}</TableCell>
            <TableCell>{t('adminPayouts.import.action')}</TableCell>
            {applied ? <TableCell>{t('adminPayouts.import.result')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.lines.map((line) => (
            <TableRow
              key={line.line}
              data-testid={`payout-line-${line.line}`}
              data-action={line.action}
              sx={
                flagged(line.action)
                  ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) }
                  : undefined
              }
            >
              <TableCell>
                {line.line}
                {line.seq !== null ? ` · ${t('adminPayouts.import.seq', { seq: line.seq })}` : ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {line.withdrawalId !== null ? `#${line.withdrawalId}` : (line.reference ?? '—')}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{line.account || '—'}</TableCell>
              <AmountCell line={line} />
              <TableCell>
                {line.outcome ? t(`adminPayouts.outcome.${line.outcome}`) : t('adminPayouts.outcome.unknown')}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{line.bankRef ?? line.reason ?? ''}</TableCell>
              <TableCell>
                <PayoutActionChip action={line.action} />
                {line.problem ? (
                  <Typography
                    variant="caption"
                    component="div"
                    color="error"
                    data-testid="payout-line-problem"
                  >
                    {t(`adminPayouts.problem.${line.problem}`)}
                  </Typography>
                ) : null}
                {line.action === 'alreadySettled' && line.current ? (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {t(`admin.status.${line.current}`)}
                  </Typography>
                ) : null}
              </TableCell>
              {applied ? (
                <TableCell data-testid="payout-line-result" data-result={line.result?.status ?? ''}>
                  {line.result ? t(`adminPayouts.result.${line.result.status}`) : '—'}
                  {line.result?.reason ? (
                    <Typography variant="caption" component="div" color="error">
                      {line.result.reason}
                    </Typography>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The import's figures: per planned action, its lines and their amount; the file's withdrawals no line names. */
function ImportTotals({ data }: { data: TPayoutImport }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} data-testid="payout-import-totals">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {PAYOUT_LINE_ACTIONS.filter((action) => data.totals[action].count > 0).map((action) => (
          <Box key={action} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <PayoutActionChip action={action} />
            <Typography variant="body2" data-testid={`payout-total-${action}`}>
              {t('adminPayouts.import.total', {
                count: data.totals[action].count,
                amount: data.totals[action].amount,
              })}
            </Typography>
          </Box>
        ))}
      </Box>
      {data.notInFile.length > 0 ? (
        <Alert severity="info" data-testid="payout-import-not-in-file">
          {t('adminPayouts.import.notInFile', { ids: data.notInFile.map((id) => `#${id}`).join(', ') })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** What applying did: the withdrawals paid and failed, and those skipped with the server's reason. */
function AppliedOutcome({ answer }: { answer: Applied }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={answer.skipped.length > 0 ? 'warning' : 'success'}
      data-testid="payout-import-outcome"
      sx={{ mb: 2 }}
    >
      <AlertTitle>
        {t('adminPayouts.import.summary', {
          paid: answer.paid.length,
          failed: answer.failed.length,
          skipped: answer.skipped.length,
        })}
      </AlertTitle>
      {answer.batch.status === 'settled' ? <Box>{t('adminPayouts.import.settled')}</Box> : null}
      {answer.skipped.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {answer.skipped.map((item) => (
            <li key={item.id}>
              {t('adminPayouts.import.skippedItem', { id: item.id, reason: item.reason })}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}

/**
 * Importing a bank's (or Alipay's) result file for an open payout file, in one reviewed step: the file picked and read
 * (UTF-8, UTF-16 or GB18030), its lines matched on the server with nothing marked (the preview: each line's planned
 * action, unmatched and invalid ones marked, the totals), then applied after a confirmation, each line's result shown.
 * Opened with `importId`, it shows an import made earlier (to apply a preview, or read what applying did).
 */
export function PayoutImportDialog({
  open,
  batchId,
  importId,
  onClose,
}: {
  open: boolean;
  batchId: string;
  importId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const preview = usePreviewPayoutImport();
  const apply = useApplyPayoutImport();
  const discard = useDiscardPayoutImport();
  const [made, setMade] = useState<TPayoutImport | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reading, setReading] = useState(false);
  const earlier = useAdminPayoutImport(open && made === null ? importId : null);
  const data = made ?? (importId !== null ? (earlier.data ?? null) : null);
  const busy = reading || preview.isPending || apply.isPending || discard.isPending;

  const close = () => {
    setMade(null);
    setApplied(null);
    setConfirming(false);
    onClose();
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      const content = await readResultText(file);
      if (content.length > PAYOUT_RESULT_MAX_CHARS) {
        notify.error(t('adminPayouts.import.tooLarge'));
        return;
      }
      preview.mutate({ batchId, content }, { onSuccess: (answer) => setMade(answer) });
    } finally {
      setReading(false);
    }
  };

  const toMark = data
    ? {
        paid: data.totals.markPaid,
        failed: data.totals.markFailed,
      }
    : null;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby="payout-import-title"
      data-testid="payout-import-dialog"
    >
      <DialogTitle id="payout-import-title">{t('adminPayouts.import.title', { id: batchId })}</DialogTitle>
      <DialogContent dividers>
        {data === null ? (
          importId !== null ? (
            <CircularProgress size={24} />
          ) : (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <DialogContentText>{t('adminPayouts.import.help')}</DialogContentText>
              <Button
                component="label"
                variant="contained"
                startIcon={<UploadFileOutlined />}
                disabled={busy}
                data-testid="payout-import-pick"
              >
                {t('adminPayouts.import.pick')}
                <input
                  type="file"
                  hidden
                  accept=".csv,.txt,text/csv,text/plain"
                  data-testid="payout-import-file"
                  onChange={(event) => {
                    const input = event.currentTarget;
                    void pick(input.files?.[0]).finally(() => (input.value = ''));
                  }}
                />
              </Button>
              {busy ? <CircularProgress size={24} /> : null}
            </Stack>
          )
        ) : (
          <Stack spacing={2}>
            {applied ? <AppliedOutcome answer={applied} /> : null}
            {data.status === 'discarded' ? (
              <Alert severity="info" data-testid="payout-import-discarded">
                {t('adminPayouts.import.discarded')}
              </Alert>
            ) : null}
            {data.status === 'applied' && !applied ? (
              <Alert severity="info">
                {t('adminPayouts.import.appliedBy', { name: data.appliedBy?.operatorName ?? '' })}
              </Alert>
            ) : null}
            <ImportTotals data={data} />
            <ImportLines data={data} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} color="inherit" data-testid="payout-import-close">
          {t('common.close')}
        </Button>
        {data?.status === 'previewed' ? (
          <>
            <Button
              color="error"
              disabled={busy}
              onClick={() => discard.mutate(data.id, { onSuccess: (answer) => setMade(answer) })}
              data-testid="payout-import-discard"
            >
              {t('adminPayouts.import.discard')}
            </Button>
            <Button
              variant="contained"
              disabled={busy || (toMark?.paid.count ?? 0) + (toMark?.failed.count ?? 0) === 0}
              onClick={() => setConfirming(true)}
              data-testid="payout-import-apply"
            >
              {t('adminPayouts.import.apply')}
            </Button>
          </>
        ) : null}
      </DialogActions>
      <Dialog
        open={confirming}
        onClose={apply.isPending ? undefined : () => setConfirming(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="payout-apply-title"
        data-testid="payout-apply-confirm-dialog"
      >
        <DialogTitle id="payout-apply-title">{t('adminPayouts.import.applyTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="payout-apply-message">
            {toMark
              ? t('adminPayouts.import.applyMessage', {
                  paid: toMark.paid.count,
                  paidAmount: toMark.paid.amount,
                  failed: toMark.failed.count,
                  failedAmount: toMark.failed.amount,
                })
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            color="inherit"
            disabled={apply.isPending}
            onClick={() => setConfirming(false)}
            data-testid="payout-apply-cancel"
          >
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={apply.isPending || !data}
            data-testid="payout-apply-confirm"
            onClick={() =>
              data &&
              apply.mutate(data.id, {
                onSuccess: (answer) => {
                  setApplied(answer);
                  setMade(answer.import);
                },
                onSettled: () => setConfirming(false),
              })
            }
          >
            {t('adminPayouts.import.applyConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
