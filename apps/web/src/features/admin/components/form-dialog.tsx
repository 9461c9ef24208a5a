import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** A save is under way: nothing closes the dialog or saves again. */
  busy: boolean;
  onClose: () => void;
  /** The form's checks and save (a react-hook-form `handleSubmit`). */
  onSubmit: () => unknown;
  testId: string;
  /** The save button's name and test id; the cancel button's test id. */
  save: { label: string; testId: string };
  cancelTestId?: string;
  /** How wide on a desktop. */
  maxWidth: 'sm' | 'md';
  /** Lines above and below the fields (a long form scrolls between them). */
  dividers?: boolean;
  children: ReactNode;
}

/** A console editor's dialog: a form of fields, cancel and save; full screen on a phone. */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      fullWidth
      maxWidth={props.maxWidth}
      fullScreen={phone}
      aria-labelledby={`${props.testId}-title`}
      data-testid={props.testId}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
        sx={{ display: 'contents' }}
      >
        <DialogTitle id={`${props.testId}-title`}>{props.title}</DialogTitle>
        <DialogContent dividers={props.dividers}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={props.onClose}
            disabled={props.busy}
            color="inherit"
            data-testid={props.cancelTestId}
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={props.busy} data-testid={props.save.testId}>
            {props.save.label}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
