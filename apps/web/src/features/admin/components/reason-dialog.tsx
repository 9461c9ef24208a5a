import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { REASON_MAX, reasonRule } from './reason-field';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  message: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
  /** The confirm button's words (the action's name). */
  confirmLabel: string;
  testId?: string;
}

/**
 * The confirmation of an operator's change of an agent or a player that needs a reason (freeze, unfreeze, end
 * sessions, unbind): the reason is checked with the contract's rule before anything is sent.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, reset } = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: contractResolver<{ reason: string }>({ reason: reasonRule(t) }),
  });
  const close = () => {
    reset();
    props.onCancel();
  };
  const testId = props.testId ?? 'reason-dialog';
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : close}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <DialogTitle id={`${testId}-title`}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{props.message}</DialogContentText>
        <form
          id={`${testId}-form`}
          noValidate
          onSubmit={handleSubmit((values) => {
            props.onConfirm(values.reason.trim());
            reset();
          })}
        >
          <TextField
            label={t('adminAgents.form.reason')}
            required
            fullWidth
            autoFocus
            {...muiField(register('reason'), formState.errors.reason)}
            slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'reason-text' } }}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={props.busy} color="inherit" data-testid="reason-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form={`${testId}-form`}
          disabled={props.busy}
          variant="contained"
          data-testid="reason-confirm"
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
