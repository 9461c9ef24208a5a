import { ResponseCode } from '@promoter/contract';
import { isApiError, NetworkError } from '../../../api/errors';
import { queryClient } from '../../../api/query-client';
import { progress } from '../../../lib/progress';
import { session } from '../../../lib/session';
import { loginById } from '../api/login-by-id';

export type PasswordLoginOutcome =
  | { kind: 'agent' }
  | { kind: 'agent-tip'; message: string }
  | { kind: 'network' }
  | { kind: 'failed'; message: string };

/**
 * Agent id + password. The server answers one message for an unknown id and a wrong password, and locks an
 * id after five wrong passwords for fifteen minutes; the client has toasted that message (code 0) already.
 */
export async function signInWithPassword(agentId: number, password: string): Promise<PasswordLoginOutcome> {
  progress.start();
  try {
    const data = await loginById({ agentId, password });
    queryClient.clear();
    session.signInAgent(data.token, data.user);
    return { kind: 'agent' };
  } catch (error) {
    if (isApiError(error, ResponseCode.agentUnavailable))
      return { kind: 'agent-tip', message: error.message };
    if (error instanceof NetworkError) return { kind: 'network' };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  } finally {
    progress.done();
  }
}
