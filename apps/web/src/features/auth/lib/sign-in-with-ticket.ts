import { runLogin, storeLogin } from '../../../api/login-outcome';
import type { LoginFailure, SignedInAs } from '../../../api/login-outcome';
import { singleUseAttempts } from '../../../lib/single-use';
import { tokenLogin } from '../api/token-login';

export type LoginOutcome = SignedInAs | LoginFailure;

// A ticket is single-use: the same ticket is sent once per page load, even when React runs an effect twice.
const attempts = singleUseAttempts<LoginOutcome>();

/** Login by token (SPEC section 4): an agent keeps token and user, a player token and player. */
export function signInWithTicket(ticket: string): Promise<LoginOutcome> {
  return attempts.run(ticket, () => runLogin(async () => storeLogin(await tokenLogin(ticket))));
}

/** Retrying after a network failure sends the ticket again. */
export function forgetTicket(ticket: string): void {
  attempts.forget(ticket);
}
