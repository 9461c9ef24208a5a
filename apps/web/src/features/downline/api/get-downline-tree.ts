import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** The caller's whole downline as one tree (`agent/user/tree`); the root is the caller, with its own price. */
export function getDownlineTree() {
  return request('tree', {});
}

export function getDownlineTreeQueryOptions() {
  return queryOptions({ queryKey: ['downline', 'tree'], queryFn: getDownlineTree });
}

export function useDownlineTree() {
  return useQuery(getDownlineTreeQueryOptions());
}
