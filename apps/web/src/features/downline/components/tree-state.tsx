import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { useTree } from '../../../api/get-tree';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import styles from './tree-state.module.css';

/** Loading and failure of the tree call; the content once it is there. */
export function TreeState({ query, children }: { query: ReturnType<typeof useTree>; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Stack spacing={1}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} className={i === 0 ? undefined : styles.nested} />
        ))}
      </Stack>
    );
  if (query.isError)
    return <RetryAlert onRetry={() => query.refetch()}>{t('shop.downline.loadFailed')}</RetryAlert>;
  return <>{children}</>;
}
