/**
 * Money travels as a string with two decimals ("128.50") and lives as integer fen inside.
 * No floating point ever touches an amount: parsing and formatting work on the digits.
 *
 * The plain rules and functions of money, without zod: the web's first screens format and check amounts with them
 * without building a schema (issue 29). The schemas built from them are in `money.ts`.
 */

/** An amount as it travels (ZMoney): up to 12 digits, a point and two decimals, optionally negative. */
export const MONEY_PATTERN = /^-?\d{1,12}\.\d{2}$/;

/** The largest amount a person may type (yuan): far above any real operation, far below every column's range. */
export const MONEY_INPUT_MAX = '1000000.00';
export const MONEY_INPUT_MAX_FEN = 100_000_000;

/**
 * A money amount typed by a person: up to two decimals, positive, at most MONEY_INPUT_MAX, e.g. "100", "100.5",
 * "100.50".
 */
export const MONEY_INPUT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/** The longest text MONEY_INPUT_PATTERN matches (10 digits, the point, 2 decimals): an input's length. */
export const MONEY_INPUT_MAX_LENGTH = 13;

export function fenToMoney(fen: number | bigint): string {
  const value = BigInt(fen);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const yuan = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${yuan}.${cents}`;
}

/** Parses "12", "12.5" or "12.50" (optionally negative) into fen; throws on anything else. */
export function moneyToFen(money: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(money.trim());
  if (!match) throw new Error(`not a money amount: ${money}`);
  const [, sign, yuan = '0', cents = ''] = match;
  const fen = Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) throw new Error(`money amount out of range: ${money}`);
  return sign === '-' ? -fen : fen;
}

/**
 * The fee of a withdrawal in fen, as the server charges it and the web quotes it. The rate option is a percentage
 * with up to two decimals ("0", "0.6", "1.5"); fee = amount × rate, rounded half up to the fen, paid out of the
 * amount (the agent receives amount - fee). Integer arithmetic only (BigInt: no product loses a digit). Throws on
 * a rate that is not a non-negative percentage.
 */
export function withdrawalFeeFen(amountFen: number, feeRatePercent: string): number {
  const basisPoints = moneyToFen(feeRatePercent); // "0.6" % -> 60 basis points
  if (basisPoints < 0) throw new Error(`not a fee rate: ${feeRatePercent}`);
  return Number((BigInt(amountFen) * BigInt(basisPoints) + 5_000n) / 10_000n);
}
