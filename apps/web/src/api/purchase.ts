import { useMutation } from '@tanstack/react-query';
import { type CallInput, ResponseCode, type TWechatPayBridge } from '@promoter/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '../config/paths';
import { goToCheckout } from '../lib/checkout';
import { notify } from '../lib/notify';
import { rememberPurchase, takePendingPurchase } from '../lib/pending-purchase';
import { progress } from '../lib/progress';
import { useAttemptRequestId } from '../lib/request-id';
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

/**
 * Buying a package, as the shop and the cart both do: one order per confirmed attempt (a retry after a lost
 * answer reuses its requestId, so the server answers the same order), then the payment:
 * - outside WeChat, away to the provider's checkout, which sends the buyer back to query-order;
 * - inside WeChat with WeChat Pay, through WeChat's bridge, then to query-order. A cancelled or failed payment
 *   keeps the attempt, so buying again pays the same order. Without the payer's openid yet (code 1003), the
 *   buyer goes through WeChat's silent authorization and comes back to this page, where the purchase goes on.
 * `purchase` answers true when the page is leaving (checkout, order page or WeChat), false when it stayed (the
 * reason has been shown), so the caller can close its dialog. `onOrdered` runs when a package is bought (the
 * checkout is opened, or WeChat says paid), resumed purchases included.
 */
export function usePurchase(options: { onOrdered?: (goodsId: number) => void } = {}) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const requestId = useAttemptRequestId();
  const [leaving, setLeaving] = useState(false);
  const mutation = useMutation({ mutationFn: buyGoods });
  const resumed = useRef(false);

  const leave = (url: string): boolean => {
    setLeaving(true);
    if (goToCheckout(url)) return true;
    setLeaving(false);
    progress.done();
    notify.error(t('shop.recharge.noCheckout'));
    return false;
  };

  const payInside = async (order: { payUrl: string; wechatPay: TWechatPayBridge }, goodsId: number) => {
    progress.done();
    const outcome = await payInWechat(order.wechatPay);
    if (outcome === 'paid') {
      notify.closeAll();
      requestId.reset();
      options.onOrdered?.(goodsId);
      return leave(order.payUrl);
    }
    if (outcome === 'cancelled') notify.info(t('shop.pay.cancelled'));
    else if (outcome === 'failed') notify.error(t('shop.pay.failed'));
    else notify.error(t('shop.pay.noBridge'));
    return false;
  };

  const authorizeThenResume = async (goodsId: number, quantity: number): Promise<boolean> => {
    // Once only: a purchase resumed after the authorization does not send the buyer round again.
    if (resumed.current) {
      progress.done();
      notify.error(t('shop.pay.authFailedTitle'));
      return false;
    }
    try {
      const url = await getWechatAuthorizeUrl(wechatPayAuthRedirect(here), 'snsapi_base');
      rememberPurchase({ goodsId, quantity, back: here });
      return leave(url);
    } catch (error) {
      progress.done();
      if (error instanceof NetworkError) notify.error(t('shop.recharge.networkRetry'));
      return false;
    }
  };

  const purchase = async (goodsId: number, quantity: number): Promise<boolean> => {
    const attempt = requestId.forAttempt(`${goodsId}x${quantity}`);
    const channel = isWeChatBrowser(navigator.userAgent) ? 'jsapi' : 'h5';
    progress.start();
    try {
      const order = await mutation.mutateAsync({ goodsId, quantity, requestId: attempt, channel });
      if (order.wechatPay)
        return await payInside({ payUrl: order.payUrl, wechatPay: order.wechatPay }, goodsId);
      requestId.reset();
      options.onOrdered?.(goodsId);
      return leave(order.payUrl);
    } catch (error) {
      if (isApiError(error, ResponseCode.wechatPayerRequired)) return authorizeThenResume(goodsId, quantity);
      progress.done();
      // A lost answer is retried with the same requestId; a refusal (code 0, toasted by the client) is an
      // answer, so buying again is a new attempt.
      if (error instanceof NetworkError) notify.error(t('shop.recharge.networkRetry'));
      else requestId.reset();
      return false;
    }
  };

  // Back from WeChat's authorization: the purchase the buyer confirmed goes on.
  useEffect(() => {
    const pending = takePendingPurchase(here);
    if (!pending) return;
    resumed.current = true;
    void purchase(pending.goodsId, pending.quantity);
    // Once, on arrival at the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { purchase, busy: mutation.isPending || leaving };
}
