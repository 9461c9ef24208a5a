import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallData } from '@promoter/contract';
import { request } from './client';
import { queryKeys } from './query-keys';

/** The caller's whole downline as one tree (`agent/user/tree`); the root is the caller, with its own price. */
export function getTree() {
  return request('tree', {});
}

export function treeQueryOptions() {
  return queryOptions({ queryKey: queryKeys.tree(), queryFn: getTree });
}

export function useTree(enabled = true) {
  return useQuery({ ...treeQueryOptions(), enabled });
}

const selectRoot = (data: CallData<'tree'>) => data.root;

/** The same query, read as its root: the caller with its price and its children. */
export function useTreeRoot(enabled = true) {
  return useQuery({ ...treeQueryOptions(), enabled, select: selectRoot });
}
