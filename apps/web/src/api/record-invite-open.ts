import { useEffect, useRef } from 'react';
import { visitorId } from '../lib/visitor-id';
import { request } from './client';

/** Counts one opening of an agent's invite link by this browser (`agent/public/inviteOpen`). */
export function recordInviteOpen(agentId: number) {
  return request('inviteOpen', { agentId, visitorId: visitorId() });
}

/**
 * Once per view of a page opened from `agentId`'s invite link: the agent's web-analytics dashboard counts it. A
 * failure is not the visitor's business: nothing to retry (a refusal's message is the client's usual toast).
 */
export function useRecordInviteOpen(agentId: number | undefined): void {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (agentId === undefined || recorded.current === agentId) return;
    recorded.current = agentId;
    recordInviteOpen(agentId).catch(() => undefined);
  }, [agentId]);
}
