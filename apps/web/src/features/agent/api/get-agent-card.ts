import { request } from '../../../api/client';

/** An agent's public card (`agent/public/agentCard`): who a player is about to bind to. */
export function getAgentCard(agentId: number) {
  return request('agentCard', { agentId });
}
