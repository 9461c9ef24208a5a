import { useMemo, useRef } from 'react';

/** A UUID v4; crypto.randomUUID needs a secure context, which a game web view on plain http may not be. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One requestId per confirmed attempt. `for(what)` keeps the id while the same attempt (same goods and
 * quantity) is retried after a failure, so the server answers the first order again instead of making a
 * second; a different attempt, or `reset()` after a success, gets a fresh one.
 */
export function useRequestId() {
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
