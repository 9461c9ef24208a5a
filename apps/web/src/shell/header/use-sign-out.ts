import { useCallback, useState } from 'react';
import { useNavigate } from '../../router';
import { logout } from '../../api/logout';
import { queryClient } from '../../api/query-client';
import { LOGOUT_DELAY_MS } from '../../config/constants';
import { paths } from '../../config/paths';
import { progress } from '../../lib/progress';
import { session } from '../../lib/session';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Logout of SPEC section 4: start the progress bar, revoke the session on the server, and after 500 ms
 * clear the user and go to /session/login. A failed revoke still signs out locally (the token is
 * dropped either way, and the server's own expiry ends it).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    progress.start();
    await Promise.allSettled([logout(), delay(LOGOUT_DELAY_MS)]);
    session.clear();
    queryClient.clear();
    progress.done();
    setSigningOut(false);
    await navigate(paths.session.login.getHref(), { replace: true });
  }, [navigate]);
  return { signOut, signingOut };
}
