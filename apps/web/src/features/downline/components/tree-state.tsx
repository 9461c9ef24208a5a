import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useTranslation } from 'react-i18next';
import type { useTree } from '../../../api/get-tree';

/** Loading and failure of the tree call; the content once it is there. */
export function TreeState({ query, children }: { query: ReturnType<typeof useTree>; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Stack spacing={1}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} sx={{ ml: i === 0 ? 0 : 3 }} />
        ))}
      </Stack>
    );
  if (query.isError)
    return <RetryAlert onRetry={() => query.refetch()}>{t('shop.downline.loadFailed')}</RetryAlert>;
  return <>{children}</>;
}
