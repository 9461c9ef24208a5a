import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Whether `agentId` is `ancestorId` itself or below it: the tree's one walk up, `agent_line`
 * (src/db/functions/agent-tree.sql, decision 039).
 */
export async function isInDownline(db: DbOrTx, ancestorId: number, agentId: number): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists(select 1 from agent_line(${agentId}) line where line.id = ${ancestorId}) as found`,
  );
  return result.rows[0]?.found === true;
}
