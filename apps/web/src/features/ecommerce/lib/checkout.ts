import { useMemo, useRef } from 'react';
import { progress } from '../../../lib/progress';

/** buyGoods takes 1 to 99 of a package. */
export const MAX_LINE_QUANTITY = 99;

/** A UUID v4; crypto.randomUUID needs a secure context, which a game web view on plain http may not be. */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The same requestId while one line's checkout is retried; a fresh one for another line or after success. */
export function useLineRequestId() {
  const current = useRef<{ key: string; id: string } | null>(null);
  return useMemo(
    () => ({
      for(key: string): string {
        if (current.current?.key !== key) current.current = { key, id: newRequestId() };
        return current.current.id;
      },
      reset(): void {
        current.current = null;
      },
    }),
    [],
  );
}

/** Leaves for the payment provider's checkout (only a web address is followed). */
export function goToCheckout(payUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(payUrl, window.location.href);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  progress.start();
  window.location.href = url.href;
  return true;
}
