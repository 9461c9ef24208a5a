import { type AgentLevel, ResponseCode, type TAgentProfile } from '@promoter/contract';
import { alias } from 'drizzle-orm/pg-core';
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, players } from '../../db/schema';
import { AppError } from '../../errors';

const parentAgent = alias(agents, 'parent_agent');
const parentPlayer = alias(players, 'parent_player');

/**
 * The profile page's facts beyond getUser (decision 021): since when the agent is one, its parent's card, and how many
 * players are bound to it and agents sit directly below it (both counted through their indexes).
 */
export async function loadAgentProfile(db: DbOrTx, agentId: number): Promise<TAgentProfile> {
  const [[row], [bound], [children]] = await Promise.all([
    db
      .select({
        createdAt: agents.createdAt,
        parentId: parentAgent.id,
        parentLevel: parentAgent.level,
        parentNickname: parentPlayer.nickname,
        parentAvatar: parentPlayer.avatar,
      })
      .from(agents)
      .leftJoin(parentAgent, eq(parentAgent.id, agents.parentId))
      .leftJoin(parentPlayer, eq(parentPlayer.id, parentAgent.playerId))
      .where(eq(agents.id, agentId)),
    db.select({ n: count() }).from(players).where(eq(players.boundAgentId, agentId)),
    db.select({ n: count() }).from(agents).where(eq(agents.parentId, agentId)),
  ]);
  if (!row) throw new AppError('sessionExpired', undefined, ResponseCode.notSignedIn);
  return {
    agentId,
    createdAt: row.createdAt.toISOString(),
    parent:
      row.parentId === null
        ? null
        : {
            agentId: row.parentId,
            nickname: row.parentNickname ?? '',
            avatar: row.parentAvatar ?? '',
            level: row.parentLevel as AgentLevel,
          },
    boundPlayers: bound?.n ?? 0,
    children: children?.n ?? 0,
  };
}
