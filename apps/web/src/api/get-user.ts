import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { session, sessionStore, useIsAuthenticated } from '../lib/session';

/** The signed-in agent with its figures (`agent/user/getUser`); a success is also kept in the session. */
export async function getUser() {
  const user = await request('getUser', {});
  session.setUser(user);
  return user;
}

export function getUserQueryOptions() {
  return queryOptions({ queryKey: ['agent', 'user'], queryFn: getUser });
}

export function useUser() {
  const signedIn = useIsAuthenticated();
  return useQuery({ ...getUserQueryOptions(), enabled: signedIn });
}

/** The signed-in agent as getUser last answered (the stored copy until then), with the query itself. */
export function useAgentUser() {
  const query = useUser();
  const stored = sessionStore.use((s) => s.user);
  return { query, user: query.data ?? stored ?? undefined };
}
