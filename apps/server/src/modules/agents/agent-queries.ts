import {
  ResponseCode,
  type TAgentUser,
  clientLinks,
  clientUrl,
  fenToMoney,
  type AgentLevel,
  type AgentStatus,
} from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Prepared, runPrepared } from '../../db/prepared';
import { agents } from '../../db/schema';
import { AppError } from '../../errors';
import { OPTION_DEFAULTS } from '../options/options-service';

export interface AgentRow {
  id: number;
  playerId: number;
  level: number;
  parentId: number | null;
  status: AgentStatus;
}

/** The agent behind a session; a frozen, pending or refused one answers 1002 with the reason. */
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
  if (status === 'refused') throw new AppError('agentRefused', undefined, ResponseCode.agentUnavailable);
}

export const inviteUrl = (publicUrl: string, agentId: number) =>
  clientUrl(publicUrl, clientLinks.signUp.getHref({ from: agentId }));

/**
 * getUser's figures (decision 023): the agent and its player, its two accounts, and today's profit and diamonds sold,
 * summed from the ledger since midnight in the platform's time zone. The time zone is the option's row read inside
 * the same statement (else the default): always the current one, with no round trip and no cache to invalidate.
 * `$agent` is the agent's id as the statement knows it.
 */
export const agentUserSql = (agent: string, timezoneDefault: string) => `tz as (
  select coalesce((select value from options where key = 'platform.timezone'), ${timezoneDefault}::text) as name
), own as (
  select id, currency, value from accounts where owner_type = 'agent' and owner_id = ${agent}
), today as (
  select coalesce(sum(e.amount) filter (where own.currency = 'balance' and e.bill_type = 5), 0)::bigint as profit,
         coalesce(sum(e.amount) filter (where own.currency = 'diamonds' and e.bill_type in (2, 3)), 0)::bigint as sold
    from own join ledger_entries e on e.account_id = own.id, tz
   where e.bill_type in (2, 3, 5)
     and e.created_at >= (date_trunc('day', now() at time zone tz.name) at time zone tz.name)
), agent_user as (
  select a.id, a.player_id, a.level, a.status, a.parent_id, p.nickname, p.avatar, p.mobile,
         (select value from own where currency = 'balance') as balance,
         (select value from own where currency = 'diamonds') as diamonds,
         (select value from own where currency = 'owed') as owed,
         today.profit, today.sold
    from agents a join players p on p.id = a.player_id, today
   where a.id = ${agent}
)`;

/** The agent's figures by its id: login, registration and the password reset answer the user with it. */
const AGENT_USER: Prepared = {
  name: 'agent_user_v3',
  text: `with ${agentUserSql('$1::int', '$2')}
select * from agent_user`,
};

export interface AgentUserRow {
  id: number;
  player_id: number;
  level: number;
  status: AgentRow['status'];
  parent_id: number | null;
  nickname: string;
  avatar: string;
  mobile: string | null;
  balance: number | null;
  diamonds: number | null;
  owed: number | null;
  profit: number;
  sold: number;
}

/**
 * The agent as getUser answers it: profile, balance and diamonds, and today's profit and diamonds sold, summed
 * from the ledger since midnight in the platform's time zone. One round trip.
 */
export async function loadAgentUser(db: DbOrTx, agentId: number, publicUrl: string): Promise<TAgentUser> {
  const [row] = await runPrepared<AgentUserRow>(db, AGENT_USER, [
    agentId,
    OPTION_DEFAULTS['platform.timezone'].value,
  ]);
  if (!row) throw new AppError('sessionExpired', undefined, ResponseCode.notSignedIn);
  return agentUserOf(row, publicUrl);
}

export function agentUserOf(row: AgentUserRow, publicUrl: string): TAgentUser {
  return {
    agentId: row.id,
    playerId: row.player_id,
    nickname: row.nickname,
    avatar: row.avatar,
    level: row.level as AgentLevel,
    status: row.status,
    balance: fenToMoney(row.balance ?? 0),
    owed: fenToMoney(row.owed ?? 0),
    diamonds: row.diamonds ?? 0,
    todayProfit: fenToMoney(row.profit),
    todayDiamonds: row.sold,
    mobile: row.mobile,
    parentId: row.parent_id,
    inviteUrl: inviteUrl(publicUrl, row.id),
  };
}
