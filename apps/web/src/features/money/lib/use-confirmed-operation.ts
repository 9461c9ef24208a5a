import { useState } from 'react';
import { useAttemptRequestId } from '../../../lib/request-id';

/** What the hook needs of a mutation: TanStack Query's `mutate` and `isPending`. */
export interface Mutation<V, D> {
  mutate: (variables: V, options: { onSuccess: (data: D) => void; onError: () => void }) => void;
  isPending: boolean;
}

export interface ConfirmedOperation<A> {
  open: boolean;
  /** The attempt being confirmed, or the last one while the dialog closes. */
  attempt: A | null;
  /** While the operation runs. */
  busy: boolean;
  ask: (attempt: A) => void;
  cancel: () => void;
  confirm: () => void;
}

/**
 * Confirm, then submit once: `ask(attempt)` opens the confirmation with the attempt frozen (kept while the dialog
 * closes, so it never shows half-reset values as it fades out); `confirm` sends it with a requestId that stays
 * the same for a retry of the same attempt (`keyOf`), and after a success the next attempt gets a new one. On a
 * failure the dialog closes: the client already showed the server's reason, and the same attempt may be retried.
 */
export function useConfirmedOperation<A, V, D>({
  mutation,
  keyOf,
  inputOf,
  onSuccess,
}: {
  mutation: Mutation<V, D>;
  keyOf: (attempt: A) => string;
  inputOf: (attempt: A, requestId: string) => V;
  onSuccess: (data: D, attempt: A) => void;
}): ConfirmedOperation<A> {
  const [state, setState] = useState<{ open: boolean; attempt: A | null }>({ open: false, attempt: null });
  const requestIds = useAttemptRequestId();
  const close = () => setState((current) => ({ ...current, open: false }));

  const confirm = () => {
    const attempt = state.attempt;
    if (!attempt) return;
    const requestId = requestIds.forAttempt(keyOf(attempt));
    mutation.mutate(inputOf(attempt, requestId), {
      onSuccess: (data) => {
        requestIds.reset();
        close();
        onSuccess(data, attempt);
      },
      onError: close,
    });
  };

  return {
    open: state.open,
    attempt: state.attempt,
    busy: mutation.isPending,
    ask: (attempt: A) => setState({ open: true, attempt }),
    cancel: close,
    confirm,
  };
}
