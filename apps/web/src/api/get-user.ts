import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { queryKeys } from './query-keys';
import { session, sessionStore, useIsAuthenticated } from '../lib/session';

/** The signed-in agent with its figures (`agent/user/getUser`); a success is also kept in the session. */
export async function getUser() {
  const user = await request('getUser', {});
  session.setUser(user);
  return user;
}

export function getUserQueryOptions() {
  return queryOptions({ queryKey: queryKeys.user(), queryFn: getUser });
}

/** The signed-in agent; never asked for a player's session (getUser is for agents only). */
export function useUser() {
  const signedIn = useIsAuthenticated();
  const isPlayerSession = sessionStore.use((s) => s.player !== null && s.user === null);
  return useQuery({ ...getUserQueryOptions(), enabled: signedIn && !isPlayerSession });
}

/** The signed-in agent as getUser last answered (the stored copy until then), with the query itself. */
export function useAgentUser() {
  const query = useUser();
  const stored = sessionStore.use((s) => s.user);
  return { query, user: query.data ?? stored ?? undefined };
}
