import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  consoleCalls,
  RECONCILIATION_RESOLUTION_MAX,
  type TReconciliationItem,
  type TReconciliationRun,
} from '@promoter/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../../i18n/use-translation';
import { contractResolver } from '../../../../lib/contract-resolver';
import { muiField } from '../../../../lib/mui-field';
import { notify } from '../../../../lib/notify';
import { useResolveReconciliationItem } from '../../api/resolve-reconciliation-item';
import { useRunReconciliation } from '../../api/run-reconciliation';
import { kindLabel, outcomeLabel } from './reconciliation-parts';

interface RunDayValues {
  date: string;
}

/**
 * Reconciles a past day now (right `reconcile`): a day chosen (up to yesterday in the platform's time zone), or the
 * day of a run shown (`date`), run again. The day's earlier items are replaced, their resolutions kept. The server
 * refuses a day whose bill the provider has not made yet; its refusal is shown by the API client.
 */
export function RunDayDialog(props: {
  open: boolean;
  /** The run's day when it is run again; none: the operator picks one. */
  date?: string;
  /** The last day that may be picked: yesterday in the platform's time zone. */
  latest: string;
  onClose: () => void;
  onDone: (run: TReconciliationRun) => void;
}) {
  const { t } = useTranslation();
  const run = useRunReconciliation();
  const { register, handleSubmit, formState, reset } = useForm<RunDayValues>({
    values: { date: props.date ?? props.latest },
    resolver: contractResolver<RunDayValues>({
      date: {
        schema: consoleCalls.adminReconciliationRun.input.shape.date.refine((day) => day <= props.latest),
        required: t('adminReconciliation.runDay.invalid'),
        invalid: t('adminReconciliation.runDay.invalid'),
      },
    }),
  });
  const close = () => {
    reset();
    props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      onClose={run.isPending ? undefined : close}
      fullWidth
      maxWidth="xs"
      data-testid="recon-run-dialog"
    >
      <DialogTitle>
        {props.date
          ? t('adminReconciliation.runDay.rerunTitle', { date: props.date })
          : t('adminReconciliation.runDay.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {props.date ? t('adminReconciliation.runDay.rerunHelp') : t('adminReconciliation.runDay.help')}
        </DialogContentText>
        <form
          id="recon-run-form"
          noValidate
          onSubmit={handleSubmit((values) =>
            run.mutate(values.date, {
              onSuccess: (done) => {
                notify.success(
                  t('adminReconciliation.runDay.done', {
                    date: done.date,
                    matched: done.matched,
                    mismatched: done.mismatched,
                  }),
                );
                reset();
                props.onDone(done);
              },
            }),
          )}
        >
          {props.date ? null : (
            <TextField
              type="date"
              label={t('adminReconciliation.runDay.date')}
              required
              fullWidth
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { max: props.latest, 'data-testid': 'recon-run-date' },
              }}
              {...muiField(register('date'), formState.errors.date)}
            />
          )}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={run.isPending} color="inherit" data-testid="recon-run-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form="recon-run-form"
          variant="contained"
          disabled={run.isPending}
          data-testid="recon-run-confirm"
        >
          {t('adminReconciliation.runDay.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ResolveValues {
  resolution: string;
}

/**
 * Resolves a mismatch, once, with what was found or done: checked with the contract's rule (1-500 characters, one line)
 * before it is sent; written, it is kept, and a later run of the day keeps it on the same payment, refund or transfer.
 */
export function ResolveDialog({ item, onClose }: { item: TReconciliationItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const resolve = useResolveReconciliationItem();
  const { register, handleSubmit, formState, reset } = useForm<ResolveValues>({
    defaultValues: { resolution: '' },
    resolver: contractResolver<ResolveValues>({
      resolution: {
        schema: consoleCalls.adminReconciliationResolve.input.shape.resolution,
        required: t('adminReconciliation.resolve.required'),
        invalid: t('adminReconciliation.resolve.invalid'),
        blankIsEmpty: true,
      },
    }),
  });
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Dialog
      open={item !== null}
      onClose={resolve.isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      data-testid="recon-resolve-dialog"
    >
      <DialogTitle>{t('adminReconciliation.resolve.title')}</DialogTitle>
      <DialogContent>
        {item ? (
          <DialogContentText sx={{ mb: 2, wordBreak: 'break-all' }} data-testid="recon-resolve-about">
            {t('adminReconciliation.resolve.about', {
              kind: kindLabel(t, item.kind),
              ref: item.ref,
              outcome: outcomeLabel(t, item.outcome),
              ours: item.ours ?? '—',
              theirs: item.theirs ?? '—',
            })}
          </DialogContentText>
        ) : null}
        <form
          id="recon-resolve-form"
          noValidate
          onSubmit={handleSubmit((values) => {
            if (!item) return;
            resolve.mutate(
              { itemId: item.id, resolution: values.resolution.trim() },
              {
                onSuccess: () => {
                  notify.success(t('adminReconciliation.resolve.done'));
                  close();
                },
              },
            );
          })}
        >
          <Stack spacing={2}>
            <TextField
              label={t('adminReconciliation.resolve.field')}
              required
              fullWidth
              autoFocus
              {...muiField(
                register('resolution'),
                formState.errors.resolution,
                t('adminReconciliation.resolve.help'),
              )}
              slotProps={{
                htmlInput: { maxLength: RECONCILIATION_RESOLUTION_MAX, 'data-testid': 'recon-resolve-text' },
              }}
            />
          </Stack>
        </form>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={close}
          disabled={resolve.isPending}
          color="inherit"
          data-testid="recon-resolve-cancel"
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form="recon-resolve-form"
          variant="contained"
          disabled={resolve.isPending}
          data-testid="recon-resolve-confirm"
        >
          {t('adminReconciliation.resolve.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
