import { useMemo, useRef } from 'react';

/**
 * A UUID v4 for a money call's requestId. crypto.randomUUID exists only in secure contexts, which a game web view
 * on plain http is not; getRandomValues exists everywhere.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One requestId per attempt, described by `key` (the operation's parameters): a retry of the same attempt after a
 * failure gets the same id, so the server applies it once; other parameters, or `reset()` after a success, start a
 * new attempt.
 */
export function useAttemptRequestId() {
  const current = useRef<{ key: string; id: string } | null>(null);
  return useMemo(
    () => ({
      forAttempt(key: string): string {
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
