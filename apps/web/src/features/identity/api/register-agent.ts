import type { CallInput } from '@promoter/contract';
import { request } from '../../../api/client';

/**
 * The signed-in player becomes an agent (`agent/register/reg`): with `from`, the inviter's child at `level`
 * (by default one below the inviter). The answer is a new agent session; the player session has ended.
 */
export function registerAgent(input: CallInput<'register'>) {
  return request('register', input);
}
