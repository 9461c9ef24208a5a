import { fenToMoney, moneyToFen, PURCHASE_QUANTITY_MAX, PURCHASE_QUANTITY_MIN } from '@promoter/contract';
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

/** A quantity within what buyGoods takes (the contract's PURCHASE_QUANTITY_MIN to PURCHASE_QUANTITY_MAX). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return PURCHASE_QUANTITY_MIN;
  return Math.min(PURCHASE_QUANTITY_MAX, Math.max(PURCHASE_QUANTITY_MIN, Math.floor(quantity)));
}
