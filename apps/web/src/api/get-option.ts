import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OptionKey } from '../config/constants';
import { request } from './client';
import { queryKeys } from './query-keys';

/** A public option (`system/version/getOptionsByKey`): shop URL, close scheme, download links, rules and flags. */
export function getOptionQueryOptions(key: OptionKey) {
  return queryOptions({
    queryKey: queryKeys.option(key),
    queryFn: async () => (await request('getOptionsByKey', { key })).value,
    staleTime: 10 * 60_000,
  });
}

export function useOption(key: OptionKey, enabled = true) {
  return useQuery({ ...getOptionQueryOptions(key), enabled });
}

/** An on/off option: `true` when it reads "true", `false` for any other value, `undefined` until it is known. */
export function useOptionFlag(key: OptionKey): boolean | undefined {
  const query = useOption(key);
  return query.data === undefined ? undefined : query.data === 'true';
}
