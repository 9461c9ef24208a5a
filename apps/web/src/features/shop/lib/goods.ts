import { fenToMoney, moneyToFen } from '@promoter/contract';
import type { TGoods } from '@promoter/contract';

/** The price of one diamond in a package, as the server priced it for me (packages are diamonds × my price). */
export function unitPriceOf(goods: Pick<TGoods, 'price' | 'diamonds'>): string | null {
  if (goods.diamonds <= 0) return null;
  return fenToMoney(Math.round(moneyToFen(goods.price) / goods.diamonds));
}

/** A package's total for a quantity, in fen so no float touches it. */
export function totalOf(price: string, quantity: number): string {
  return fenToMoney(moneyToFen(price) * quantity);
}

/** buyGoods takes 1 to 99 of a package. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.floor(quantity)));
}
