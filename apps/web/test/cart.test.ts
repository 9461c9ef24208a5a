import { describe, expect, it } from 'vitest';
import { cart, cartStore, cartTotal, lineTotal } from '../src/stores/cart';

describe('cart', () => {
  it('computes totals in fen with two decimals', () => {
    expect(lineTotal('0.10', 3)).toBe('0.30');
    expect(lineTotal('19.99', 3)).toBe('59.97');
  });

  it('adds at quantity 1, recomputes on quantity change, and removes', () => {
    cart.add({ objectID: 'g1', productImg: '', name: '100 钻石', price: '50.00' });
    cart.add({ objectID: 'g2', productImg: '', name: '10 钻石', price: '5.50' });
    cart.add({ objectID: 'g1', productImg: '', name: '100 钻石', price: '50.00' });
    expect(cartStore.get().items.map((i) => [i.id, i.quantity, i.total])).toEqual([
      ['g1', 1, '50.00'],
      ['g2', 1, '5.50'],
    ]);
    cart.setQuantity('g2', 3);
    expect(cartStore.get().items[1]?.total).toBe('16.50');
    expect(cartTotal(cartStore.get().items)).toBe('66.50');
    cart.remove('g1');
    expect(cartStore.get().items.map((i) => i.id)).toEqual(['g2']);
  });
});
