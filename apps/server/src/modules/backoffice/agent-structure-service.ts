import { MOVE_PREVIEW_LIST_MAX, type MoveRefusal, type TAdminAgent } from '@promoter/contract';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { agents, players } from '../../db/schema';
import { AppError } from '../../errors';
import { DEFAULT_LOCALE, type Locale, type MessageKey, translate } from '../../i18n/messages';
import { levelPriceFen } from '../agents/pricing';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { notify } from '../notifications/notification-service';
import { loadAgent } from './agent-admin-service';

/**
 * The shape of the tree, changed by an operator (decision 018): an agent's level, an agent's parent.
 *
 * The invariant: a child's level is greater than its parent's (levels 1..3, so the tree is at most three deep; and
 * since levels rise strictly down every branch, no branch can loop back on itself either).
 *
 * Every change locks, in one statement and in ascending id order (`FOR NO KEY UPDATE`, which leaves the foreign keys
 * of new orders and sessions free), every row whose level or parent its checks read: a level change locks the agent,
 * its parent and its children; a move locks the agent, its old parent, the new parent and the new parent's
 * ancestors, the old parent's ancestors (whose team sizes it changes) and its children (whose prices it may clear). Two changes that read a common row therefore run one after the other, and the second checks what the
 * first wrote. The rows to lock are read first without a lock; if the neighbourhood changed before the lock was
 * granted, the transaction starts again. A new child (registration with an inviter, setChildAgent) reads its
 * parent's level `FOR SHARE`, so it waits for a level change of that parent, and a level change sees it.
 */

interface LockedAgent {
  id: number;
  level: number;
  parentId: number | null;
  priceFen: number | null;
}

/** The neighbourhood changed between the first read and the lock: start the transaction again. */
class NeighbourhoodChanged extends Error {}

const ATTEMPTS = 5;

async function withStableNeighbourhood<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!(error instanceof NeighbourhoodChanged)) throw error;
      if (attempt >= ATTEMPTS) throw new AppError('agentTreeBusy');
    }
  }
}

/** Locks these agents' rows in ascending id order, in one statement: two changes cannot wait for each other. */
async function lockAgents(tx: Tx, ids: readonly number[]): Promise<Map<number, LockedAgent>> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: agents.id, level: agents.level, parentId: agents.parentId, priceFen: agents.priceFen })
    .from(agents)
    .where(inArray(agents.id, unique))
    .orderBy(agents.id)
    .for('no key update');
  return new Map(rows.map((row) => [row.id, row]));
}

async function childrenOf(db: DbOrTx, agentId: number) {
  return db.select({ id: agents.id, level: agents.level }).from(agents).where(eq(agents.parentId, agentId));
}

/** The agent and the agents above it, nearest first (at most three when the tree is sound). */
async function lineUp(db: DbOrTx, agentId: number): Promise<{ id: number; level: number }[]> {
  const result = await db.execute<{ id: number; level: number }>(
    sql`select line.id, line.level from agent_line(${agentId}) line order by line.depth`,
  );
  return result.rows.map((row) => ({ id: Number(row.id), level: Number(row.level) }));
}

interface SubtreeMember {
  agentId: number;
  nickname: string;
  level: number;
  status: 'active' | 'frozen' | 'pending';
  parentId: number | null;
  depth: number;
}

/** The agent and everything below it: how many, how deep, and the first ones by depth then id. */
async function subtreeOf(db: DbOrTx, agentId: number, limit: number) {
  const result = await db.execute<{
    agent_id: number;
    nickname: string;
    level: number;
    status: SubtreeMember['status'];
    parent_id: number | null;
    depth: number;
    total: number;
    deepest: number;
  }>(sql`
    with down(id, depth) as (
      select ${agentId}::int, 0 union all select team.id, team.depth from agent_team(${agentId}) team
    )
    select a.id as agent_id, p.nickname, a.level, a.status, a.parent_id, down.depth,
           count(*) over ()::int as total, max(down.depth) over ()::int as deepest
    from down join agents a on a.id = down.id join players p on p.id = a.player_id
    order by down.depth, a.id
    limit ${limit}`);
  const first = result.rows[0];
  return {
    total: Number(first?.total ?? 0),
    /** How many levels stand below the agent (0: none). */
    height: Number(first?.deepest ?? 0),
    list: result.rows.map((row): SubtreeMember => ({
      agentId: Number(row.agent_id),
      nickname: row.nickname,
      level: Number(row.level),
      status: row.status,
      parentId: row.parent_id === null ? null : Number(row.parent_id),
      depth: Number(row.depth),
    })),
  };
}

/**
 * An agent's price, once its parent-set price is gone, is its level's price; its children's parent-set prices
 * below that would make them pay less than their parent: they are removed too (they pay their level's price).
 * Answers the children whose price would go, without writing anything.
 */
async function childPricesBelow(db: DbOrTx, agentId: number, ownPriceFen: number): Promise<number[]> {
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.parentId, agentId), isNotNull(agents.priceFen), lt(agents.priceFen, ownPriceFen)))
    .orderBy(agents.id);
  return rows.map((row) => row.id);
}

/** Removes the agent's parent-set price and its children's that fall below its new own price; answers whose. */
async function clearPrices(tx: Tx, agent: LockedAgent, level: number): Promise<number[]> {
  const children = await childPricesBelow(tx, agent.id, await levelPriceFen(tx, level));
  const cleared = [...(agent.priceFen === null ? [] : [agent.id]), ...children];
  if (cleared.length > 0) await tx.update(agents).set({ priceFen: null }).where(inArray(agents.id, cleared));
  return cleared;
}

// ---- level ---------------------------------------------------------------------------------------------------------

export interface ChangeLevelInput {
  agentId: number;
  level: number;
  expectedLevel: number;
  reason: string;
  /** What the agent reads with the change (its inbox); the reason stays internal. */
  notice?: string | undefined;
}

/**
 * Changes an agent's level: a compare-and-set on the level the operator saw, refused when it would not stay greater
 * than its parent's or lower than each child's. The agent's parent-set price goes (it pays its new level's price), and
 * so do its children's prices that would fall below that. Audited with before and after.
 */
export async function changeAgentLevel(
  db: Db,
  actor: AuditActor,
  input: ChangeLevelInput,
): Promise<{ agent: TAdminAgent; pricesCleared: number[] }> {
  const pricesCleared = await withStableNeighbourhood(db, async (tx) => {
    const [seen] = await tx
      .select({ parentId: agents.parentId })
      .from(agents)
      .where(eq(agents.id, input.agentId));
    if (!seen) throw new AppError('agentNotFound');
    const seenChildren = await childrenOf(tx, input.agentId);
    const locked = await lockAgents(tx, [
      input.agentId,
      ...(seen.parentId === null ? [] : [seen.parentId]),
      ...seenChildren.map((child) => child.id),
    ]);
    const agent = locked.get(input.agentId);
    if (!agent) throw new AppError('agentNotFound');
    const children = await childrenOf(tx, input.agentId);
    if (agent.parentId !== seen.parentId || children.some((child) => !locked.has(child.id)))
      throw new NeighbourhoodChanged();

    if (agent.level !== input.expectedLevel) throw new AppError('agentLevelChanged', { level: agent.level });
    if (input.level === agent.level) throw new AppError('agentLevelUnchanged', { level: agent.level });
    const parent = agent.parentId === null ? undefined : locked.get(agent.parentId);
    if (parent && input.level <= parent.level)
      throw new AppError('agentLevelNotBelowParent', { parentId: parent.id, parentLevel: parent.level });
    const blocking = children
      .filter((child) => child.level <= input.level)
      .sort((a, b) => a.level - b.level || a.id - b.id)[0];
    if (blocking)
      throw new AppError('agentLevelNotAboveChildren', { childId: blocking.id, childLevel: blocking.level });

    await tx.update(agents).set({ level: input.level }).where(eq(agents.id, agent.id));
    const cleared = await clearPrices(tx, agent, input.level);
    await recordAudit(tx, actor, {
      action: 'agent.changeLevel',
      target: { type: 'agent', id: String(agent.id) },
      before: { level: agent.level, priceFen: agent.priceFen },
      after: {
        level: input.level,
        reason: input.reason,
        ...(input.notice ? { notice: input.notice } : {}),
        pricesCleared: cleared,
      },
    });
    await notify(tx, {
      agentId: agent.id,
      kind: 'levelChanged',
      params: { from: agent.level, to: input.level, note: input.notice ?? '' },
      ref: { type: 'agent', id: String(agent.id) },
    });
    return cleared;
  });
  return { agent: await loadAgent(db, input.agentId), pricesCleared };
}

// ---- parent --------------------------------------------------------------------------------------------------------

interface Refusal {
  refusal: MoveRefusal;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Whether `agent` may stand under `newParentId` (null: the top of its own tree), given the new parent's line up
 * (itself first; empty when it does not exist). The first refusal found, or null.
 */
function judgeMove(
  agent: { id: number; level: number; parentId: number | null },
  newParentId: number | null,
  newParentLine: readonly { id: number; level: number }[],
): Refusal | null {
  const newParent = newParentLine[0];
  if (newParentId !== null && !newParent)
    return { refusal: 'parentNotFound', key: 'moveParentNotFound', params: { parentId: newParentId } };
  if (newParentId === agent.id) return { refusal: 'self', key: 'moveSelf' };
  if (newParentId === agent.parentId) return { refusal: 'unchanged', key: 'moveUnchanged' };
  if (newParentLine.some((above) => above.id === agent.id))
    return { refusal: 'cycle', key: 'moveCycle', params: { parentId: newParentId ?? 0 } };
  if (newParent && newParent.level >= agent.level)
    return {
      refusal: 'level',
      key: 'moveLevel',
      params: { parentId: newParent.id, parentLevel: newParent.level, level: agent.level },
    };
  return null;
}

async function agentRow(db: DbOrTx, agentId: number) {
  const [row] = await db
    .select({ id: agents.id, level: agents.level, parentId: agents.parentId, priceFen: agents.priceFen })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!row) throw new AppError('agentNotFound');
  return row;
}

async function agentRef(db: DbOrTx, agentId: number) {
  const [row] = await db
    .select({ agentId: agents.id, nickname: players.nickname, level: agents.level, status: agents.status })
    .from(agents)
    .innerJoin(players, eq(players.id, agents.playerId))
    .where(eq(agents.id, agentId));
  return row ?? null;
}

/**
 * What moving an agent would do, read without locks: the subtree that moves with it (count and first page), how deep
 * it would stand, whose parent-set prices would go, and whether the move is allowed (the refusal in the operator's
 * language if not). The move itself checks all of it again under its locks.
 */
export async function previewMove(
  db: DbOrTx,
  input: { agentId: number; newParentId?: number },
  locale: Locale = DEFAULT_LOCALE,
) {
  const agent = await agentRow(db, input.agentId);
  const newParentId = input.newParentId ?? null;
  const line = newParentId === null ? [] : await lineUp(db, newParentId);
  const judged = judgeMove(agent, newParentId, line);
  const subtree = await subtreeOf(db, agent.id, MOVE_PREVIEW_LIST_MAX);
  const self = subtree.list[0];
  if (!self) throw new AppError('agentNotFound');
  const children = await childPricesBelow(db, agent.id, await levelPriceFen(db, agent.level));
  const depth = line.length + 1;
  return {
    agent: {
      agentId: self.agentId,
      nickname: self.nickname,
      level: self.level,
      status: self.status,
      parentId: agent.parentId,
    },
    newParent: line[0] ? await agentRef(db, line[0].id) : null,
    allowed: judged === null,
    refusal: judged?.refusal ?? null,
    message: judged ? translate(locale, judged.key, judged.params) : null,
    subtree: { total: subtree.total, list: subtree.list },
    depthAfter: { agent: depth, deepest: depth + subtree.height },
    pricesCleared: [...(agent.priceFen === null ? [] : [agent.id]), ...children],
  };
}

export interface MoveInput {
  agentId: number;
  newParentId: number | null;
  expectedParentId: number | null;
  reason: string;
}

/**
 * Moves an agent, and its downline with it, under another parent (or to the top): a compare-and-set on the parent the
 * operator saw, every check of the preview done again under the locks, so two moves at once cannot make a loop nor
 * break the levels. The agent's parent-set price goes (the new parent never set it), and its children's that would
 * fall below its level's price. Orders already placed keep the upline they were priced with (orders.pricing), so their
 * profit is paid to the old line when their payment lands. Audited with before and after.
 */
export async function moveAgent(
  db: Db,
  actor: AuditActor,
  input: MoveInput,
): Promise<{ agent: TAdminAgent; moved: number; pricesCleared: number[] }> {
  const result = await withStableNeighbourhood(db, async (tx) => {
    const seen = await agentRow(tx, input.agentId);
    const seenLine = input.newParentId === null ? [] : await lineUp(tx, input.newParentId);
    // The old parent's line too: the move takes the team from its team sizes (triggers agents_team_size_*, decision
    // 024), so its rows are locked here in id order with the rest rather than one by one by the trigger.
    const seenOldLine = seen.parentId === null ? [] : await lineUp(tx, seen.parentId);
    // The children too: their prices may be cleared below, and their own level changes lock this agent.
    const seenChildren = await childrenOf(tx, input.agentId);
    const locked = await lockAgents(tx, [
      input.agentId,
      ...seenOldLine.map((above) => above.id),
      ...seenLine.map((above) => above.id),
      ...seenChildren.map((child) => child.id),
    ]);
    const agent = locked.get(input.agentId);
    if (!agent) throw new AppError('agentNotFound');
    const line = input.newParentId === null ? [] : await lineUp(tx, input.newParentId);
    const children = await childrenOf(tx, input.agentId);
    if (
      agent.parentId !== seen.parentId ||
      line.some((above) => !locked.has(above.id)) ||
      children.some((child) => !locked.has(child.id))
    )
      throw new NeighbourhoodChanged();

    if (agent.parentId !== input.expectedParentId)
      throw agent.parentId === null
        ? new AppError('agentParentChangedToTop')
        : new AppError('agentParentChanged', { parentId: agent.parentId });
    const judged = judgeMove(agent, input.newParentId, line);
    if (judged) throw new AppError(judged.key, judged.params);

    await tx.update(agents).set({ parentId: input.newParentId }).where(eq(agents.id, agent.id));
    const cleared = await clearPrices(tx, agent, agent.level);
    const { total } = await subtreeOf(tx, agent.id, 1);
    await recordAudit(tx, actor, {
      action: 'agent.move',
      target: { type: 'agent', id: String(agent.id) },
      before: { parentId: agent.parentId, priceFen: agent.priceFen },
      after: { parentId: input.newParentId, reason: input.reason, moved: total, pricesCleared: cleared },
    });
    return { moved: total, pricesCleared: cleared };
  });
  return { agent: await loadAgent(db, input.agentId), ...result };
}
