import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Public on/off options of the identity screens (`system/version/getOptionsByKey`). */
export type PublicFlag = 'register.open';

export function getPublicFlagQueryOptions(key: PublicFlag) {
  return queryOptions({
    // The same key shape as the shared option query, so both share one cache entry.
    queryKey: ['option', key],
    queryFn: async () => (await request('getOptionsByKey', { key })).value,
    staleTime: 10 * 60_000,
  });
}

/** `true` / `false` once known; `undefined` while loading or when it could not be read. */
export function usePublicFlag(key: PublicFlag): boolean | undefined {
  const query = useQuery(getPublicFlagQueryOptions(key));
  return query.data === undefined ? undefined : query.data === 'true';
}
