import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { MONEY_QUERY_KEY } from './keys';

/** The caller's whole downline (`agent/user/tree`); the root is the caller, with its own price. */
export async function getTree() {
  return (await request('tree', {})).root;
}

export function getTreeQueryOptions() {
  return queryOptions({ queryKey: [...MONEY_QUERY_KEY, 'tree'], queryFn: getTree });
}

export function useTree(enabled = true) {
  return useQuery({ ...getTreeQueryOptions(), enabled });
}
