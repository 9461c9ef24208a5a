import { z } from 'zod';
import { readStored, writeStored } from './storage';

/**
 * A purchase the buyer confirmed that waits for a detour to come back: WeChat's silent authorization (the payer's
 * openid) leaves the page and returns to `back`, where the purchase goes on by itself instead of asking the buyer
 * to choose again. Kept for ten minutes, taken once.
 */
const KEY = 'pendingPurchase';
const RESUME_WITHIN_MS = 10 * 60_000;

const ZPendingPurchase = z.object({
  goodsId: z.number().int().positive(),
  quantity: z.number().int().positive(),
  back: z.string(),
  at: z.number(),
});

export interface PendingPurchase {
  goodsId: number;
  quantity: number;
  /** The route (path and query) to go on at. */
  back: string;
}

export function rememberPurchase(purchase: PendingPurchase): void {
  writeStored(KEY, { ...purchase, at: Date.now() });
}

export function forgetPendingPurchase(): void {
  writeStored(KEY, undefined);
}

/** The purchase to go on with at `here`, if one waits for this route and is recent; taken, so it runs once. */
export function takePendingPurchase(here: string): PendingPurchase | undefined {
  const pending = readStored(KEY, ZPendingPurchase);
  if (!pending || pending.back !== here) return undefined;
  forgetPendingPurchase();
  if (Date.now() - pending.at > RESUME_WITHIN_MS) return undefined;
  return { goodsId: pending.goodsId, quantity: pending.quantity, back: pending.back };
}
