import { randomBytes } from 'node:crypto';
import {
  clientLinks,
  clientUrl,
  LOGIN_TICKET_TTL_SECONDS,
  ResponseCode,
  type TLoginResult,
} from '@promoter/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, loginTickets } from '../../db/schema';
import { AppError } from '../../errors';
import { assertAgentUsable, loadAgentUser } from '../agents/agent-queries';
import { assertBindableAgent, bindToAgent } from '../players/bind-service';
import { findPlayer, toPlayerDto } from '../players/player-service';
import type { ClientInfo } from './device-label';
import { createSession, hashToken } from './session-service';

export interface LoginDeps {
  db: Db;
  sessionTtlHours: number;
  publicUrl: string;
  /** Where the sign-in comes from: kept on the session to name it in the session lists. */
  client?: ClientInfo;
}

/**
 * A single-use login ticket for a player (the game server asks for them; the demo prints two at start-up): only its
 * hash is stored, it expires after LOGIN_TICKET_TTL_SECONDS.
 */
export async function mintLoginTicket(
  db: DbOrTx,
  playerId: number,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + LOGIN_TICKET_TTL_SECONDS * 1000);
  await db.insert(loginTickets).values({ ticketHash: hashToken(ticket), playerId, expiresAt });
  return { ticket, expiresAt };
}

/** The web's page that signs a ticket in. */
export const loginUrl = (publicUrl: string, ticket: string) =>
  clientUrl(publicUrl, clientLinks.login.getHref({ token: ticket }));

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

/**
 * Signs in with a game ticket from an agent's invitation: an unbound player is bound to that agent. The agent is
 * checked before the ticket is spent, so a wrong agent id does not cost the player its ticket.
 */
export async function loginWithTicketAndBind(
  deps: LoginDeps,
  ticket: string,
  agentId: number,
): Promise<TLoginResult> {
  await assertBindableAgent(deps.db, agentId);
  const result = await loginWithTicket(deps, ticket);
  if (!result.isAgent && result.player && result.player.agentId === null) {
    result.player = await bindToAgent(deps.db, result.player.playerId, agentId);
  }
  return result;
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
    const token = await createSession(
      deps.db,
      { playerId, agentId: agent.id },
      deps.sessionTtlHours,
      deps.client,
    );
    return { token, isAgent: true, user: await loadAgentUser(deps.db, agent.id, deps.publicUrl) };
  }
  const token = await createSession(deps.db, { playerId, agentId: null }, deps.sessionTtlHours, deps.client);
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
