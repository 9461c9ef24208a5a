/**
 * The differential profit (级差) of DESIGN section 4, as pure functions. Every share is in whole fen, rounded
 * down, so the shares of one purchase never add up to more than its margin; the fen lost to rounding stays with
 * the platform. A negative difference (a misconfigured price or rate) pays nothing rather than taking money.
 */

export interface PricedAgent {
  agentId: number;
  /** Price per diamond in fen this agent pays (custom or its level's). */
  priceFen: number;
}

export interface Share {
  agentId: number;
  fen: number;
}

/**
 * An agent bought diamonds: each agent above earns (price of the one below − its own price) × diamonds.
 * `chain[0]` is the buyer, then its parent, grandparent...
 */
export function agentPurchaseProfits(chain: readonly PricedAgent[], diamonds: number): Share[] {
  const shares: Share[] = [];
  // What was actually paid per diamond at each step up the line: never more than the buyer paid. With prices
  // falling up the line (the rule) this is the price of the one below; a misconfigured higher price in between
  // cannot make an agent above earn money nobody paid.
  let paidBelow = chain[0]?.priceFen ?? 0;
  for (const self of chain.slice(1)) {
    const fen = Math.max(0, paidBelow - self.priceFen) * diamonds;
    if (fen > 0) shares.push({ agentId: self.agentId, fen });
    paidBelow = Math.min(paidBelow, self.priceFen);
  }
  return shares;
}

export interface RatedAgent {
  agentId: number;
  /** Commission rate in basis points (30 % = 3000). */
  rateBp: number;
}

/**
 * A bound player bought: its agent earns its rate of the amount, each agent above its rate minus the rate of the
 * one below. `chain[0]` is the player's agent, then its parent...
 */
export function playerPurchaseProfits(chain: readonly RatedAgent[], amountFen: number): Share[] {
  const shares: Share[] = [];
  let below = 0;
  for (const agent of chain) {
    const diff = agent.rateBp - below;
    const fen = diff > 0 ? Math.floor((amountFen * diff) / 10_000) : 0;
    if (fen > 0) shares.push({ agentId: agent.agentId, fen });
    below = Math.max(below, agent.rateBp);
  }
  return shares;
}
