import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { adminCalls } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { contractResolver, type FieldRule } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { NOTICE_MAX, noticeOf, noticeRule, REASON_MAX, reasonRule } from './reason-field';

/** What the operator confirmed: the reason (internal), and the notice to the agent and the code when asked. */
export interface ReasonAnswer {
  reason: string;
  notice?: string | undefined;
  code?: string | undefined;
}

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  message: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string, answer: ReasonAnswer) => void;
  /** The confirm button's words (the action's name). */
  confirmLabel: string;
  testId?: string;
  /** Also offer a notice the agent reads in its inbox (decision 037); the reason stays internal. */
  withNotice?: boolean;
  /** Also ask a fresh code of the operator's own authenticator (granting or removing owner, resets). */
  withCode?: boolean;
  /** More of the form, between the message and the reason (a choice the action needs). */
  children?: ReactNode;
}

interface Values {
  reason: string;
  notice: string;
  code: string;
}

/**
 * The confirmation of an operator's change that needs a reason (freeze, unfreeze, end sessions, unbind, a role): the
 * reason, and the notice and the code when the change asks them, are checked with the contract's rules before
 * anything is sent.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  const rules: { [K in keyof Values]?: FieldRule } = { reason: reasonRule(t) };
  if (props.withNotice) rules.notice = noticeRule(t);
  if (props.withCode)
    rules.code = {
      schema: adminCalls.adminOperatorReset.input.shape.code,
      required: t('admin.login.required'),
      invalid: t('admin.login.codeInvalid'),
    };
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    defaultValues: { reason: '', notice: '', code: '' },
    resolver: contractResolver<Values>(rules),
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
            const reason = values.reason.trim();
            props.onConfirm(reason, {
              reason,
              notice: props.withNotice ? noticeOf(values.notice) : undefined,
              code: props.withCode ? values.code.trim() : undefined,
            });
            reset();
          })}
        >
          <Stack spacing={2}>
            {props.children}
            <TextField
              label={t('adminAgents.form.reason')}
              required
              fullWidth
              autoFocus
              {...muiField(register('reason'), formState.errors.reason)}
              slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'reason-text' } }}
            />
            {props.withNotice ? (
              <TextField
                label={t('adminAgents.form.notice')}
                fullWidth
                {...muiField(register('notice'), formState.errors.notice, t('adminAgents.form.noticeHelp'))}
                slotProps={{ htmlInput: { maxLength: NOTICE_MAX, 'data-testid': 'reason-notice' } }}
              />
            ) : null}
            {props.withCode ? (
              <TextField
                label={t('admin.login.code')}
                required
                fullWidth
                {...muiField(register('code'), formState.errors.code, t('admin.operators.codeHelp'))}
                slotProps={{
                  htmlInput: {
                    maxLength: 6,
                    inputMode: 'numeric',
                    autoComplete: 'one-time-code',
                    'data-testid': 'reason-code',
                  },
                }}
              />
            ) : null}
          </Stack>
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
