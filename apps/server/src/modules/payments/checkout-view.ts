import { fenToMoney } from '@promoter/contract';
import { type Locale, type MessageKey, translate } from '../../i18n/messages';

/** What the checkout page shows of an order. */
export interface CheckoutOrder {
  id: string;
  goodsName: string;
  quantity: number;
  amountFen: number;
  status: string;
}

const escapeHtml = (value: string | number) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Each locale's BCP 47 tag for `<html lang>` (the web app's `htmlLang`, apps/web/src/i18n/languages.ts). */
const HTML_LANG: Record<Locale, string> = {
  en: 'en',
  fr: 'fr',
  he: 'he',
  ru: 'ru',
  ar: 'ar',
  cn: 'zh-CN',
  ge: 'de',
  sp: 'es',
  ja: 'ja',
  ko: 'ko',
  it: 'it',
  hu: 'hu',
};

/** Hebrew and Arabic read right to left, as in the app. */
const RTL: ReadonlySet<Locale> = new Set(['he', 'ar']);

/** Why an order that is not pending cannot be paid, by its status (a held order was paid, not delivered yet). */
const CLOSED: Record<string, MessageKey> = {
  paid: 'checkoutPaid',
  held: 'checkoutPaid',
  refunded: 'checkoutRefunded',
  cancelled: 'checkoutCancelled',
  expired: 'checkoutExpired',
};

/** A refusal of the checkout's link or order, as plain text in the page's language. */
export function checkoutRefusal(refusal: 'invalid-link' | 'not-found', locale: Locale): string {
  return translate(locale, refusal === 'invalid-link' ? 'checkoutInvalidLink' : 'orderNotFound');
}

/**
 * The sandbox's checkout page in the buyer's language (right to left for Hebrew and Arabic): the order, and Pay and
 * Cancel as plain forms posting back to the signed link with the same language (a closed order shows why it cannot
 * be paid). Every value is escaped; the goods' name and the order id are isolated from the text's direction.
 */
export function checkoutPage(order: CheckoutOrder, sig: string, locale: Locale): string {
  const t = (key: MessageKey, params?: Record<string, string>) => escapeHtml(translate(locale, key, params));
  const action = (name: 'pay' | 'cancel') =>
    escapeHtml(
      `/api/pay/sandbox/checkout/${encodeURIComponent(order.id)}/${name}?sig=${encodeURIComponent(sig)}&lang=${locale}`,
    );
  const payable = order.status === 'pending';
  const closed = CLOSED[order.status] ?? 'checkoutCancelled';
  // The order id goes in as a marker, then isolated: a Hebrew or Arabic sentence keeps it whole and in order.
  const orderLine = t('checkoutOrder', { orderId: '\u0000' }).replace(
    '\u0000',
    `<bdi>${escapeHtml(order.id)}</bdi>`,
  );
  return `<!doctype html>
<html lang="${HTML_LANG[locale]}" dir="${RTL.has(locale) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('checkoutTitle')}</title>
<link rel="icon" href="/favicon.svg">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:17px;font-weight:600;margin:0 0 8px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.amount{font-size:32px;font-weight:700;margin:12px 0;color:#d32f2f}
.note{font-size:13px;color:#666;margin-top:16px}
button{width:100%;min-height:48px;padding:14px;border:0;border-radius:8px;font-size:17px;margin-top:12px;cursor:pointer}
.pay{background:#1aad19;color:#fff}.cancel{background:#e0e0e0;color:#333}
</style></head>
<body><main><div class="card">
<h1 data-testid="checkout-title">${t('checkoutTitle')}</h1>
<div data-testid="checkout-goods"><bdi>${escapeHtml(order.goodsName)}</bdi> × ${escapeHtml(order.quantity)}</div>
<div class="amount" data-testid="checkout-amount"><bdi>¥${escapeHtml(fenToMoney(order.amountFen))}</bdi></div>
<div data-testid="checkout-order">${orderLine}</div>
${
  payable
    ? `<form method="post" action="${action('pay')}"><button class="pay" data-testid="checkout-pay">${t('checkoutPay')}</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" data-testid="checkout-cancel">${t('checkoutCancel')}</button></form>`
    : `<p data-testid="checkout-closed" data-status="${escapeHtml(order.status)}">${t(closed)}</p>`
}
<p class="note">${t('checkoutSandboxNote')}</p>
</div></main></body></html>`;
}
