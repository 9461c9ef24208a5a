import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, PHONE, screenshot, storedToken, useServerAndBrowser } from './browser';

/**
 * Prices, goods and orders in the console (decision 018): the owner signs in with 2FA and changes the gold price; a gold
 * agent without a price of its own (10003, under 10001) sees the new price in its shop. The demo's packages are named
 * in every language; the owner renames one in English and clears its Japanese name: an agent reading English sees the
 * owner's name and the seed's for the others, one reading Japanese the Chinese name of the cleared one. The orders list
 * opens an order's page with the prices frozen on it and the shares it paid.
 */
const e2e = useServerAndBrowser();

const SMALL = { width: 360, height: 640 };
/** The demo's gold agent 10003 (player 100003): its parent set no price for it, so it pays the level's price. */
const GOLD_PLAYER = 100003;

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

async function go(page: Page, href: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, href);
}

function ownerSecret(): string {
  const secret = /2FA secret: (\S+)/.exec(e2e.server.output())?.[1];
  if (!secret) throw new Error(`no 2FA secret printed:\n${e2e.server.output()}`);
  return secret;
}

/**
 * The owner's console page, signed in once for the file: a TOTP code is good once, so a second sign-in within the same
 * 30 s would be refused.
 */
let owner: Page | undefined;
async function ownerPage(): Promise<Page> {
  if (!owner) {
    owner = (await openPage(e2e.browser, DESKTOP)).page;
    await signInOwner(owner);
  }
  await owner.setViewportSize(DESKTOP);
  return owner;
}

async function signInOwner(page: Page) {
  await page.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
  await page.getByTestId('page-admin-login').waitFor({ timeout: 30_000 });
  await page.getByTestId('admin-login-name').fill('owner');
  await page.getByTestId('admin-login-password').fill('demo-owner-1234');
  await page.getByTestId('admin-login-code').fill(generateSync({ secret: ownerSecret() }));
  await page.getByTestId('admin-login-submit').click();
  await page.getByTestId('admin-layout').waitFor({ timeout: 30_000 });
}

async function signInAgent(page: Page, playerId: number): Promise<string> {
  await page.goto(await e2e.server.loginLink(playerId));
  await page.waitForURL(/#\/agent\/Main/i, { timeout: 30_000 });
  await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
  return storedToken(page);
}

/** The agent's shop page, read afresh (a new load, so no earlier answer is reused). */
async function openShop(page: Page) {
  await go(page, paths.agent.main.getHref());
  await page.reload();
  await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
  await go(page, paths.agent.mineRecharge.getHref());
  await page.getByTestId('page-mine-recharge').waitFor({ timeout: 15_000 });
}

const goodsCard = (page: Page, name: string) => page.getByTestId(/^goods-\d+$/).filter({ hasText: name });

describe('prices, goods and orders in the console', () => {
  it('the owner changes the gold price with 2FA; a gold agent without its own price sees it in its shop', async () => {
    const agent = await openPage(e2e.browser, PHONE);
    await signInAgent(agent.page, GOLD_PLAYER);
    await openShop(agent.page);
    const before = goodsCard(agent.page, '1000 钻石');
    await before.waitFor();
    expect(await before.getByTestId(/^goods-price-/).innerText()).toBe('¥600.00');

    const page = await ownerPage();
    await page.getByTestId('admin-nav-settings').click();
    await page.getByTestId('page-admin-settings').waitFor();
    const level2 = page.getByTestId('setting-price_level2');
    await expect.poll(() => level2.inputValue()).toBe('0.60');
    await shot(page, 'admin-catalog-desktop-settings');

    // Below the diamond level's 0.50: said at once, nothing can be saved.
    await level2.fill('0.45');
    await page.getByText('黄金推广员的单价不能低于钻石推广员的 0.50').waitFor();
    expect(await page.getByTestId('settings-save').isDisabled()).toBe(true);
    await shot(page, 'admin-catalog-desktop-settings-invalid');

    await level2.fill('0.65');
    await page.getByTestId('settings-pending').filter({ hasText: '1 项修改未保存' }).waitFor();
    await page.getByTestId('settings-save').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('settings-changes').innerText()).toBe('黄金推广员单价: 0.60 → 0.65');
    // A change of the platform's terms is kept with its reason (decision 037).
    await dialog.getByTestId('reason-text').fill('季度调价');
    await shot(page, 'admin-catalog-desktop-settings-confirm');
    await dialog.getByTestId('reason-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('settings-pending').filter({ hasText: '没有未保存的修改' }).waitFor();
    // The change is in the history: who, before and after.
    const row = page.getByTestId('settings-history-row').filter({ hasText: 'price.level2' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('0.60 → 0.65');
    expect(await row.innerText()).toContain('owner');

    // The agent's shop, read again: 1000 diamonds at 0.65.
    await openShop(agent.page);
    const after = goodsCard(agent.page, '1000 钻石');
    await after.waitFor();
    expect(await after.getByTestId(/^goods-price-/).innerText()).toBe('¥650.00');
    await shot(agent.page, 'admin-catalog-phone-agent-shop-new-price');

    // The settings screen at a phone's size.
    await page.setViewportSize(SMALL);
    await page.getByTestId('settings-group-prices').waitFor();
    await shot(page, 'admin-catalog-small-settings');
    await agent.context.close();
  });

  it('an operator’s English name shows to an agent reading English, the seed’s for the others; a cleared one reads Chinese', async () => {
    const page = await ownerPage();
    await page.getByTestId('admin-nav-goods').click();
    await page.getByTestId('page-admin-goods').waitFor();
    const row = page.getByTestId(/^goods-\d+$/).filter({ hasText: '1000 钻石' });
    await row.waitFor();
    // The demo seeds its packages named in the 11 other languages.
    await row.getByText('11/11').waitFor();
    await shot(page, 'admin-catalog-desktop-goods');
    await row.getByTestId(/^goods-\d+-edit$/).click();
    const dialog = page.getByTestId('goods-dialog');
    await dialog.waitFor();
    // Named in other languages, the dialog opens with them unfolded.
    const english = dialog.getByTestId('catalog-name-en');
    await english.waitFor();
    expect(await english.inputValue()).toBe('1000 Diamonds');
    await english.fill('1000 Diamonds, best value');
    await dialog.getByTestId('catalog-name-ja').fill('');
    await shot(page, 'admin-catalog-desktop-goods-dialog');
    await dialog.getByTestId('catalog-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('10/11').waitFor();

    const agent = await openPage(e2e.browser, PHONE);
    await signInAgent(agent.page, GOLD_PLAYER);
    await openShop(agent.page);
    // Chinese first: the package's own name.
    await goodsCard(agent.page, '1000 钻石').waitFor();
    await agent.page.getByRole('button', { name: '语言' }).click();
    await agent.page.getByTestId('language-en').click();
    await agent.page.getByRole('menu').waitFor({ state: 'hidden' });
    await goodsCard(agent.page, '1000 Diamonds, best value').waitFor();
    // A package the owner left as seeded reads the seed's English name.
    await goodsCard(agent.page, '300 Diamonds').waitFor();
    await agent.page.waitForTimeout(400);
    await shot(agent.page, 'admin-catalog-phone-agent-shop-en');
    // In Japanese, the package whose Japanese name the owner cleared reads its Chinese name; the others the seed's.
    await agent.page.getByRole('button', { name: 'Language' }).click();
    await agent.page.getByTestId('language-ja').click();
    await agent.page.getByRole('menu').waitFor({ state: 'hidden' });
    await goodsCard(agent.page, 'ダイヤ300個').waitFor();
    await goodsCard(agent.page, '1000 钻石').waitFor();
    await agent.context.close();

    // The console at a phone's size.
    await page.setViewportSize(SMALL);
    await shot(page, 'admin-catalog-small-goods');
  });

  it('the orders list opens an order’s page: payer, the prices frozen on it, the shares it paid', async () => {
    const page = await ownerPage();
    await page.getByTestId('admin-nav-orders').click();
    await page.getByTestId('page-admin-orders').waitFor();
    const first = page.getByTestId(/^admin-order-open-/).first();
    await first.waitFor();
    await shot(page, 'admin-catalog-desktop-orders');
    await first.click();
    const drawer = page.getByTestId('order-detail');
    await drawer.getByTestId('order-detail-amount').waitFor();
    await drawer.getByTestId('order-detail-pricing').waitFor();
    // The demo's orders are paid: the delivery (bill type 1) is among the entries it wrote.
    await expect
      .poll(() => drawer.locator('[data-testid="order-entry"][data-bill-type="1"]').count())
      .toBe(1);
    await shot(page, 'admin-catalog-desktop-order-detail');
    await page.setViewportSize(SMALL);
    await shot(page, 'admin-catalog-small-order-detail');
  });
});
