import { z } from 'zod';
import { fenToMoney, moneyToFen, ZMoney } from '@promoter/contract';
import { createStore } from '../lib/create-store';
import { readStored, writeStored } from '../lib/storage';

/**
 * The cart of SPEC section 3 'Cart item': id (the product's objectID), productImg, name, price,
 * quantity (starts at 1), total (price × quantity, two decimals). Money stays a two-decimal string and
 * is multiplied in fen. The shop that fills it comes in a later issue; until then it starts empty.
 */
export const ZCartItem = z.object({
  id: z.string(),
  productImg: z.string(),
  name: z.string(),
  price: ZMoney,
  quantity: z.number().int().min(1),
  total: ZMoney,
});
export type CartItem = z.infer<typeof ZCartItem>;

const STORAGE_KEY = 'cart';

export const cartStore = createStore<{ items: CartItem[] }>(
  { items: readStored(STORAGE_KEY, z.array(ZCartItem)) ?? [] },
  (state) => writeStored(STORAGE_KEY, state.items),
);

export function lineTotal(price: string, quantity: number): string {
  return fenToMoney(moneyToFen(price) * quantity);
}

export function cartTotal(items: readonly CartItem[]): string {
  return fenToMoney(items.reduce((sum, item) => sum + moneyToFen(item.total), 0));
}

export const cart = {
  add(product: { objectID: string; productImg: string; name: string; price: string }): void {
    cartStore.set(({ items }) => {
      if (items.some((i) => i.id === product.objectID)) return { items };
      const item: CartItem = {
        id: product.objectID,
        productImg: product.productImg,
        name: product.name,
        price: product.price,
        quantity: 1,
        total: product.price,
      };
      return { items: [...items, item] };
    });
  },
  remove(id: string): void {
    cartStore.set(({ items }) => ({ items: items.filter((i) => i.id !== id) }));
  },
  setQuantity(id: string, quantity: number): void {
    const q = Math.max(1, Math.floor(quantity));
    cartStore.set(({ items }) => ({
      items: items.map((i) => (i.id === id ? { ...i, quantity: q, total: lineTotal(i.price, q) } : i)),
    }));
  },
};
