import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Whether `agentId` is `ancestorId` itself or below it. The tree is at most three deep. */
export async function isInDownline(db: DbOrTx, ancestorId: number, agentId: number): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from agents where id = ${agentId}
      union all
      select a.id, a.parent_id from agents a join up on a.id = up.parent_id
    )
    select exists(select 1 from up where id = ${ancestorId}) as found`);
  return result.rows[0]?.found === true;
}
