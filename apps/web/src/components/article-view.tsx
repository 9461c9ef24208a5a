import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useArticle } from '../api/read-article';
import type { ArticleSlug } from '../api/read-article';
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
        {showTitle ? <Skeleton variant="text" width="40%" sx={{ fontSize: 24 }} /> : null}
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
        <Typography variant="h6" component="h2">
          {query.data.title}
        </Typography>
      ) : null}
      {paragraphs.map((text, index) => (
        <Typography key={index} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: 1.75 }}>
          {text}
        </Typography>
      ))}
    </Stack>
  );
}
