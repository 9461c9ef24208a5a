import { ResponseCode } from '@promoter/contract';
import type { TLoginResult } from '@promoter/contract';
import { progress } from '../lib/progress';
import { session } from '../lib/session';
import { isApiError, NetworkError } from './errors';
import { queryClient } from './query-client';

/** How a login that did not sign in ended (SPEC section 4). Code 0 has already been toasted by the client. */
export type LoginFailure =
  /** 1001: no game account yet (a mobile login); the page goes to the download guide. */
  | { kind: 'no-game-account'; message: string }
  /** 1002: the agent is frozen or pending; the page shows the agent tip. */
  | { kind: 'agent-tip'; message: string }
  | { kind: 'network' }
  | { kind: 'failed'; message: string };

export type SignedInAs = { kind: 'agent' } | { kind: 'player' };

/**
 * Stores a login answer: isAgent true keeps token and user, false keeps token and player. The cache of the
 * previous account goes first.
 */
export function storeLogin(data: TLoginResult): SignedInAs {
  queryClient.clear();
  if (data.isAgent) {
    session.signInAgent(data.token, data.user);
    return { kind: 'agent' };
  }
  session.signInPlayer(data.token, data.player);
  return { kind: 'player' };
}

/**
 * Runs a login under the progress bar: `login` calls the server and stores what it answered (usually with
 * `storeLogin`); a failure is told apart by its code.
 */
export async function runLogin<S>(login: () => Promise<S>): Promise<S | LoginFailure> {
  progress.start();
  try {
    return await login();
  } catch (error) {
    if (isApiError(error, ResponseCode.noGameAccount)) {
      session.markMobileLogin();
      return { kind: 'no-game-account', message: error.message };
    }
    if (isApiError(error, ResponseCode.agentUnavailable))
      return { kind: 'agent-tip', message: error.message };
    if (error instanceof NetworkError) return { kind: 'network' };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  } finally {
    progress.done();
  }
}
