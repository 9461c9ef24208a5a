import { moneyToFen } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { getOption, getOptions } from '../options/options-service';

/** The price per diamond (fen) of a level, from the operator's options. */
export async function levelPriceFen(db: DbOrTx, level: number): Promise<number> {
  const key = level === 1 ? 'price.level1' : level === 2 ? 'price.level2' : 'price.level3';
  return moneyToFen(await getOption(db, key));
}

/** The price per diamond (fen) of every level, in one read of the options. */
export async function levelPricesFen(db: DbOrTx): Promise<Record<1 | 2 | 3, number>> {
  const o = await getOptions(db, ['price.level1', 'price.level2', 'price.level3']);
  return {
    1: moneyToFen(o['price.level1']),
    2: moneyToFen(o['price.level2']),
    3: moneyToFen(o['price.level3']),
  };
}

export async function retailPriceFen(db: DbOrTx): Promise<number> {
  return moneyToFen(await getOption(db, 'price.retail'));
}

/** An agent's own price per diamond: the one its parent set, or its level's price. */
export async function agentPriceFen(db: DbOrTx, agentId: number): Promise<number> {
  const [agent] = await db
    .select({ level: agents.level, priceFen: agents.priceFen })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent) throw new Error(`no agent ${agentId}`);
  return agent.priceFen ?? (await levelPriceFen(db, agent.level));
}
