import { queryClient } from '../../../api/query-client';
import { runLogin } from '../../../api/login-outcome';
import type { LoginFailure } from '../../../api/login-outcome';
import { session } from '../../../lib/session';
import { loginById } from '../api/login-by-id';

export type PasswordLoginOutcome = { kind: 'agent' } | LoginFailure;

/**
 * Agent id + password. The server answers one message for an unknown id and a wrong password, and holds further
 * attempts back with growing delays after five wrong ones, except from a device this agent signed in on before
 * (loginById presents it); the client has toasted that message (code 0) already.
 */
export function signInWithPassword(agentId: number, password: string): Promise<PasswordLoginOutcome> {
  return runLogin(async () => {
    const data = await loginById({ agentId, password });
    queryClient.clear();
    session.signInAgent(data.token, data.user);
    return { kind: 'agent' } as const;
  });
}
