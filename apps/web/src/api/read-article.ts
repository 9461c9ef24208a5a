import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

/** The platform's articles by slug (`portal/articles/read`); content is plain text. */
export type ArticleSlug = 'platform-index' | 'help' | 'agent-desc' | 'agent-recruit';

export function readArticle(slug: ArticleSlug) {
  return request('readArticle', { slug });
}

export function readArticleQueryOptions(slug: ArticleSlug) {
  return queryOptions({
    queryKey: queryKeys.article(slug),
    queryFn: () => readArticle(slug),
    staleTime: 10 * 60_000,
  });
}

export function useArticle(slug: ArticleSlug) {
  return useQuery(readArticleQueryOptions(slug));
}
