import { z } from 'zod';
import {
  MONEY_INPUT_MAX,
  MONEY_INPUT_MAX_FEN,
  MONEY_INPUT_PATTERN,
  MONEY_PATTERN,
  moneyToFen,
} from './money-format';

/**
 * Money's schemas. Money travels as a string with two decimals ("128.50"); its plain rules and functions
 * (MONEY_PATTERN, MONEY_INPUT_*, fenToMoney, moneyToFen, withdrawalFeeFen) are in `money-format.ts`, without zod.
 */
export const ZMoney = z.string().regex(MONEY_PATTERN, 'money must be a string with two decimals');

/** A money amount typed by a person (MONEY_INPUT_PATTERN), at most MONEY_INPUT_MAX. */
export const ZMoneyInput = z
  .string()
  .trim()
  .regex(MONEY_INPUT_PATTERN, 'amount must be a positive number with at most two decimals')
  .refine((value) => !MONEY_INPUT_PATTERN.test(value) || moneyToFen(value) <= MONEY_INPUT_MAX_FEN, {
    message: `amount must be at most ${MONEY_INPUT_MAX}`,
  });
