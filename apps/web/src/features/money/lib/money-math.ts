import { fenToMoney, moneyToFen } from '@promoter/contract';

/** What a person may type as an amount of money: up to ten digits, at most two decimals (the contract's rule). */
export const MONEY_INPUT = /^\d{1,10}(\.\d{1,2})?$/;

/** Fen of a typed amount, or null when it is not a valid positive amount. */
export function parseMoneyInput(text: string): number | null {
  const trimmed = text.trim();
  if (!MONEY_INPUT.test(trimmed)) return null;
  return moneyToFen(trimmed);
}

/** Fen of a server amount ("128.50"), or null when it cannot be read. */
export function safeFen(money: string | undefined): number | null {
  if (money === undefined) return null;
  try {
    return moneyToFen(money);
  } catch {
    return null;
  }
}

/**
 * The fee of a withdrawal, as the server computes it: the rate option is a percentage with up to two decimals
 * ("0", "0.6", "1.5"); fee = amount × rate, rounded half up to the fen, paid out of the amount. Integer
 * arithmetic only (BigInt, so no product ever loses a digit).
 */
export function withdrawalFeeFen(amountFen: number, feeRatePercent: string): number | null {
  const basisPoints = safeFen(feeRatePercent);
  if (basisPoints === null || basisPoints < 0) return null;
  return Number((BigInt(amountFen) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

export interface WithdrawalQuote {
  fee: string;
  receive: string;
}

export function quoteWithdrawal(amountFen: number, feeRatePercent: string): WithdrawalQuote | null {
  const feeFen = withdrawalFeeFen(amountFen, feeRatePercent);
  if (feeFen === null) return null;
  return { fee: fenToMoney(feeFen), receive: fenToMoney(amountFen - feeFen) };
}

export interface ExchangeQuote {
  diamonds: number;
  /** What the diamonds cost; taken from the balance. */
  cost: string;
  /** What stays on the balance of the amount typed. */
  remainder: string;
}

/** Balance to diamonds at the agent's own price: whole diamonds only, the remainder stays. */
export function quoteExchange(amountFen: number, priceFen: number): ExchangeQuote | null {
  if (priceFen <= 0) return null;
  const diamonds = Math.floor(amountFen / priceFen);
  const costFen = diamonds * priceFen;
  return { diamonds, cost: fenToMoney(costFen), remainder: fenToMoney(amountFen - costFen) };
}

/** A signed amount as people read it: "+128.50", "-100.00", "+50", "-50". */
export function signed(amount: string | number): string {
  const text = String(amount);
  if (text.startsWith('-')) return text;
  return /^0+(\.0+)?$/.test(text) ? text : `+${text}`;
}

export function isNegative(amount: string | number): boolean {
  return String(amount).startsWith('-');
}
