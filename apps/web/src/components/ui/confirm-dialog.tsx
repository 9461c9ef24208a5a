import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CONFIRM_DIALOG_MAX_WIDTH } from '../../config/constants';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../ui/dialog';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  message: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  /** Pixels; 500 by default (SPEC section 9), 300 for the header's logout dialogs. */
  maxWidth?: number;
  /** While the confirmed action runs: the buttons are disabled. */
  busy?: boolean;
  /** Shown under the message: what went wrong with the last try (a lost answer), with the way on. */
  alert?: ReactNode;
  /** The confirming button's text, when not Yes (Retry after a lost answer). */
  confirmLabel?: string;
}

/** The shared confirmation dialog: Cancel and Yes. */
export function ConfirmDialog({
  open,
  title,
  message,
  onCancel,
  onConfirm,
  maxWidth = CONFIRM_DIALOG_MAX_WIDTH,
  busy = false,
  alert,
  confirmLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      className={styles.paper}
      style={{ maxWidth }}
      aria-labelledby={title ? 'confirm-dialog-title' : undefined}
    >
      {title ? <DialogTitle id="confirm-dialog-title">{title}</DialogTitle> : null}
      <DialogContent>
        <DialogContentText component="div" className={title ? undefined : styles.untitled}>
          {message}
        </DialogContentText>
        {alert ? <div className={styles.alert}>{alert}</div> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} color="inherit" data-testid="confirm-cancel">
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" data-testid="confirm-yes" autoFocus>
          {confirmLabel ?? t('common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
