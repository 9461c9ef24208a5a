import { fenToMoney, MONEY_INPUT_PATTERN, moneyToFen, withdrawalFeeFen } from '@promoter/contract';

/** Fen of a typed amount, or null when it is not a valid positive amount. */
export function parseMoneyInput(text: string): number | null {
  const trimmed = text.trim();
  if (!MONEY_INPUT_PATTERN.test(trimmed)) return null;
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

export interface WithdrawalQuote {
  fee: string;
  receive: string;
}

/** The fee and what the agent receives, by the contract's `withdrawalFeeFen`; null for an unreadable rate. */
export function quoteWithdrawal(amountFen: number, feeRatePercent: string): WithdrawalQuote | null {
  let feeFen: number;
  try {
    feeFen = withdrawalFeeFen(amountFen, feeRatePercent);
  } catch {
    return null;
  }
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
