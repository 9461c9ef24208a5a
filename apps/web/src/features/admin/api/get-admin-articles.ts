import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** Every article of the platform (`admin/articles/list`): the app's pages are few, so no pages. */
export const adminArticlesQueryOptions = queryOptions({
  queryKey: queryKeys.admin.articles.list(),
  queryFn: ({ signal }) => request('adminArticleList', {}, { signal }),
});

export function useAdminArticles() {
  return useQuery(adminArticlesQueryOptions);
}

/** One article with its Chinese text and its translations (`admin/articles/get`), fresh each time it is opened. */
export function adminArticleQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.admin.articles.detail(id),
    queryFn: ({ signal }) => request('adminArticleGet', { id }, { signal }),
    staleTime: 0,
  });
}

export function useAdminArticle(id: number | null) {
  return useQuery({ ...adminArticleQueryOptions(id ?? 0), enabled: id !== null });
}
