import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { CallData } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';

export type BatchAnswer = CallData<'adminWithdrawalBatchApprove'>;

/**
 * A batch's answer, as it really went: which withdrawals changed, which got this operator's approval but still wait
 * for a second operator, and which were skipped with the server's reason.
 */
export function BatchResult({ answer, onClose }: { answer: BatchAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const severity =
    answer.skipped.length === 0 && answer.waiting.length === 0
      ? 'success'
      : answer.changed.length === 0 && answer.waiting.length === 0
        ? 'error'
        : 'warning';
  return (
    <Alert severity={severity} onClose={onClose} data-testid="batch-result" sx={{ mb: 2 }}>
      <AlertTitle>
        {t('admin.batch.summary', {
          changed: answer.changed.length,
          waiting: answer.waiting.length,
          skipped: answer.skipped.length,
        })}
      </AlertTitle>
      {answer.changed.length > 0 ? (
        <Box data-testid="batch-changed">{t('admin.batch.changed', { ids: answer.changed.join(', ') })}</Box>
      ) : null}
      {answer.waiting.length > 0 ? (
        <Box data-testid="batch-waiting">{t('admin.batch.waiting', { ids: answer.waiting.join(', ') })}</Box>
      ) : null}
      {answer.skipped.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="batch-skipped">
          {answer.skipped.map((item) => (
            <li key={item.id} data-testid={`batch-skipped-${item.id}`}>
              {t('admin.batch.skippedItem', { id: item.id, reason: item.reason })}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
