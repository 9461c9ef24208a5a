import { useMutation } from '@tanstack/react-query';
import { type CallInput, ResponseCode, type TWechatPayBridge } from '@promoter/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocation } from '../router';
import { paths } from '../config/paths';
import { goToCheckout } from '../lib/checkout';
import { notify } from '../lib/notify';
import { rememberPurchase, takePendingPurchase } from '../lib/pending-purchase';
import { progress } from '../lib/progress';
import { useMoneyAttempt } from '../lib/money-attempt';
import { isWeChatBrowser } from '../lib/user-agent';
import { payInWechat } from '../lib/wechat-pay-bridge';
import { request } from './client';
import { isApiError, NetworkError } from './errors';
import { getWechatAuthorizeUrl } from './wechat-authorize';

export function buyGoods(input: CallInput<'buyGoods'>) {
  return request('buyGoods', input);
}

/** What confirming a purchase leads to: WeChat Pay's sheet inside WeChat, the provider's checkout elsewhere. */
export function checkoutHintKey() {
  return isWeChatBrowser(navigator.userAgent)
    ? ('shop.recharge.confirmHintWechat' as const)
    : ('shop.recharge.confirmHint' as const);
}

/** Where WeChat sends the buyer back from the silent authorization, to return to `back` afterwards. */
function wechatPayAuthRedirect(back: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#${paths.agent.wechatPayAuth.getHref({ back })}`;
}

/** How a purchase ended for its dialog: the page is leaving, it stayed (the reason shown), or no answer came. */
export type PurchaseResult = 'leaving' | 'stayed' | 'lost' | 'busy';

/**
 * Buying a package, as the shop and the cart both do: one order per confirmed attempt (`useMoneyAttempt`: a retry
 * after a lost answer reuses its requestId, so the server answers the same order; a second tap while one is on
 * its way sends nothing), then the payment:
 * - outside WeChat, away to the provider's checkout, which sends the buyer back to query-order;
 * - inside WeChat with WeChat Pay, through WeChat's bridge, then to query-order. A cancelled or failed payment
 *   keeps the attempt, so buying again pays the same order. Without the payer's openid yet (code 1003), the
 *   buyer goes through WeChat's silent authorization and comes back to this page, where the purchase goes on.
 * `purchase` answers 'leaving' (checkout, order page or WeChat), 'stayed' (the reason has been shown: the caller
 * closes its dialog), 'lost' (no answer: `lost` says why, and the dialog offers to retry the same attempt) or
 * 'busy' (a purchase is under way: nothing was done). `onOrdered` runs when a package is bought (the checkout is
 * opened, or WeChat says paid), resumed purchases included.
 */
export function usePurchase(options: { onOrdered?: (goodsId: number) => void } = {}) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const attempts = useMoneyAttempt();
  const [leaving, setLeaving] = useState(false);
  const mutation = useMutation({ mutationFn: buyGoods });
  const resumed = useRef(false);
  // The whole purchase, WeChat's payment sheet included, runs once at a time.
  const working = useRef(false);

  const leave = (url: string): PurchaseResult => {
    setLeaving(true);
    if (goToCheckout(url)) return 'leaving';
    setLeaving(false);
    progress.done();
    notify.error(t('shop.recharge.noCheckout'));
    return 'stayed';
  };

  const payInside = async (
    order: { payUrl: string; wechatPay: TWechatPayBridge },
    goodsId: number,
  ): Promise<PurchaseResult> => {
    progress.done();
    const outcome = await payInWechat(order.wechatPay);
    if (outcome === 'paid') {
      notify.closeAll();
      attempts.end();
      options.onOrdered?.(goodsId);
      return leave(order.payUrl);
    }
    if (outcome === 'cancelled') notify.info(t('shop.pay.cancelled'));
    else if (outcome === 'failed') notify.error(t('shop.pay.failed'));
    else notify.error(t('shop.pay.noBridge'));
    return 'stayed';
  };

  const authorizeThenResume = async (goodsId: number, quantity: number): Promise<PurchaseResult> => {
    // Once only: a purchase resumed after the authorization does not send the buyer round again.
    if (resumed.current) {
      progress.done();
      notify.error(t('shop.pay.authFailedTitle'));
      return 'stayed';
    }
    try {
      const url = await getWechatAuthorizeUrl(wechatPayAuthRedirect(here), 'snsapi_base');
      rememberPurchase({ goodsId, quantity, back: here });
      return leave(url);
    } catch (error) {
      progress.done();
      if (error instanceof NetworkError) notify.error(t('shop.recharge.networkRetry'));
      return 'stayed';
    }
  };

  const buy = async (goodsId: number, quantity: number): Promise<PurchaseResult> => {
    const channel = isWeChatBrowser(navigator.userAgent) ? 'jsapi' : 'h5';
    progress.start();
    const outcome = await attempts.send(`${goodsId}x${quantity}`, (requestId) =>
      mutation.mutateAsync({ goodsId, quantity, requestId, channel }),
    );
    if (outcome.status === 'done') {
      const order = outcome.data;
      if (order.wechatPay) return payInside({ payUrl: order.payUrl, wechatPay: order.wechatPay }, goodsId);
      attempts.end();
      options.onOrdered?.(goodsId);
      return leave(order.payUrl);
    }
    if (outcome.status === 'refused' && isApiError(outcome.error, ResponseCode.wechatPayerRequired))
      return authorizeThenResume(goodsId, quantity);
    progress.done();
    // No answer: the same attempt (the same requestId) may be sent again. A refusal (code 0, toasted by the client)
    // is an answer: buying again is a new attempt.
    return outcome.status === 'lost' ? 'lost' : outcome.status === 'busy' ? 'busy' : 'stayed';
  };

  const purchase = async (goodsId: number, quantity: number): Promise<PurchaseResult> => {
    if (working.current) return 'busy';
    working.current = true;
    try {
      return await buy(goodsId, quantity);
    } finally {
      working.current = false;
    }
  };

  // Back from WeChat's authorization: the purchase the buyer confirmed goes on (no dialog is open: a lost answer
  // is told by a toast, and buying the same package again reuses the attempt).
  useEffect(() => {
    const pending = takePendingPurchase(here);
    if (!pending) return;
    resumed.current = true;
    void purchase(pending.goodsId, pending.quantity).then((result) => {
      if (result === 'lost') notify.error(t('shop.recharge.networkRetry'));
    });
    // Once, on arrival at the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { purchase, busy: attempts.busy || leaving, lost: attempts.lost, dismissLost: attempts.dismiss };
}
