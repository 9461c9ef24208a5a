import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/** What a confirmation asks for: nothing more (approve), a reason (reject, fail), a reference (pay). */
export type ReviewTextKind = 'none' | 'reason' | 'reference';

export interface ReviewDialogProps {
  open: boolean;
  title: string;
  message: string;
  textKind: ReviewTextKind;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (text: string) => void;
  /** The upper bound of the typed text (the contract's: 500 for a reason, 200 for a reference). */
  maxLength?: number;
}

/**
 * The confirmation of a withdrawal's change, one or many. A reason (reject, fail) or a reference (pay) is required:
 * confirming without one says so and sends nothing.
 */
export function ReviewDialog({
  open,
  title,
  message,
  textKind,
  busy,
  onCancel,
  onConfirm,
  maxLength = textKind === 'reference' ? 200 : 500,
}: ReviewDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const label = textKind === 'reference' ? t('admin.review.reference') : t('admin.review.reason');
  const close = () => {
    setText('');
    setMissing(false);
    onCancel();
  };
  const confirm = () => {
    if (textKind !== 'none' && text.trim() === '') {
      setMissing(true);
      return;
    }
    onConfirm(text.trim());
    setText('');
    setMissing(false);
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="review-dialog-title"
      data-testid="review-dialog"
    >
      <DialogTitle id="review-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: textKind === 'none' ? 0 : 2 }}>{message}</DialogContentText>
        {textKind === 'none' ? null : (
          <TextField
            label={label}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
            required
            fullWidth
            // One line: the agent reads the reason in its withdrawal record, where the contract allows no line break.
            error={missing}
            helperText={missing ? t('admin.review.required', { field: label }) : undefined}
            slotProps={{ htmlInput: { maxLength, 'data-testid': 'review-text' } }}
            autoFocus
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} color="inherit" data-testid="review-cancel">
          {t('common.cancel')}
        </Button>
        <Button onClick={confirm} disabled={busy} variant="contained" data-testid="review-confirm">
          {t('common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
