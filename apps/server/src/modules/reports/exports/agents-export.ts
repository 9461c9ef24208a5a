import { fenToMoney } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { accounts, agents, players } from '../../../db/schema';
import type { MessageKey } from '../../../i18n/messages';
import { agentFilter } from '../../backoffice/agent-admin-service';
import { listExport, localTime } from './export-source';

/** An agent's balance or diamonds, none when it has no account of that currency yet. */
const valueOf = (currency: 'balance' | 'diamonds') =>
  sql<number>`coalesce((select ${accounts.value} from ${accounts} where ${accounts.ownerType} = 'agent' and ${accounts.ownerId} = ${agents.id} and ${accounts.currency} = ${currency}), 0)`;

/** The agents as their list filters them, newest first by id, with their balance, diamonds and children. */
export const agentSource = listExport({
  select: ({ db, timeZone }) =>
    db
      .select({
        agentId: agents.id,
        playerId: agents.playerId,
        nickname: players.nickname,
        mobile: players.mobile,
        level: agents.level,
        status: agents.status,
        parentId: agents.parentId,
        balance: valueOf('balance'),
        diamonds: valueOf('diamonds'),
        children: sql<number>`(select count(*) from ${agents} c where c.parent_id = ${agents.id})::int`,
        createdAt: localTime(agents.createdAt, timeZone),
      })
      .from(agents)
      .innerJoin(players, eq(players.id, agents.playerId)),
  filter: agentFilter,
  columns: ({ t, plain, text }) => [
    plain('csvAgentId', (r) => r.agentId),
    plain('csvPlayerId', (r) => r.playerId),
    text('csvNickname', (r) => r.nickname),
    text('csvMobile', (r) => r.mobile),
    plain('csvLevel', (r) => r.level),
    plain('csvLevelName', (r) => t(`csvLevel_${r.level}` as MessageKey)),
    plain('csvStatus', (r) => t(`csvAgent_${r.status}`)),
    plain('csvParentId', (r) => r.parentId),
    plain('csvBalance', (r) => fenToMoney(Number(r.balance))),
    plain('csvDiamonds', (r) => Number(r.diamonds)),
    plain('csvChildren', (r) => r.children),
    plain('csvCreatedAt', (r) => r.createdAt),
  ],
  id: [agents.id, (r) => r.agentId],
});
