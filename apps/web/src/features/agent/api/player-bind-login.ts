import { request } from '../../../api/client';

/** Signs in with a game ticket and binds the player to the agent when it is unbound (`agent/login/playerBindLogin`). */
export function playerBindLogin(token: string, agentId: number) {
  return request('playerBindLogin', { token, agentId });
}
