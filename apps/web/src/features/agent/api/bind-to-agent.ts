import { request } from '../../../api/client';

/** Binds the signed-in, unbound player to an agent (`agent/public/bind`); the answer is the player record after. */
export function bindToAgent(agentId: number) {
  return request('bind', { agentId });
}
