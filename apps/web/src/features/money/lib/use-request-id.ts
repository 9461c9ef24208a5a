import { useMemo, useRef } from 'react';

export interface RequestIds {
  /**
   * The requestId of the attempt described by `key` (the operation's parameters): a retry of the same
   * attempt gets the same id, so the server applies it once; other parameters start a new attempt.
   */
  forAttempt: (key: string) => string;
  /** After a success: the next confirmation is a new attempt even with the same parameters. */
  reset: () => void;
}

export function useRequestIds(): RequestIds {
  const current = useRef<{ key: string; id: string } | null>(null);
  return useMemo(
    () => ({
      forAttempt(key: string) {
        if (current.current?.key !== key) current.current = { key, id: crypto.randomUUID() };
        return current.current.id;
      },
      reset() {
        current.current = null;
      },
    }),
    [],
  );
}
