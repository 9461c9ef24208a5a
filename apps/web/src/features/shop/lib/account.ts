import { useQuery } from '@tanstack/react-query';
import { getUserQueryOptions } from '../../../api/get-user';
import { sessionStore, useIsAuthenticated } from '../../../lib/session';

/**
 * The shop serves players and agents. A player session keeps its player record and no agent user; only an agent
 * may read getUser (a player would be refused with a toast), so the agent's figures load for agents only.
 */
export function useShopAccount() {
  const signedIn = useIsAuthenticated();
  const isAgent = sessionStore.use((s) => s.player === null);
  const storedUser = sessionStore.use((s) => s.user);
  const userQuery = useQuery({ ...getUserQueryOptions(), enabled: signedIn && isAgent });
  return { isAgent, user: userQuery.data ?? storedUser ?? undefined, userQuery };
}
