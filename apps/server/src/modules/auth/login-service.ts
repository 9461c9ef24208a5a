import { ResponseCode, type TLoginResult } from '@promoter/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, loginTickets } from '../../db/schema';
import { AppError } from '../../errors';
import { assertAgentUsable, loadAgentUser } from '../agents/agent-queries';
import { findPlayer, toPlayerDto } from '../players/player-service';
import { createSession, hashToken } from './session-service';

export interface LoginDeps {
  db: Db;
  sessionTtlHours: number;
  publicUrl: string;
}

/**
 * Signs in the player behind a game ticket. The ticket is consumed in the same statement that checks it, so two
 * racing requests with one ticket cannot both sign in.
 */
export async function loginWithTicket(deps: LoginDeps, ticket: string): Promise<TLoginResult> {
  const [used] = await deps.db
    .update(loginTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(loginTickets.ticketHash, hashToken(ticket)),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ playerId: loginTickets.playerId });
  if (!used) throw new AppError('ticketInvalid');
  return loginPlayer(deps, used.playerId);
}

/** Opens a session for a player (and its agent, if it is one): 1001 without a game account, 1002 if frozen. */
export async function loginPlayer(deps: LoginDeps, playerId: number): Promise<TLoginResult> {
  const player = await findPlayer(deps.db, playerId);
  if (!player) throw new AppError('noGameAccount', undefined, ResponseCode.noGameAccount);
  const [agent] = await deps.db
    .select({ id: agents.id, status: agents.status })
    .from(agents)
    .where(eq(agents.playerId, playerId));
  if (agent) {
    assertAgentUsable(agent.status);
    const token = await createSession(deps.db, { playerId, agentId: agent.id }, deps.sessionTtlHours);
    return { token, isAgent: true, user: await loadAgentUser(deps.db, agent.id, deps.publicUrl) };
  }
  const token = await createSession(deps.db, { playerId, agentId: null }, deps.sessionTtlHours);
  return { token, isAgent: false, player: await toPlayerDto(deps.db, player) };
}

export async function checkUserType(
  db: Db,
  playerId: number,
): Promise<{ exists: boolean; isAgent: boolean }> {
  const player = await findPlayer(db, playerId);
  if (!player) return { exists: false, isAgent: false };
  const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.playerId, playerId));
  return { exists: true, isAgent: agent !== undefined };
}
