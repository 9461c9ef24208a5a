import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { anInteger, aNumber, aString, nullable, objectOf, refine } from './guards';
import { persistFields } from './storage';

/**
 * A purchase the buyer confirmed that waits for a detour to come back: WeChat's silent authorization (the payer's
 * openid) leaves the page and returns to `back`, where the purchase goes on by itself instead of asking the buyer
 * to choose again. Kept for ten minutes, taken once.
 */
const RESUME_WITHIN_MS = 10 * 60_000;

export interface PendingPurchase {
  goodsId: number;
  quantity: number;
  /** The route (path and query) to go on at. */
  back: string;
}

/** A purchase as it is kept: when it was confirmed (epoch milliseconds). */
interface KeptPurchase extends PendingPurchase {
  at: number;
}

const aPositiveInteger = refine(anInteger, (value) => value > 0);
const keptPurchase = objectOf<KeptPurchase>({
  goodsId: aPositiveInteger,
  quantity: aPositiveInteger,
  back: aString,
  at: aNumber,
});

interface PendingState {
  pending: KeptPurchase | null;
}

const initial: PendingState = { pending: null };

const usePending = create<PendingState>()(
  persist(
    () => initial,
    persistFields(initial, { pending: { key: 'pendingPurchase', guard: nullable(keptPurchase) } }),
  ),
);

export function rememberPurchase(purchase: PendingPurchase): void {
  usePending.setState({ pending: { ...purchase, at: Date.now() } });
}

export function forgetPendingPurchase(): void {
  usePending.setState({ pending: null });
}

/** The purchase to go on with at `here`, if one waits for this route and is recent; taken, so it runs once. */
export function takePendingPurchase(here: string): PendingPurchase | undefined {
  // Read through to storage: the purchase was kept before the page left for WeChat.
  void usePending.persist.rehydrate();
  const { pending } = usePending.getState();
  if (!pending || pending.back !== here) return undefined;
  forgetPendingPurchase();
  if (Date.now() - pending.at > RESUME_WITHIN_MS) return undefined;
  return { goodsId: pending.goodsId, quantity: pending.quantity, back: pending.back };
}
