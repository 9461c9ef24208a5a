import type { TGameEvent } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { EVENT_COLUMNS, gameEventOf } from '../game-delivery/delivery-service';

/**
 * The game's pull feed (decision 040): the outbox's events after a cursor, for a game that polls instead of, or
 * besides, receiving deliveries, and to reconcile. Events are ordered by their writing transaction's id, then their
 * position in it, and the feed serves only transactions older than every transaction still running
 * (`pg_snapshot_xmin`): a transaction that began early and commits late is served before any later one, so a reader
 * that follows `next` never skips an event. The price: an event waits while an older transaction is still open.
 */
export async function readFeed(
  db: DbOrTx,
  query: { after?: string; limit: number },
): Promise<{ events: TGameEvent[]; next: string | null }> {
  const [txid, position] = query.after ? query.after.split('.') : ['0', '0'];
  const result = await db.execute<Parameters<typeof gameEventOf>[0] & { txid: string; position: string }>(sql`
    select ${EVENT_COLUMNS}, e.txid::text as txid, e.position
      from game_events e
     where (e.txid, e.position) > (${txid}::xid8, ${position}::bigint)
       and e.txid < pg_snapshot_xmin(pg_current_snapshot())
     order by e.txid, e.position
     limit ${query.limit}`);
  const last = result.rows.at(-1);
  return {
    events: result.rows.map(gameEventOf),
    next: last ? `${last.txid}.${last.position}` : (query.after ?? null),
  };
}
