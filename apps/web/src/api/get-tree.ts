import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallData } from '@promoter/contract';
import { request } from './client';
import { queryKeys } from './query-keys';

/**
 * One level of the caller's downline (`agent/user/tree`, decision 024): the caller (or `parentId`, an agent of its
 * downline) with its children; a child with children of its own is asked for again when it is opened.
 */
export function getTree(parentId?: number) {
  return request('tree', parentId === undefined ? {} : { parentId });
}

export function treeQueryOptions(parentId?: number) {
  return queryOptions({ queryKey: queryKeys.tree(parentId), queryFn: () => getTree(parentId) });
}

export function useTree(enabled = true) {
  return useQuery({ ...treeQueryOptions(), enabled });
}

/** The level below `parentId`, asked for when its node is opened. */
export function useTreeLevel(parentId: number) {
  return useQuery(treeQueryOptions(parentId));
}

const selectRoot = (data: CallData<'tree'>) => data.root;

/** The same query, read as its root: the caller with its price and its children. */
export function useTreeRoot(enabled = true) {
  return useQuery({ ...treeQueryOptions(), enabled, select: selectRoot });
}
