import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';

/** The agents this agent transferred diamonds to lately, each once, newest first (`agent/user/recentTransfers`). */
export async function getRecentTransfers() {
  return (await request('recentTransfers', {})).list;
}

export function recentTransfersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.recentTransfers(), queryFn: getRecentTransfers });
}
