import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TAdminWithdrawal } from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import type { PayoutExportAnswer } from './payout-export-dialog';
import { totalsByChannel } from './payout-parts';

/** The heading's way to the payout files (their list, a file's page, the import of a result). */
export function PayoutFilesButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outlined"
      startIcon={<PaymentsOutlined />}
      onClick={onClick}
      data-testid="payout-files-open"
    >
      {t('adminPayouts.panel.open')}
    </Button>
  );
}

/**
 * The bar of a selection of approved withdrawals: how many, what a file pays for them (each amount less its fee), by
 * kind of account, and the export of a payout file.
 */
export function PayoutSelectionBar({
  rows,
  onExport,
}: {
  rows: readonly TAdminWithdrawal[];
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const totals = totalsByChannel(rows);
  return (
    <Paper
      sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="payout-bar"
    >
      <Box sx={{ flexGrow: 1 }}>
        <Typography data-testid="payout-bar-totals">
          {t('adminPayouts.selection.totals', { count: totals.all.count, amount: totals.all.amount })}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="payout-bar-channels">
          {t('adminPayouts.selection.byChannel', {
            bank: totals.bank.count,
            bankAmount: totals.bank.amount,
            alipay: totals.alipay.count,
            alipayAmount: totals.alipay.amount,
          })}
        </Typography>
      </Box>
      <Button variant="contained" onClick={onExport} data-testid="payout-export">
        {t('adminPayouts.selection.export')}
      </Button>
    </Paper>
  );
}

/** What an export did: the file made (its number, count and total) and the withdrawals left out, with why. */
export function PayoutExportResult({
  answer,
  onOpen,
  onClose,
}: {
  answer: PayoutExportAnswer;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={answer.skipped.length > 0 ? 'warning' : 'success'}
      onClose={onClose}
      data-testid="payout-export-result"
      action={
        <Button color="inherit" size="small" onClick={onOpen} data-testid="payout-export-open">
          {t('adminPayouts.export.open')}
        </Button>
      }
    >
      <AlertTitle>
        {t('adminPayouts.export.done', {
          id: answer.batch.id,
          count: answer.batch.count,
          amount: answer.batch.total,
          name: answer.file.name,
        })}
      </AlertTitle>
      {answer.skipped.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {answer.skipped.map((item) => (
            <li key={item.id}>{t('adminPayouts.export.skipped', { id: item.id, reason: item.reason })}</li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
