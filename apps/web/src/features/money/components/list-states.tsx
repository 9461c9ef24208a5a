import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/ui/retry-alert';

/** A list that is loading for the first time. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack spacing={1}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={64} />
      ))}
    </Stack>
  );
}

/** A list that could not load: why, and a way to try again. */
export function ListError({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return <RetryAlert onRetry={onRetry}>{t('money.common.loadFailed')}</RetryAlert>;
}

export function ListEmpty({ text, testId }: { text: string; testId?: string }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 5, color: 'text.secondary' }} data-testid={testId}>
      <ReceiptLongOutlined sx={{ fontSize: 40 }} aria-hidden />
      <Typography>{text}</Typography>
    </Stack>
  );
}
