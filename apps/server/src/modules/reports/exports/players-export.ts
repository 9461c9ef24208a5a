import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accounts, agents, players } from '../../../db/schema';
import { playerFilter } from '../../backoffice/player-admin-service';
import { listExport, localTime } from './export-source';

/** The agent a player is, if any. */
const ownAgent = alias(agents, 'own_agent');

/** The players as their list filters them, with their diamonds, their bound agent and the agent they are. */
export const playerSource = listExport({
  select: ({ db, timeZone }) =>
    db
      .select({
        playerId: players.id,
        keyAt: sql<string>`${players.createdAt}::text`,
        nickname: players.nickname,
        mobile: players.mobile,
        diamonds: sql<number>`coalesce((select ${accounts.value} from ${accounts} where ${accounts.ownerType} = 'player' and ${accounts.ownerId} = ${players.id} and ${accounts.currency} = 'diamonds'), 0)`,
        boundAgentId: players.boundAgentId,
        agentId: ownAgent.id,
        createdAt: localTime(players.createdAt, timeZone),
      })
      .from(players)
      .leftJoin(ownAgent, eq(ownAgent.playerId, players.id)),
  filter: playerFilter,
  columns: ({ plain, text }) => [
    plain('csvPlayerId', (r) => r.playerId),
    text('csvNickname', (r) => r.nickname),
    text('csvMobile', (r) => r.mobile),
    plain('csvDiamonds', (r) => Number(r.diamonds)),
    plain('csvBoundAgentId', (r) => r.boundAgentId),
    plain('csvOwnAgentId', (r) => r.agentId),
    plain('csvCreatedAt', (r) => r.createdAt),
  ],
  // Newest first, as the list: down (created_at, id), the key of the last row read.
  id: [players.id, (r) => r.playerId],
  at: [players.createdAt, (r) => r.keyAt],
});
