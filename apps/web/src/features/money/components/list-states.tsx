import { useTranslation } from '../../../i18n/use-translation';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ReceiptLongOutlinedIcon } from '../../../ui/icons/ReceiptLongOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './list-states.module.css';

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

/** An empty list: a ledger icon and what it would hold. */
export function ListEmpty({ text, testId }: { text: string; testId?: string }) {
  return (
    <Stack spacing={1} alignItems="center" className={styles.empty} data-testid={testId}>
      <ReceiptLongOutlinedIcon fontSize="inherit" className={styles.icon} />
      <Text>{text}</Text>
    </Stack>
  );
}
