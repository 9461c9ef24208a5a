import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenToMoney, moneyToFen, ZMoney, ZMoneyInput } from '../src';

describe('money', () => {
  it('formats fen with two decimals', () => {
    expect(fenToMoney(0)).toBe('0.00');
    expect(fenToMoney(5)).toBe('0.05');
    expect(fenToMoney(12_850)).toBe('128.50');
    expect(fenToMoney(-12_850)).toBe('-128.50');
    expect(fenToMoney(100_000_000_00)).toBe('100000000.00');
  });

  it('parses what people type, exactly, without floating point', () => {
    expect(moneyToFen('128.5')).toBe(12_850);
    expect(moneyToFen('128.50')).toBe(12_850);
    expect(moneyToFen('0.07')).toBe(7);
    expect(moneyToFen('100')).toBe(10_000);
    expect(moneyToFen('-1.10')).toBe(-110);
    // 0.1 + 0.2 would not be 0.3 in floating point; the digits are parsed as digits.
    expect(moneyToFen('0.30')).toBe(moneyToFen('0.10') + moneyToFen('0.20'));
    expect(() => moneyToFen('1.234')).toThrow();
    expect(() => moneyToFen('abc')).toThrow();
    expect(() => moneyToFen('')).toThrow();
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (fen) => {
        expect(moneyToFen(fenToMoney(fen))).toBe(fen);
        expect(ZMoney.safeParse(fenToMoney(fen)).success).toBe(true);
      }),
    );
  });

  it('accepts at most two decimals in input', () => {
    expect(ZMoneyInput.safeParse('100').success).toBe(true);
    expect(ZMoneyInput.safeParse('100.5').success).toBe(true);
    expect(ZMoneyInput.safeParse('100.55').success).toBe(true);
    expect(ZMoneyInput.safeParse('100.555').success).toBe(false);
    expect(ZMoneyInput.safeParse('-1').success).toBe(false);
    expect(ZMoneyInput.safeParse('1e3').success).toBe(false);
  });
});
