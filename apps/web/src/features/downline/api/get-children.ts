import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

export interface ChildrenQuery {
  keyword?: string;
  page: number;
  pageSize: number;
}

/** Direct child agents, a page at a time (`agent/user/children`); keyword: an agent id or part of a nickname. */
export function getChildren(query: ChildrenQuery) {
  return request('children', { ...query, keyword: query.keyword?.trim() || undefined });
}

/** Every page and keyword of the list: what a change of a child invalidates. */
export function getAllChildrenQueryOptions() {
  return queryOptions({ queryKey: ['downline', 'children'] });
}

export function getChildrenQueryOptions(query: ChildrenQuery) {
  return queryOptions({
    queryKey: [...getAllChildrenQueryOptions().queryKey, query],
    queryFn: () => getChildren(query),
    placeholderData: keepPreviousData,
  });
}

export function useChildren(query: ChildrenQuery) {
  return useQuery(getChildrenQueryOptions(query));
}
