import { useTranslation } from '../i18n/use-translation';
import { useArticle } from '../api/read-article';
import type { ArticleSlug } from '../api/read-article';
import { Skeleton } from '../ui/skeleton';
import { Stack } from '../ui/stack';
import { Text } from '../ui/text';
import styles from './article-view.module.css';
import { RetryAlert } from './ui/retry-alert';

/**
 * Article content is plain text with blank lines between paragraphs. It is rendered as text nodes only (never
 * as HTML), so markup in the content shows as written and no script in it can run.
 */
export function toParagraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** One of the platform's articles (`portal/articles/read`): its title and its paragraphs. */
export function ArticleView({ slug, showTitle = true }: { slug: ArticleSlug; showTitle?: boolean }) {
  const { t } = useTranslation();
  const query = useArticle(slug);

  if (query.isPending) {
    return (
      <Stack spacing={1} role="status" aria-label={t('app.loading')}>
        {showTitle ? <Skeleton variant="text" width="40%" className={styles.titleSkeleton} /> : null}
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="70%" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => query.refetch()} testId={`article-${slug}-error`}>
        {t('identity.article.loadFailed')}
      </RetryAlert>
    );
  }
  const paragraphs = toParagraphs(query.data.content);
  return (
    <Stack component="article" spacing={1.5} data-testid={`article-${slug}`}>
      {showTitle ? (
        <Text variant="h6" component="h2">
          {query.data.title}
        </Text>
      ) : null}
      {paragraphs.map((text, index) => (
        <Text key={index} className={styles.paragraph}>
          {text}
        </Text>
      ))}
    </Stack>
  );
}
