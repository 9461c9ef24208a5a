import { BillType, type AgentLevel, type TRecentTransfer } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

interface RecentTransferRow extends Record<string, unknown> {
  agent_id: number;
  nickname: string;
  avatar: string;
  level: number;
  last_at: Date | string;
  last_diamonds: string | number;
}

/**
 * The agents the caller transferred diamonds to, each once with its newest transfer, newest first (the header's
 * contacts, decision 021). Read from the caller's own ledger: its diamonds account's transfer-out entries (type 3), whose
 * counterparty is the agent that received them, walked on `ledger_account_type_time_idx_v2`. Only agents still in
 * the caller's downline are listed: one the operator moved to another line is left out, as a transfer to it would
 * be refused. The tree is at most three deep (DESIGN: each level below its parent's), so an agent of the downline is
 * a child or a grandchild. One statement.
 */
export async function recentTransfers(
  db: DbOrTx,
  agentId: number,
  query: { limit: number },
): Promise<{ list: TRecentTransfer[] }> {
  const result = await db.execute<RecentTransferRow>(sql`
    with last as (
      select distinct on (e.counterparty_id)
             e.counterparty_id as agent_id, e.created_at, e.id, -e.amount as diamonds
      from ledger_entries e
      where e.account_id = (
              select id from accounts
              where owner_type = 'agent' and owner_id = ${agentId} and currency = 'diamonds'
            )
        and e.bill_type = ${BillType.transferOut}
        and e.counterparty_type = 'agent'
      order by e.counterparty_id, e.created_at desc, e.id desc
    )
    select a.id as agent_id, p.nickname, p.avatar, a.level, last.created_at as last_at,
           last.diamonds as last_diamonds
    from last
    join agents a on a.id = last.agent_id
    join players p on p.id = a.player_id
    where a.id in (select team.id from agent_team(${agentId}) team)
    order by last.created_at desc, last.id desc
    limit ${query.limit}`);
  return {
    list: result.rows.map((row) => ({
      agentId: row.agent_id,
      nickname: row.nickname,
      avatar: row.avatar,
      level: row.level as AgentLevel,
      lastTransferAt: new Date(row.last_at).toISOString(),
      lastDiamonds: Number(row.last_diamonds),
    })),
  };
}
