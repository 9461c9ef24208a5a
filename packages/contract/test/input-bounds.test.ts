import { describe, expect, it } from 'vitest';
import {
  calls,
  MONEY_INPUT_MAX,
  ZGameUpsertPlayer,
  ZId,
  ZInt,
  ZIsoDateInput,
  ZMoneyInput,
  ZPageQuery,
  ZText,
} from '../src';

describe('input bounds of the contract', () => {
  it('keeps every id and integer within int4', () => {
    expect(ZId.safeParse(2_147_483_647).success).toBe(true);
    for (const bad of [2_147_483_648, 0, -1, 1e308, 'NaN', 'Infinity', 1.5])
      expect(ZId.safeParse(bad).success, String(bad)).toBe(false);
    expect(ZInt(1).safeParse('2147483648').success).toBe(false);
    expect(ZPageQuery.safeParse({ page: '99999999999' }).success).toBe(false);
    expect(calls.readArticle.input.safeParse({ id: 2_147_483_648 }).success).toBe(false);
    expect(
      calls.buyGoods.input.safeParse({
        goodsId: 2_147_483_648,
        quantity: 1,
        requestId: '7d0f1a7e-3c39-4a43-9d33-9f6f1b8c2a11',
      }).success,
    ).toBe(false);
  });

  it('refuses NUL and other control characters in text', () => {
    expect(ZText(10).safeParse('a\u0000b').success).toBe(false);
    expect(ZText(10).safeParse('a\nb').success).toBe(false);
    expect(ZText(10).safeParse('a\u007fb').success).toBe(false);
    expect(ZText(10).safeParse('  好的 ').data).toBe('好的');
    expect(calls.orderQuery.input.safeParse({ orderId: 'O1\u0000' }).success).toBe(false);
    expect(calls.getOptionsByKey.input.safeParse({ key: '\u0000' }).success).toBe(false);
    expect(ZGameUpsertPlayer.safeParse({ playerId: 1, nickname: 'a\u0000' }).success).toBe(false);
    expect(ZGameUpsertPlayer.safeParse({ playerId: 1, nickname: 'a', avatar: '\u0000' }).success).toBe(false);
  });

  it('bounds money typed by a person', () => {
    expect(MONEY_INPUT_MAX).toBe('1000000.00');
    expect(ZMoneyInput.safeParse('1000000').success).toBe(true);
    expect(ZMoneyInput.safeParse('1000000.00').success).toBe(true);
    expect(ZMoneyInput.safeParse('1000000.01').success).toBe(false);
    expect(ZMoneyInput.safeParse('9999999999').success).toBe(false);
  });

  it('keeps input dates within 2000-2100', () => {
    expect(ZIsoDateInput.safeParse('2024-05-01T00:00:00+08:00').success).toBe(true);
    expect(ZIsoDateInput.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(ZIsoDateInput.safeParse('9999-12-31T23:59:59Z').success).toBe(false);
    expect(calls.bill.input.safeParse({ currency: 1, from: '0000-01-01T00:00:00Z' }).success).toBe(false);
  });
});
