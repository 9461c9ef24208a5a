import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/progress';
import { Text } from '../../../ui/text';
import styles from './load-more.module.css';

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
    <div ref={sentinel} className={styles.foot} data-testid={testId}>
      {isFetchingNextPage ? (
        <Spinner size={24} color="primary" aria-label={t('money.common.loading')} />
      ) : hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()}>{t('money.common.loadMore')}</Button>
      ) : (
        <Text variant="body2" color="textSecondary">
          {t('money.common.noMore')}
        </Text>
      )}
    </div>
  );
}
