import {
  ResponseCode,
  type TAgentUser,
  clientLinks,
  clientUrl,
  fenToMoney,
  type AgentLevel,
} from '@promoter/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, agents, ledgerEntries, players } from '../../db/schema';
import { AppError } from '../../errors';
import { getPlatformTimeZone } from '../options/options-service';

export interface AgentRow {
  id: number;
  playerId: number;
  level: number;
  parentId: number | null;
  status: 'active' | 'frozen' | 'pending';
}

/** The agent behind a session; a frozen or pending one answers 1002 with the reason. */
export async function loadActiveAgent(db: DbOrTx, agentId: number): Promise<AgentRow> {
  const [agent] = await db
    .select({
      id: agents.id,
      playerId: agents.playerId,
      level: agents.level,
      parentId: agents.parentId,
      status: agents.status,
    })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent) throw new AppError('sessionExpired', undefined, ResponseCode.notSignedIn);
  assertAgentUsable(agent.status);
  return agent;
}

export function assertAgentUsable(status: AgentRow['status']): void {
  if (status === 'frozen') throw new AppError('agentFrozen', undefined, ResponseCode.agentUnavailable);
  if (status === 'pending') throw new AppError('agentPending', undefined, ResponseCode.agentUnavailable);
}

export const inviteUrl = (publicUrl: string, agentId: number) =>
  clientUrl(publicUrl, clientLinks.signUp.getHref({ from: agentId }));

/**
 * The agent as getUser answers it: profile, balance and diamonds, and today's profit and diamonds sold, summed
 * from the ledger since midnight in the platform's time zone.
 */
export async function loadAgentUser(db: DbOrTx, agentId: number, publicUrl: string): Promise<TAgentUser> {
  const [row] = await db
    .select({
      agentId: agents.id,
      playerId: agents.playerId,
      level: agents.level,
      status: agents.status,
      parentId: agents.parentId,
      nickname: players.nickname,
      avatar: players.avatar,
      mobile: players.mobile,
    })
    .from(agents)
    .innerJoin(players, eq(players.id, agents.playerId))
    .where(eq(agents.id, agentId));
  if (!row) throw new AppError('sessionExpired', undefined, ResponseCode.notSignedIn);

  const tz = await getPlatformTimeZone(db);
  const own = await db
    .select({ id: accounts.id, currency: accounts.currency, value: accounts.value })
    .from(accounts)
    .where(and(eq(accounts.ownerType, 'agent'), eq(accounts.ownerId, agentId)));
  const balance = own.find((a) => a.currency === 'balance');
  const diamonds = own.find((a) => a.currency === 'diamonds');

  let todayProfit = 0;
  let todayDiamonds = 0;
  if (own.length > 0) {
    const [today] = await db
      .select({
        profit: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.accountId} = ${balance?.id ?? 0} and ${ledgerEntries.billType} = 5), 0)::bigint`,
        sold: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.accountId} = ${diamonds?.id ?? 0} and ${ledgerEntries.billType} in (2, 3)), 0)::bigint`,
      })
      .from(ledgerEntries)
      .where(
        and(
          inArray(
            ledgerEntries.accountId,
            own.map((a) => a.id),
          ),
          inArray(ledgerEntries.billType, [2, 3, 5]),
          sql`${ledgerEntries.createdAt} >= (date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`,
        ),
      );
    todayProfit = Number(today?.profit ?? 0);
    todayDiamonds = Number(today?.sold ?? 0);
  }

  return {
    agentId: row.agentId,
    playerId: row.playerId,
    nickname: row.nickname,
    avatar: row.avatar,
    level: row.level as AgentLevel,
    status: row.status,
    balance: fenToMoney(balance?.value ?? 0),
    diamonds: diamonds?.value ?? 0,
    todayProfit: fenToMoney(todayProfit),
    todayDiamonds,
    mobile: row.mobile,
    parentId: row.parentId,
    inviteUrl: inviteUrl(publicUrl, row.agentId),
  };
}
