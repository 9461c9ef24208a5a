import { describe, expect, it } from 'vitest';
import { catalogs, LOCALES, type MessageKey, translate } from '../../src/i18n/messages';
import { checkoutPage, checkoutRefusal, type CheckoutOrder } from '../../src/modules/payments/checkout-view';

/**
 * The sandbox's checkout page in each of the 12 languages: its words from the server's catalogs, translated (not
 * the Chinese or English text copied), right to left in Hebrew and Arabic, every value escaped.
 */

const KEYS: MessageKey[] = [
  'checkoutTitle',
  'checkoutOrder',
  'checkoutPay',
  'checkoutCancel',
  'checkoutPaid',
  'checkoutRefunded',
  'checkoutCancelled',
  'checkoutExpired',
  'checkoutSandboxNote',
  'checkoutInvalidLink',
];
const HAN = /\p{Script=Han}/u;

const order: CheckoutOrder = {
  id: 'P20261128000001',
  goodsName: '1000 Diamonds',
  quantity: 2,
  amountFen: 120_000,
  status: 'pending',
};
const SIG = 'ab'.repeat(32);

const unescape = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

describe.each(LOCALES)('the checkout page in %s', (locale) => {
  it('says every word in it, translated', () => {
    for (const key of KEYS) {
      const text = catalogs[locale][key];
      if (locale !== 'cn') expect(text, key).not.toBe(catalogs.cn[key]);
      if (locale !== 'cn' && locale !== 'en') expect(text, key).not.toBe(catalogs.en[key]);
      if (locale !== 'cn' && locale !== 'ja') expect(HAN.test(text), `${key}: ${text}`).toBe(false);
    }
    const page = unescape(checkoutPage(order, SIG, locale));
    for (const key of ['checkoutTitle', 'checkoutPay', 'checkoutCancel', 'checkoutSandboxNote'] as const)
      expect(page).toContain(translate(locale, key));
    expect(page).toContain(translate(locale, 'checkoutOrder', { orderId: `<bdi>${order.id}</bdi>` }));
    expect(page).toContain('¥1200.00');
    expect(page).toContain(`/pay?sig=${SIG}&lang=${locale}"`);
    if (locale !== 'cn' && locale !== 'ja') expect(page).not.toMatch(HAN);
  });

  it('reads in the direction of its language', () => {
    const page = checkoutPage(order, SIG, locale);
    const dir = locale === 'he' || locale === 'ar' ? 'rtl' : 'ltr';
    expect(page).toMatch(new RegExp(`^<!doctype html>\\n<html lang="[a-zA-Z-]+" dir="${dir}">`));
  });

  it.each([
    ['paid', 'checkoutPaid'],
    ['held', 'checkoutPaid'],
    ['refunded', 'checkoutRefunded'],
    ['cancelled', 'checkoutCancelled'],
    ['expired', 'checkoutExpired'],
  ] as const)('tells why a %s order cannot be paid', (status, key) => {
    const page = unescape(checkoutPage({ ...order, status }, SIG, locale));
    expect(page).toContain(`data-status="${status}">${translate(locale, key)}</p>`);
    expect(page).not.toContain('checkout-pay');
  });

  it('refuses a link in its language', () => {
    expect(checkoutRefusal('invalid-link', locale)).toBe(translate(locale, 'checkoutInvalidLink'));
    expect(checkoutRefusal('not-found', locale)).toBe(translate(locale, 'orderNotFound'));
  });
});

describe('the checkout page', () => {
  it('tags each language as the app does', () => {
    const tags = Object.fromEntries(
      LOCALES.map((locale) => [locale, /<html lang="([^"]+)"/.exec(checkoutPage(order, SIG, locale))?.[1]]),
    );
    expect(tags).toEqual({
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
    });
  });

  it('escapes the goods name, the order id and the signature', () => {
    const page = checkoutPage(
      { ...order, id: 'P1"><script>', goodsName: '<img src=x onerror=alert(1)>' },
      '"><b>',
      'ar',
    );
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>');
    expect(page).toContain('<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi> × 2');
  });
});
