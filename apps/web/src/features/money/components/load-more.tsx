import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface LoadMoreProps {
  /** The list's infinite query. */
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** Items shown so far; nothing is said under an empty list. */
  shown: number;
  testId: string;
}

/**
 * The foot of an infinite list: the next page loads when the foot scrolls into view (a button remains for
 * browsers or web views without IntersectionObserver), and the end of the list is said once reached.
 */
export function LoadMore({ query, shown, testId }: LoadMoreProps) {
  const { t } = useTranslation();
  const { hasNextPage, isFetchingNextPage } = query;
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  }, [query]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void latest.current.fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage]);

  if (shown === 0) return null;
  return (
    <Box ref={sentinel} sx={{ py: 2, textAlign: 'center' }} data-testid={testId}>
      {isFetchingNextPage ? (
        <CircularProgress size={24} aria-label={t('money.common.loading')} />
      ) : hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()}>{t('money.common.loadMore')}</Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('money.common.noMore')}
        </Typography>
      )}
    </Box>
  );
}
