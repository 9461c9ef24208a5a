import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { CallData, PayoutChannel, TAdminWithdrawal } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { useCreatePayoutBatch } from '../../api/payout-files';
import { CHANNELS, savePayoutFile, totalsByChannel } from './payout-parts';

export type PayoutExportAnswer = CallData<'adminPayoutBatchCreate'>;

/**
 * The export of a payout file from the queue's selection: the kind of file (bank cards or Alipay; only the selected
 * withdrawals of that kind go in it) with its count and total, then the file made on the server (audited) and handed
 * to the browser's downloads.
 */
export function PayoutExportDialog({
  open,
  rows,
  onClose,
  onExported,
}: {
  open: boolean;
  /** The selected withdrawals that may go in a file. */
  rows: readonly TAdminWithdrawal[];
  onClose: () => void;
  onExported: (answer: PayoutExportAnswer, exportedIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePayoutBatch();
  const totals = totalsByChannel(rows);
  const [picked, setPicked] = useState<PayoutChannel | null>(null);
  // The kind asked for, else the first kind the selection has.
  const channel = picked ?? CHANNELS.find((kind) => totals[kind].count > 0) ?? 'bank';
  const ids = rows.filter((row) => row.accountType === channel).map((row) => row.id);
  const close = () => {
    setPicked(null);
    onClose();
  };
  const confirm = () =>
    create.mutate(
      { channel, ids },
      {
        onSuccess: (answer) => {
          savePayoutFile(answer.file);
          setPicked(null);
          onExported(answer, ids);
        },
      },
    );

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="payout-export-title"
      data-testid="payout-export-dialog"
    >
      <DialogTitle id="payout-export-title">{t('adminPayouts.export.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <FormLabel id="payout-export-channel">{t('adminPayouts.export.channel')}</FormLabel>
          <RadioGroup
            aria-labelledby="payout-export-channel"
            value={channel}
            onChange={(event) => setPicked(event.target.value as PayoutChannel)}
          >
            {CHANNELS.map((kind) => (
              <FormControlLabel
                key={kind}
                value={kind}
                disabled={totals[kind].count === 0}
                control={
                  <Radio slotProps={{ input: { 'data-testid': `payout-export-${kind}` } as object }} />
                }
                label={t('adminPayouts.export.option', {
                  channel: t(`adminPayouts.channel.${kind}`),
                  count: totals[kind].count,
                  amount: totals[kind].amount,
                })}
              />
            ))}
          </RadioGroup>
          <Alert severity="warning" data-testid="payout-export-note">
            {t('adminPayouts.export.note')}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={close}
          disabled={create.isPending}
          color="inherit"
          data-testid="payout-export-cancel"
        >
          {t('common.cancel')}
        </Button>
        <Button
          onClick={confirm}
          disabled={create.isPending || ids.length === 0}
          variant="contained"
          data-testid="payout-export-confirm"
        >
          {t('adminPayouts.export.confirm', { count: ids.length, amount: totals[channel].amount })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
