import { fenToMoney, moneyToFen, ZMoneyInput } from '@promoter/contract';

export type PriceCheck =
  | { ok: true; price: string }
  | { ok: false; reason: 'format' }
  | { ok: false; reason: 'low' | 'high'; bound: string };

/**
 * A child's price as typed, against the range the server enforces (my own price up to retail). A bound not
 * known yet is not checked here; the server still refuses, and its message is shown.
 */
export function checkChildPrice(input: string, min: string | null, max: string | null): PriceCheck {
  const parsed = ZMoneyInput.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'format' };
  const fen = moneyToFen(parsed.data);
  if (fen <= 0) return { ok: false, reason: 'format' };
  if (min !== null && fen < moneyToFen(min)) return { ok: false, reason: 'low', bound: min };
  if (max !== null && fen > moneyToFen(max)) return { ok: false, reason: 'high', bound: max };
  return { ok: true, price: fenToMoney(fen) };
}
