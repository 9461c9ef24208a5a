import {
  type AgentLevel,
  type AgentStatus,
  fenToMoney,
  moneyToFen,
  type TChildAgent,
  TREE_CHILDREN_MAX,
  type TTreeNode,
} from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, players } from '../../db/schema';
import { AppError } from '../../errors';
import { isInDownline } from './agent-tree';
import { levelPriceFen, levelPricesFen, retailPriceFen } from './pricing';

/** An agent as its upline sees it, with the counts the database keeps (decision 024). */
interface CardRow extends Record<string, unknown> {
  id: number;
  level: number;
  status: AgentStatus;
  price_fen: number | null;
  created_at: Date | string;
  team_size: number;
  child_count: number;
  nickname: string;
  avatar: string;
  depth: number;
  total: number;
}

const priceOf = (row: CardRow, prices: Record<number, number>) =>
  fenToMoney(row.price_fen ?? (prices[row.level] as number));

function toTreeNode(row: CardRow, prices: Record<number, number>): TTreeNode {
  return {
    agentId: row.id,
    nickname: row.nickname,
    level: row.level as AgentLevel,
    price: priceOf(row, prices),
    teamSize: row.team_size,
    childCount: row.child_count,
    status: row.status,
    children: [],
  };
}

const CARD_COLUMNS = sql`a.id, a.level, a.status, a.price_fen, a.created_at, a.team_size, a.child_count, p.nickname, p.avatar`;

/** The caller itself, or an agent of its downline (else: not the caller's, 10003-like refusal). */
async function nodeInDownline(db: DbOrTx, agentId: number, nodeId: number | undefined): Promise<number> {
  if (nodeId === undefined || nodeId === agentId) return agentId;
  if (!(await isInDownline(db, agentId, nodeId))) throw new AppError('notYourDownline');
  return nodeId;
}

/**
 * One level of the tree (decision 024): the node (the caller, or `parentId` of its downline) and at most
 * TREE_CHILDREN_MAX of its children, the biggest teams first, each with its kept team size and child count. Two
 * indexed reads, whatever the size of the downline; a deeper level is asked for when it is opened.
 */
export async function downlineTree(
  db: Db,
  agentId: number,
  input: { parentId?: number } = {},
): Promise<{ root: TTreeNode }> {
  const nodeId = await nodeInDownline(db, agentId, input.parentId);
  const result = await db.execute<CardRow>(sql`
    (select ${CARD_COLUMNS}, 0 as depth, 0 as total from agents a join players p on p.id = a.player_id
      where a.id = ${nodeId})
    union all
    (select ${CARD_COLUMNS}, 1 as depth, 0 as total from agents a join players p on p.id = a.player_id
      where a.parent_id = ${nodeId}
      order by a.team_size desc, a.id
      limit ${TREE_CHILDREN_MAX})`);
  const prices = await levelPricesFen(db);
  const [node, ...children] = result.rows;
  if (!node) throw new AppError('agentNotFound');
  return { root: { ...toTreeNode(node, prices), children: children.map((row) => toTreeNode(row, prices)) } };
}

/**
 * A page of child agents with their kept team sizes: the direct children of the caller or of `parentId` (an agent
 * of its downline), oldest first; or, with scope `team`, every agent below the caller (three levels at most),
 * nearest first. The keyword matches an agent id exactly or a nickname in part. One statement: the page and its
 * total (a window count); a page past the end asks the total alone.
 */
export async function listChildren(
  db: Db,
  agentId: number,
  query: { keyword?: string; page: number; pageSize: number; parentId?: number; scope?: 'direct' | 'team' },
) {
  const team = query.scope === 'team';
  const nodeId = team ? agentId : await nodeInDownline(db, agentId, query.parentId);
  const keyword = query.keyword?.trim();
  const matches = keyword
    ? sql`and (a.id::text = ${keyword} or p.nickname ilike ${`%${keyword.replace(/[\\%_]/g, '\\$&')}%`})`
    : sql``;
  const members = team
    ? sql`select ${CARD_COLUMNS}, down.depth, count(*) over () as total
        from agent_team(${nodeId}) down join agents a on a.id = down.id join players p on p.id = a.player_id
        where true ${matches}
        order by down.depth, a.id`
    : sql`select ${CARD_COLUMNS}, 1 as depth, count(*) over () as total
        from agents a join players p on p.id = a.player_id
        where a.parent_id = ${nodeId} ${matches}
        order by a.id`;
  const result = await db.execute<CardRow>(
    sql`${members} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const rows = result.rows;
  const total =
    rows.length > 0
      ? Number(rows[0]?.total)
      : query.page === 1
        ? 0
        : Number(
            (await db.execute<{ n: number }>(sql`select count(*)::int as n from (${members}) counted`))
              .rows[0]?.n ?? 0,
          );
  const prices = await levelPricesFen(db);
  const list: TChildAgent[] = rows.map((r) => ({
    agentId: r.id,
    nickname: r.nickname,
    avatar: r.avatar,
    level: r.level as AgentLevel,
    price: priceOf(r, prices),
    teamSize: r.team_size,
    childCount: r.child_count,
    depth: Number(r.depth),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return { list, total, page: query.page, pageSize: query.pageSize };
}

async function childDto(db: DbOrTx, childId: number): Promise<TChildAgent> {
  const [row] = await db
    .select({
      id: agents.id,
      level: agents.level,
      status: agents.status,
      priceFen: agents.priceFen,
      teamSize: agents.teamSize,
      childCount: agents.childCount,
      createdAt: agents.createdAt,
      nickname: players.nickname,
      avatar: players.avatar,
    })
    .from(agents)
    .innerJoin(players, eq(players.id, agents.playerId))
    .where(eq(agents.id, childId));
  if (!row) throw new AppError('agentNotFound');
  return {
    agentId: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    level: row.level as AgentLevel,
    price: fenToMoney(row.priceFen ?? (await levelPriceFen(db, row.level))),
    teamSize: row.teamSize,
    childCount: row.childCount,
    depth: 1,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A player bound to me becomes my child agent at a level below mine. */
export async function promoteBoundPlayer(
  db: Db,
  agentId: number,
  input: { playerId: number; level: AgentLevel },
): Promise<{ child: TChildAgent }> {
  return db.transaction(async (tx) => {
    // Locked: an operator's change of my level waits for this child, or this child for it (decision 018); FOR NO KEY
    // UPDATE since the new child adds to my team size (triggers agents_team_size_*, decision 024).
    const [me] = await tx
      .select({ level: agents.level })
      .from(agents)
      .where(eq(agents.id, agentId))
      .for('no key update');
    if (!me || input.level <= me.level) throw new AppError('inviterNotAllowed');
    // Locks the player row: two promotions of one player cannot both pass the checks.
    const [player] = await tx.select().from(players).where(eq(players.id, input.playerId)).for('update');
    if (!player || player.boundAgentId !== agentId) throw new AppError('playerNotBoundToYou');
    const [already] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.playerId, player.id));
    if (already) throw new AppError('alreadyAgentPlayer');
    const [row] = await tx
      .insert(agents)
      .values({ playerId: player.id, level: input.level, parentId: agentId })
      .returning({ id: agents.id });
    // An agent is not bound to another agent: its parent is the relation now.
    await tx
      .update(players)
      .set({ boundAgentId: null, boundAt: null })
      .where(and(eq(players.id, player.id), eq(players.boundAgentId, agentId)));
    return { child: await childDto(tx, (row as { id: number }).id) };
  });
}

/** A parent sets a direct child's price between its own price and retail. */
export async function setChildPrice(
  db: Db,
  agentId: number,
  input: { childId: number; price: string },
): Promise<{ childId: number; price: string }> {
  const priceFen = moneyToFen(input.price);
  return db.transaction(async (tx) => {
    // FOR SHARE on my row: an operator's change of my level or parent (which may clear my children's prices below
    // my new price) waits for this one, or this one for it and then reads my new price (decision 018).
    const [me] = await tx
      .select({ level: agents.level, priceFen: agents.priceFen })
      .from(agents)
      .where(eq(agents.id, agentId))
      .for('share');
    const [child] = await tx
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.id, input.childId), eq(agents.parentId, agentId)));
    if (!me || !child) throw new AppError('notYourChild');
    const ownFen = me.priceFen ?? (await levelPriceFen(tx, me.level));
    const retailFen = await retailPriceFen(tx);
    if (priceFen < ownFen || priceFen > retailFen) {
      throw new AppError('priceOutOfRange', { min: fenToMoney(ownFen), max: fenToMoney(retailFen) });
    }
    await tx.update(agents).set({ priceFen }).where(eq(agents.id, child.id));
    return { childId: child.id, price: fenToMoney(priceFen) };
  });
}
