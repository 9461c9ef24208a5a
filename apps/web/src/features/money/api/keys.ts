import type { QueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '../../../api/get-user';

/** Every query of the money screens lives under this key, so one invalidation refreshes them all. */
export const MONEY_QUERY_KEY = ['money'] as const;

/** After diamonds or money moved: the header's figures and every money list are read again. */
export async function invalidateAfterMoneyMoved(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: MONEY_QUERY_KEY }),
  ]);
}

/** Page-number paging over `{list, total, page, pageSize}` answers. */
export function nextPageOf(last: { total: number; page: number; pageSize: number }): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

export const PAGE_SIZE = 20;
