import { moneyToFen } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type OrderPricing, players } from '../../db/schema';
import { agentPriceFen, retailPriceFen } from '../agents/pricing';
import { getOption } from '../options/options-service';
import { agentPurchaseProfits, playerPurchaseProfits, type Share } from './profit';

/** The agents from `agentId` up (itself first, then its parent...), with each one's level: the tree's one walk. */
async function lineOf(db: DbOrTx, agentId: number) {
  const result = await db.execute<{ id: number; level: number }>(
    sql`select line.id, line.level from agent_line(${agentId}) line order by line.depth`,
  );
  return result.rows.map((row) => ({ agentId: Number(row.id), level: Number(row.level) }));
}

async function commissionRateBp(db: DbOrTx, level: number): Promise<number> {
  const key = level === 1 ? 'commission.level1' : level === 2 ? 'commission.level2' : 'commission.level3';
  return moneyToFen(await getOption(db, key)); // "30" % -> 3000 basis points
}

/**
 * What the buyer pays per diamond and who above it earns what, as of now: taken when an order is created and kept
 * on it (orders.pricing), so the payment that lands later pays exactly what was sold.
 */
export async function priceOrder(
  db: DbOrTx,
  buyer: { playerId: number; agentId: number | null },
): Promise<{ unitPriceFen: number; pricing: OrderPricing }> {
  if (buyer.agentId !== null) {
    const chain = [];
    for (const agent of await lineOf(db, buyer.agentId))
      chain.push({
        agentId: agent.agentId,
        priceFen: await agentPriceFen(db, agent.agentId),
        level: agent.level,
      });
    return { unitPriceFen: chain[0]?.priceFen ?? 0, pricing: { buyer: 'agent', chain } };
  }
  const [player] = await db
    .select({ boundAgentId: players.boundAgentId })
    .from(players)
    .where(eq(players.id, buyer.playerId));
  const chain = [];
  if (player?.boundAgentId)
    for (const agent of await lineOf(db, player.boundAgentId))
      chain.push({
        agentId: agent.agentId,
        rateBp: await commissionRateBp(db, agent.level),
        level: agent.level,
      });
  return { unitPriceFen: await retailPriceFen(db), pricing: { buyer: 'player', chain } };
}

/** The profit shares of a paid order, from the prices it was sold at (DESIGN section 4). */
export function sharesOf(pricing: OrderPricing, order: { diamonds: number; amountFen: number }): Share[] {
  return pricing.buyer === 'agent'
    ? agentPurchaseProfits(pricing.chain, order.diamonds)
    : playerPurchaseProfits(pricing.chain, order.amountFen);
}
