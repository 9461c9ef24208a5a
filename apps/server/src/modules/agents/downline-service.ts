import {
  type AgentLevel,
  type AgentStatus,
  fenToMoney,
  moneyToFen,
  type TChildAgent,
  type TTreeNode,
} from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, players } from '../../db/schema';
import { AppError } from '../../errors';
import { levelPriceFen, retailPriceFen } from './pricing';

interface SubtreeRow extends Record<string, unknown> {
  id: number;
  parent_id: number | null;
  level: number;
  status: AgentStatus;
  price_fen: number | null;
  nickname: string;
  avatar: string;
  created_at: Date | string;
  depth: number;
}

/** The caller and everything below it, in one recursive query. */
async function subtree(db: DbOrTx, rootId: number): Promise<SubtreeRow[]> {
  const result = await db.execute<SubtreeRow>(sql`
    with recursive down as (
      select a.id, a.parent_id, a.level, a.status, a.price_fen, a.player_id, a.created_at, 0 as depth from agents a where a.id = ${rootId}
      union all
      select a.id, a.parent_id, a.level, a.status, a.price_fen, a.player_id, a.created_at, down.depth + 1
      from agents a join down on a.parent_id = down.id
    )
    select down.id, down.parent_id, down.level, down.status, down.price_fen, down.created_at, down.depth, p.nickname, p.avatar
    from down join players p on p.id = down.player_id
    order by down.depth, down.id`);
  return result.rows;
}

async function levelPrices(db: DbOrTx): Promise<Record<number, number>> {
  return { 1: await levelPriceFen(db, 1), 2: await levelPriceFen(db, 2), 3: await levelPriceFen(db, 3) };
}

/** Team size of each agent: how many agents stand below it. */
function teamSizes(rows: SubtreeRow[]): Map<number, number> {
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  const sizes = new Map<number, number>(rows.map((r) => [r.id, 0]));
  for (const row of rows) {
    for (let p = parentOf.get(row.id) ?? null; p !== null && sizes.has(p); p = parentOf.get(p) ?? null) {
      sizes.set(p, (sizes.get(p) ?? 0) + 1);
    }
  }
  return sizes;
}

export async function downlineTree(db: Db, agentId: number): Promise<{ root: TTreeNode }> {
  const rows = await subtree(db, agentId);
  const prices = await levelPrices(db);
  const sizes = teamSizes(rows);
  const nodes = new Map<number, TTreeNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      agentId: row.id,
      nickname: row.nickname,
      level: row.level as AgentLevel,
      price: fenToMoney(row.price_fen ?? (prices[row.level] as number)),
      teamSize: sizes.get(row.id) ?? 0,
      status: row.status,
      children: [],
    });
  }
  for (const row of rows)
    if (row.id !== agentId && row.parent_id !== null)
      nodes.get(row.parent_id)?.children.push(nodes.get(row.id) as TTreeNode);
  return { root: nodes.get(agentId) as TTreeNode };
}

/** Direct children with their team sizes; keyword matches an agent id exactly or a nickname in part. */
export async function listChildren(
  db: Db,
  agentId: number,
  query: { keyword?: string; page: number; pageSize: number },
) {
  const rows = await subtree(db, agentId);
  const prices = await levelPrices(db);
  const sizes = teamSizes(rows);
  const keyword = query.keyword?.toLowerCase();
  const children = rows
    .filter((r) => r.parent_id === agentId)
    .filter((r) => !keyword || String(r.id) === keyword || r.nickname.toLowerCase().includes(keyword));
  const page = children.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const list: TChildAgent[] = page.map((r) => ({
    agentId: r.id,
    nickname: r.nickname,
    avatar: r.avatar,
    level: r.level as AgentLevel,
    price: fenToMoney(r.price_fen ?? (prices[r.level] as number)),
    teamSize: sizes.get(r.id) ?? 0,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return { list, total: children.length, page: query.page, pageSize: query.pageSize };
}

async function childDto(db: DbOrTx, childId: number): Promise<TChildAgent> {
  const [row] = await db
    .select({
      id: agents.id,
      level: agents.level,
      status: agents.status,
      priceFen: agents.priceFen,
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
    teamSize: 0,
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
    // FOR SHARE: an operator's change of my level waits for this child, or this child for it (decision 018).
    const [me] = await tx
      .select({ level: agents.level })
      .from(agents)
      .where(eq(agents.id, agentId))
      .for('share');
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
