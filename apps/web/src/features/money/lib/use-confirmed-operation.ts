import { useState } from 'react';
import type { NetworkError } from '../../../api/errors';
import { useMoneyAttempt } from '../../../lib/money-attempt';

/** What the hook needs of a mutation: TanStack Query's `mutateAsync`. */
export interface Mutation<V, D> {
  mutateAsync: (variables: V) => Promise<D>;
}

export interface ConfirmedOperation<A> {
  open: boolean;
  /** The attempt being confirmed, or the last one while the dialog closes. */
  attempt: A | null;
  /** From the first tap on Yes until the answer: the operation's buttons are disabled. */
  busy: boolean;
  /** The last send got no answer: the dialog stays open to retry the same attempt (the same requestId). */
  lost: NetworkError | null;
  ask: (attempt: A) => void;
  cancel: () => void;
  confirm: () => void;
}

/**
 * Confirm, then submit once: `ask(attempt)` opens the confirmation with the attempt frozen (kept while the dialog
 * closes, so it never shows half-reset values as it fades out); `confirm` sends it with a requestId that stays the
 * same for a retry of the same attempt (`keyOf`). A second tap while one is on its way sends nothing.
 * - Applied: the dialog closes, `onSuccess`, and the next attempt gets a new requestId.
 * - Refused (an answer): the reason is shown (a toast), the dialog closes, the attempt is over.
 * - No answer (network, or the 10 s time-out): the dialog stays open and says so; Yes becomes Retry and sends the
 *   same attempt with the same requestId, so it is applied once whatever happened to the first.
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
  const sends = useMoneyAttempt();
  const close = () => setState((current) => ({ ...current, open: false }));

  const confirm = async () => {
    const attempt = state.attempt;
    if (!attempt) return;
    const outcome = await sends.send(keyOf(attempt), (requestId) =>
      mutation.mutateAsync(inputOf(attempt, requestId)),
    );
    if (outcome.status === 'busy' || outcome.status === 'lost') return;
    close();
    if (outcome.status === 'done') {
      sends.end();
      onSuccess(outcome.data, attempt);
    }
  };

  return {
    open: state.open,
    attempt: state.attempt,
    busy: sends.busy,
    lost: sends.lost,
    ask: (attempt: A) => {
      sends.dismiss();
      setState({ open: true, attempt });
    },
    cancel: () => {
      if (sends.busy) return;
      sends.dismiss();
      close();
    },
    confirm: () => void confirm(),
  };
}
