import { ResponseCode } from '@promoter/contract';
import { useMemo, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../api/errors';
import { notify } from './notify';
import { useAttemptRequestId } from './request-id';

/** How one send of a money operation ended. */
export type AttemptOutcome<D> =
  /**
   * Applied. The attempt stays open until `end()` (a purchase whose payment was cancelled in WeChat pays the same
   * order when bought again); after `end()` the next attempt gets a new requestId.
   */
  | { status: 'done'; data: D }
  /**
   * The server answered no (a refusal, a frozen account, ...): the reason has been shown, the attempt is over and
   * the next one gets a new requestId.
   */
  | { status: 'refused'; error: ApiError }
  /**
   * No answer (the network failed, or nothing came within the 10 s time-out): it may or may not have been applied.
   * The attempt keeps its requestId, so sending it again is applied at most once.
   */
  | { status: 'lost'; error: NetworkError }
  /** Anything else (an answer the contract does not describe): shown already; the requestId is kept. */
  | { status: 'failed'; error: unknown }
  /** One was on its way already (a double tap): nothing was sent. */
  | { status: 'busy' };

export interface MoneyAttempt {
  /**
   * Sends the attempt described by `key` (its parameters) with its requestId, unless a send of this operation is
   * still on its way. The guard is synchronous, so a second tap in the same instant sends nothing.
   */
  send: <D>(key: string, run: (requestId: string) => Promise<D>) => Promise<AttemptOutcome<D>>;
  /** From the first tap until the answer (or its absence). */
  busy: boolean;
  /** The last send got no answer: why, until the next send or `dismiss`. */
  lost: NetworkError | null;
  dismiss: () => void;
  /** The attempt is over (its result is final): the next send gets a new requestId. */
  end: () => void;
}

/**
 * One money operation's sends (recharge, transfer, exchange, withdrawal, purchase): one requestId per attempt, kept
 * for a retry after a lost answer and renewed after a refusal or once the caller ends the attempt; at most one request in flight; a refusal that the
 * API client does not show itself (1002: the account cannot be used now) is shown here, so no failure is silent.
 * The money forms (`useConfirmedOperation`) and the shop's purchase (`usePurchase`) send through it.
 */
export function useMoneyAttempt(): MoneyAttempt {
  const requestIds = useAttemptRequestId();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [lost, setLost] = useState<NetworkError | null>(null);

  const send = useMemo(
    () =>
      async function send<D>(
        key: string,
        run: (requestId: string) => Promise<D>,
      ): Promise<AttemptOutcome<D>> {
        if (inFlight.current) return { status: 'busy' };
        inFlight.current = true;
        setBusy(true);
        setLost(null);
        try {
          return { status: 'done', data: await run(requestIds.forAttempt(key)) };
        } catch (error) {
          if (error instanceof NetworkError) {
            setLost(error);
            return { status: 'lost', error };
          }
          if (error instanceof ApiError) {
            requestIds.reset();
            // The client toasts a failure (0) and handles a lost session (10001) itself; an account that cannot be
            // used now (1002) is told here. Other codes are the caller's to follow (1003: WeChat Pay's payer).
            if (error.code === ResponseCode.agentUnavailable) notify.error(error.message);
            return { status: 'refused', error };
          }
          return { status: 'failed', error };
        } finally {
          inFlight.current = false;
          setBusy(false);
        }
      },
    [requestIds],
  );

  return { send, busy, lost, dismiss: () => setLost(null), end: requestIds.reset };
}
