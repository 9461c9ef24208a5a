import { useState } from 'react';

/**
 * The attempt a confirmation dialog asks about. The attempt is frozen when the dialog opens and kept while it
 * closes, so the dialog never shows half-reset values as it fades out after a success or a failure.
 */
export function useConfirmation<T>() {
  const [state, setState] = useState<{ open: boolean; attempt: T | null }>({ open: false, attempt: null });
  return {
    open: state.open,
    attempt: state.attempt,
    ask: (attempt: T) => setState({ open: true, attempt }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}
