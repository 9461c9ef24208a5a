import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate, useNavigationType } from '../router';
import { setSessionExpiredHandler } from '../api/client';
import { SCROLL_RESET_DELAY_MS } from '../config/constants';
import { paths } from '../config/paths';
import { sessionStore, useIsAuthenticated } from '../lib/session';
import { handleOf } from './route-handle';
import { AgentsOnlyRoute } from './routes/agents-only-route';

/**
 * SPEC section 2: on navigation the page scrolls to the top unless a saved position exists (going back
 * or forward), after a 200 ms delay that lets the new page lay out.
 */
function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useEffect(() => {
    currentKey.current = location.key;
    const saved = navigationType === 'POP' ? positions.current.get(location.key) : undefined;
    const timer = setTimeout(() => window.scrollTo(0, saved ?? 0), SCROLL_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.key, navigationType]);

  return null;
}

/**
 * The root route: the sign-in guard (routes flagged `requiresAuth` send a signed-out visitor to
 * /session/login; routes flagged `agentsOnly` show a signed-in player who is no agent how to become one instead of a
 * page whose agent calls it may not make), scroll handling, and the API client's way back to login when a session
 * expires.
 */
export function Root() {
  const matches = useMatches();
  const navigate = useNavigate();
  const signedIn = useIsAuthenticated();
  const isPlayerSession = sessionStore.use((s) => s.player !== null && s.user === null);

  useEffect(() => {
    setSessionExpiredHandler(() => void navigate(paths.session.login.getHref(), { replace: true }));
  }, [navigate]);

  const needsSignIn = matches.some((match) => handleOf(match).requiresAuth === true);
  const needsAgent = matches.some((match) => handleOf(match).agentsOnly === true);
  return (
    <>
      <ScrollManager />
      {needsSignIn && !signedIn ? (
        <Navigate to={paths.session.login.getHref()} replace />
      ) : needsAgent && signedIn && isPlayerSession ? (
        <AgentsOnlyRoute />
      ) : (
        <Outlet />
      )}
    </>
  );
}
