import { ResponseCode } from '@promoter/contract';
import { queryClient } from '../../../api/query-client';
import { isApiError, NetworkError } from '../../../api/errors';
import { progress } from '../../../lib/progress';
import { session } from '../../../lib/session';
import { tokenLogin } from '../api/token-login';

export type LoginOutcome =
  | { kind: 'agent' }
  | { kind: 'player' }
  | { kind: 'no-game-account' }
  | { kind: 'agent-tip'; message: string }
  | { kind: 'network' }
  | { kind: 'failed' };

/**
 * Login by token (SPEC section 4): 1001 marks a mobile login (the page goes to the guide), 1002 is an
 * agent tip, isAgent true stores token and user, false stores token and player. Code 0 has already been
 * toasted by the client.
 */
async function signIn(ticket: string): Promise<LoginOutcome> {
  progress.start();
  try {
    const data = await tokenLogin(ticket);
    queryClient.clear();
    if (data.isAgent) {
      session.signInAgent(data.token, data.user);
      return { kind: 'agent' };
    }
    session.signInPlayer(data.token, data.player);
    return { kind: 'player' };
  } catch (error) {
    if (isApiError(error, ResponseCode.noGameAccount)) {
      session.markMobileLogin();
      return { kind: 'no-game-account' };
    }
    if (isApiError(error, ResponseCode.agentUnavailable))
      return { kind: 'agent-tip', message: error.message };
    if (error instanceof NetworkError) return { kind: 'network' };
    return { kind: 'failed' };
  } finally {
    progress.done();
  }
}

// A ticket is single-use: the same ticket is sent once per page load, even when React runs an effect twice.
const attempts = new Map<string, Promise<LoginOutcome>>();

export function signInWithTicket(ticket: string): Promise<LoginOutcome> {
  let attempt = attempts.get(ticket);
  if (!attempt) {
    attempt = signIn(ticket);
    attempts.set(ticket, attempt);
  }
  return attempt;
}

/** Retrying after a network failure sends the ticket again. */
export function forgetTicket(ticket: string): void {
  attempts.delete(ticket);
}
