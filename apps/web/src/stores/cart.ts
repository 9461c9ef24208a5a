import { fenToMoney, MONEY_PATTERN, moneyToFen } from '@promoter/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { anInteger, arrayOf, aString, matching, objectOf, refine } from '../lib/guards';
import { persistFields } from '../lib/storage';
import { bindStore } from './bind-store';

/**
 * The cart of SPEC section 3 'Cart item': id (the product's objectID), productImg, name, price,
 * quantity (starts at 1), total (price × quantity, two decimals). Money stays a two-decimal string and
 * is multiplied in fen. The shop's packages go in from its pages (features/shop); the cart page checks them out a
 * line at a time. Kept in local storage (`promoter.cart`), validated on read.
 */
export interface CartItem {
  id: string;
  productImg: string;
  name: string;
  /** Money (the contract's ZMoney: two decimals). */
  price: string;
  /** At least 1. */
  quantity: number;
  total: string;
}

const cartItem = objectOf<CartItem>({
  id: aString,
  productImg: aString,
  name: aString,
  price: matching(MONEY_PATTERN),
  quantity: refine(anInteger, (quantity) => quantity >= 1),
  total: matching(MONEY_PATTERN),
});

interface CartState {
  items: CartItem[];
}

const initial: CartState = { items: [] };

export const useCartStore = create<CartState>()(
  persist(() => initial, persistFields(initial, { items: { key: 'cart', guard: arrayOf(cartItem) } })),
);

export const cartStore = bindStore(useCartStore);

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
