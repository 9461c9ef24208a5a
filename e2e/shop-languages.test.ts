import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { keepThemeOptions, openPage, screenshot, useServerAndBrowser } from './browser';

/**
 * The demo's shop and its sandbox checkout in the agent's language, at the narrowest phone (360x640): the seed names
 * every package in all 12 languages, and the checkout page reads in the language the agent bought in (carried in its
 * link), right to left in Arabic. Agent 10002 (李经理, gold, 0.60) buys 1000 diamonds in English, cancels at the
 * checkout, then buys them in Arabic and pays.
 */
const e2e = useServerAndBrowser();

const SMALL_PHONE = { width: 360, height: 640 };
const AGENT_PLAYER = 100002;
const HAN = /\p{Script=Han}/u;

const goodsCard = (page: Page, name: string) => page.getByTestId(/^goods-\d+$/).filter({ hasText: name });

/** Signs agent 10002 in from the game's link, in `language` as the customizer keeps it, on its shop page. */
async function shopIn(language: 'en' | 'ar') {
  const tracked = await openPage(e2e.browser, SMALL_PHONE);
  const { page } = tracked;
  await page.goto(await e2e.server.loginLink(AGENT_PLAYER));
  await page.waitForURL(/#\/agent\/Main/i, { timeout: 30_000 });
  await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
  await keepThemeOptions(page, { language, rtlLayout: language === 'ar' });
  await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
  await page.evaluate((href) => {
    window.location.hash = `#${href}`;
  }, paths.agent.mineRecharge.getHref());
  await page.getByTestId('page-mine-recharge').waitFor({ timeout: 15_000 });
  return tracked;
}

/** Every package's card as shown: the names read in the page's language, none in Chinese. */
async function cardTexts(page: Page): Promise<string[]> {
  const cards = page.getByTestId(/^goods-\d+$/);
  await expect.poll(() => cards.count()).toBe(6);
  return cards.allInnerTexts();
}

/** Selects a package and buys one from the buy bar, confirming: the browser leaves for the checkout page. */
async function buyOne(page: Page, name: string) {
  await goodsCard(page, name)
    .getByTestId(/^goods-select-/)
    .click();
  await page.getByTestId('buy-bar').waitFor();
  await page.getByTestId('buy-submit').click();
  await page.getByTestId('confirm-yes').click();
  await page.waitForURL(/\/api\/pay\/sandbox\/checkout\//, { timeout: 15_000 });
  await page.getByTestId('checkout-amount').waitFor();
}

/** The checkout page's language and direction, and whether it fits the phone's width. */
async function checkoutFrame(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    overflows: document.documentElement.scrollWidth > window.innerWidth,
  }));
}

describe('the shop and its checkout in the agent’s language (360x640)', () => {
  it('English: the packages named in English; the checkout in English, cancelled', async () => {
    const { page, context } = await shopIn('en');
    const card = goodsCard(page, '1000 Diamonds');
    await card.waitFor();
    expect(await card.getByTestId(/^goods-price-/).innerText()).toBe('¥600.00');
    const texts = await cardTexts(page);
    for (const n of [100, 300, 600, 1000, 3000, 5000])
      expect(texts.some((text) => text.includes(`${n} Diamonds`))).toBe(true);
    expect(texts.filter((text) => HAN.test(text))).toEqual([]);
    await page.waitForTimeout(400);
    await screenshot(page, 'shop-languages-360-en-shop');

    await buyOne(page, '1000 Diamonds');
    expect(await checkoutFrame(page)).toEqual({ lang: 'en', dir: 'ltr', overflows: false });
    expect(await page.getByTestId('checkout-title').innerText()).toBe('Sandbox checkout');
    expect(await page.getByTestId('checkout-goods').innerText()).toBe('1000 Diamonds × 1');
    expect(await page.getByTestId('checkout-amount').innerText()).toBe('¥600.00');
    expect(await page.getByTestId('checkout-pay').innerText()).toBe('Pay');
    expect(await page.locator('body').innerText()).not.toMatch(HAN);
    await screenshot(page, 'shop-languages-360-en-checkout');

    await page.getByTestId('checkout-cancel').click();
    await page.waitForURL(/#\/agent\/query-order\?orderId=/, { timeout: 15_000 });
    await page.getByTestId('order-status-cancelled').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('Arabic: the packages named in Arabic, right to left; the checkout in Arabic, right to left, paid', async () => {
    const { page, context } = await shopIn('ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const card = goodsCard(page, '1000 ماسة');
    await card.waitFor();
    const texts = await cardTexts(page);
    for (const n of [100, 300, 600, 1000, 3000, 5000])
      expect(texts.some((text) => text.includes(`${n} ماسة`))).toBe(true);
    expect(texts.filter((text) => HAN.test(text))).toEqual([]);
    await page.waitForTimeout(400);
    await screenshot(page, 'shop-languages-360-ar-shop');

    await buyOne(page, '1000 ماسة');
    expect(await checkoutFrame(page)).toEqual({ lang: 'ar', dir: 'rtl', overflows: false });
    expect(await page.getByTestId('checkout-title').innerText()).toBe('صفحة دفع تجريبية');
    expect(await page.getByTestId('checkout-goods').innerText()).toBe('1000 ماسة × 1');
    expect(await page.getByTestId('checkout-pay').innerText()).toBe('ادفع');
    expect(await page.locator('body').innerText()).not.toMatch(HAN);
    await screenshot(page, 'shop-languages-360-ar-checkout');

    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/#\/agent\/query-order\?orderId=/, { timeout: 15_000 });
    await page.getByTestId('order-status-paid').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(400);
    await screenshot(page, 'shop-languages-360-ar-order-paid');
    await context.close();
  });
});
