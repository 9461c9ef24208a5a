import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './support/fixtures';
import { rememberPurchase, takePendingPurchase } from '../src/lib/pending-purchase';

describe('a purchase waiting for WeChat’s authorization', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('goes on once, at the page it was confirmed on', () => {
    rememberPurchase({ goodsId: 3, quantity: 2, back: '/agent/mine-recharge' });
    expect(takePendingPurchase('/default/ecommerce/cart')).toBeUndefined();
    expect(takePendingPurchase('/agent/mine-recharge')).toEqual({
      goodsId: 3,
      quantity: 2,
      back: '/agent/mine-recharge',
    });
    expect(takePendingPurchase('/agent/mine-recharge')).toBeUndefined();
  });

  it('is dropped after ten minutes', () => {
    vi.useFakeTimers();
    rememberPurchase({ goodsId: 3, quantity: 1, back: '/agent/mine-recharge' });
    vi.advanceTimersByTime(10 * 60_000 + 1);
    expect(takePendingPurchase('/agent/mine-recharge')).toBeUndefined();
  });
});
