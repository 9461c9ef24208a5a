import { sessionStore, useIsAuthenticated } from '../../../lib/session';

/** The dashboards' calls are for agents: never asked for a player's session (the server would refuse it). */
export function useAgentSession(): boolean {
  const signedIn = useIsAuthenticated();
  const isPlayerSession = sessionStore.use((s) => s.player !== null && s.user === null);
  return signedIn && !isPlayerSession;
}
