import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goToCheckout } from '../lib/checkout';
import { notify } from '../lib/notify';
import { progress } from '../lib/progress';
import { useAttemptRequestId } from '../lib/request-id';
import { request } from './client';
import { NetworkError } from './errors';

export function buyGoods(input: CallInput<'buyGoods'>) {
  return request('buyGoods', input);
}

/**
 * Buying a package, as the shop and the cart both do: one order per confirmed attempt (a retry after a lost
 * answer reuses its requestId, so the server answers the same order), then away to the provider's checkout.
 * `purchase` answers true when the page is leaving for the checkout, false when it stayed (the refusal has been
 * shown), so the caller can close its dialog.
 */
export function usePurchase() {
  const { t } = useTranslation();
  const requestId = useAttemptRequestId();
  const [leaving, setLeaving] = useState(false);
  const mutation = useMutation({ mutationFn: buyGoods });

  const purchase = async (goodsId: number, quantity: number, onOrdered?: () => void): Promise<boolean> => {
    const attempt = requestId.forAttempt(`${goodsId}x${quantity}`);
    progress.start();
    try {
      const order = await mutation.mutateAsync({ goodsId, quantity, requestId: attempt });
      requestId.reset();
      onOrdered?.();
      setLeaving(true);
      if (goToCheckout(order.payUrl)) return true;
      setLeaving(false);
      progress.done();
      notify.error(t('shop.recharge.noCheckout'));
      return false;
    } catch (error) {
      progress.done();
      // Code 0 has been toasted by the client; a lost answer is retried with the same requestId.
      if (error instanceof NetworkError) notify.error(t('shop.recharge.networkRetry'));
      return false;
    }
  };

  return { purchase, busy: mutation.isPending || leaving };
}
