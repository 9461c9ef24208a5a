import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentPurchaseProfits, playerPurchaseProfits } from '../../src/modules/payments/profit';

const sum = (shares: { fen: number }[]) => shares.reduce((total, s) => total + s.fen, 0);

describe('agent purchase profits (price differential)', () => {
  it('pays each agent above the difference between the price below and its own', () => {
    // silver buyer at 0.70 under gold at 0.60 under diamond at 0.50, 1000 diamonds
    const chain = [
      { agentId: 3, priceFen: 70 },
      { agentId: 2, priceFen: 60 },
      { agentId: 1, priceFen: 50 },
    ];
    expect(agentPurchaseProfits(chain, 1000)).toEqual([
      { agentId: 2, fen: 10_000 },
      { agentId: 1, fen: 10_000 },
    ]);
  });

  it('follows custom child prices', () => {
    // the diamond agent set its gold child's price to 0.55; the gold agent set the silver's to 0.65
    const chain = [
      { agentId: 3, priceFen: 65 },
      { agentId: 2, priceFen: 55 },
      { agentId: 1, priceFen: 50 },
    ];
    expect(agentPurchaseProfits(chain, 300)).toEqual([
      { agentId: 2, fen: 3_000 },
      { agentId: 1, fen: 1_500 },
    ]);
  });

  it('pays nothing to a top agent buying for itself, and nothing for a negative difference', () => {
    expect(agentPurchaseProfits([{ agentId: 1, priceFen: 50 }], 1000)).toEqual([]);
    expect(
      agentPurchaseProfits(
        [
          { agentId: 2, priceFen: 40 },
          { agentId: 1, priceFen: 50 },
        ],
        1000,
      ),
    ).toEqual([]);
  });

  it('never pays out more than the margin between the buyer’s price and the top agent’s', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 100_000 }),
        (prices, diamonds) => {
          const chain = prices.map((priceFen, i) => ({ agentId: i + 1, priceFen }));
          const shares = agentPurchaseProfits(chain, diamonds);
          const buyer = prices[0] as number;
          const lowest = Math.min(...prices);
          expect(sum(shares)).toBeLessThanOrEqual(Math.max(0, buyer - lowest) * diamonds);
          expect(shares.every((s) => s.fen > 0 && Number.isInteger(s.fen))).toBe(true);
          // With prices falling up the line (the rule), the margin is paid out exactly.
          const sorted = [...prices].sort((a, b) => b - a);
          const exact = agentPurchaseProfits(
            sorted.map((priceFen, i) => ({ agentId: i + 1, priceFen })),
            diamonds,
          );
          expect(sum(exact)).toBe(((sorted[0] as number) - (sorted[sorted.length - 1] as number)) * diamonds);
        },
      ),
    );
  });
});

describe('bound player purchase profits (commission differential)', () => {
  it('pays the bound agent its rate and each agent above the rate difference', () => {
    // a player bound to a silver agent (20 %) under gold (25 %) under diamond (30 %) pays 500.00
    const chain = [
      { agentId: 3, rateBp: 2000 },
      { agentId: 2, rateBp: 2500 },
      { agentId: 1, rateBp: 3000 },
    ];
    expect(playerPurchaseProfits(chain, 50_000)).toEqual([
      { agentId: 3, fen: 10_000 },
      { agentId: 2, fen: 2_500 },
      { agentId: 1, fen: 2_500 },
    ]);
  });

  it('rounds each share down to the fen; the lost fen stay with the platform', () => {
    // 0.33 yuan at 20 / 25 / 30 %: 6.6 -> 6, 1.65 -> 1, 1.65 -> 1 fen (9 of 9.9)
    const chain = [
      { agentId: 3, rateBp: 2000 },
      { agentId: 2, rateBp: 2500 },
      { agentId: 1, rateBp: 3000 },
    ];
    expect(playerPurchaseProfits(chain, 33)).toEqual([
      { agentId: 3, fen: 6 },
      { agentId: 2, fen: 1 },
      { agentId: 1, fen: 1 },
    ]);
  });

  it('never pays out more than the top rate of the amount, and never a negative share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (rates, amountFen) => {
          const chain = rates.map((rateBp, i) => ({ agentId: i + 1, rateBp }));
          const shares = playerPurchaseProfits(chain, amountFen);
          expect(sum(shares)).toBeLessThanOrEqual(Math.floor((amountFen * Math.max(...rates)) / 10_000));
          expect(shares.every((s) => s.fen > 0 && Number.isInteger(s.fen))).toBe(true);
        },
      ),
    );
  });
});
