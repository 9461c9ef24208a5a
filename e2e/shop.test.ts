import { type TAgentUser, type TBillEntry } from '@promoter/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, figureOf, openPage, PHONE, screenshot, storedToken, useServerAndBrowser } from './browser';

/**
 * The downline, pricing and shop screens at phone size in Chinese (one English screenshot), on the demo seed:
 * agent 10002 (李经理, gold, 0.60) buys through the sandbox checkout and its parent 10001 (0.50) earns the
 * differential; 10001 promotes its bound player 200002 to a gold child, prices it at 0.55, and the new child
 * sees that price in the shop; the cart adds, recomputes, deletes after confirming, and checks out one line.
 */

const e2e = useServerAndBrowser();

async function apiGet<T>(path: string, token: string): Promise<T> {
  const json = await e2e.server.api<T>(path, token);
  expect(json.code, json.msg).toBe(1);
  return json.data;
}

async function signIn(page: Page, playerId: number): Promise<string> {
  await page.goto(await e2e.server.loginLink(playerId));
  await page.waitForURL(/#\/agent\/Main/i, { timeout: 30_000 });
  await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
  return storedToken(page);
}

/** Opens an agent screen from the main page's tiles, as a person would. */
async function openTile(page: Page, label: string, pageTestId: string): Promise<void> {
  await page.getByRole('link', { name: label, exact: true }).first().click();
  await page.getByTestId(pageTestId).waitFor({ timeout: 15_000 });
}

function goodsCard(page: Page, name: string) {
  return page.getByTestId(/^goods-\d+$/).filter({ hasText: name });
}

describe('downline, pricing and shop (phone, Chinese)', () => {
  it('agent 10002 buys 1000 diamonds at 600.00 through the sandbox checkout; the parent earns 100.00', async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    const token = await signIn(page, 100002);
    const before = await apiGet<TAgentUser>('agent/user/getUser', token);
    expect(before.nickname).toBe('李经理');
    await expect.poll(() => figureOf(page, 'header-diamonds')).toBe(String(before.diamonds));

    await openTile(page, '我的充值', 'page-mine-recharge');
    const card = goodsCard(page, '1000 钻石');
    await card.waitFor();
    expect(await card.getByTestId(/^goods-price-/).innerText()).toBe('¥600.00');
    expect(await figureOf(page, 'recharge-unit-price')).toContain('¥0.60');
    expect(await figureOf(page, 'recharge-stock')).toBe(String(before.diamonds));
    await card.getByTestId(/^goods-select-/).click();
    await page.getByTestId('buy-bar').waitFor();
    await page.waitForTimeout(600); // the tap's ripple
    expect(await figureOf(page, 'buy-total')).toBe('¥600.00');
    await screenshot(page, 'shop-phone-recharge-selected');

    await page.getByTestId('buy-submit').click();
    await page.getByTestId('buy-confirm-total').waitFor();
    expect(await figureOf(page, 'buy-confirm-total')).toBe('¥600.00');
    await screenshot(page, 'shop-phone-recharge-confirm');
    await page.getByTestId('confirm-yes').click();

    await page.waitForURL(/\/api\/pay\/sandbox\/checkout\//, { timeout: 15_000 });
    expect(await page.getByTestId('checkout-amount').innerText()).toContain('600.00');
    await screenshot(page, 'shop-phone-sandbox-checkout');
    await page.getByTestId('checkout-pay').click();

    await page.waitForURL(/#\/agent\/query-order\?orderId=/, { timeout: 15_000 });
    await page.getByTestId('order-status-paid').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => figureOf(page, 'order-stock'), { timeout: 10_000 })
      .toBe(String(before.diamonds + 1000));
    expect(await page.getByTestId('order-lines').innerText()).toContain('600.00');
    await screenshot(page, 'shop-phone-query-order-paid');

    await page.getByTestId('order-back-main').click();
    await page.waitForURL(/#\/agent\/Main/);
    await expect
      .poll(() => figureOf(page, 'header-diamonds'), { timeout: 10_000 })
      .toBe(String(before.diamonds + 1000));
    const after = await apiGet<TAgentUser>('agent/user/getUser', token);
    expect(after.diamonds).toBe(before.diamonds + 1000);
    await screenshot(page, 'shop-phone-main-after-purchase');
    await context.close();

    // The parent 10001 (0.50) earns (0.60 − 0.50) × 1000 as profit, at the top of its balance flow.
    const parent = await openPage(e2e.browser, PHONE);
    const parentToken = await signIn(parent.page, 100001);
    const bill = await apiGet<{ list: TBillEntry[] }>(
      'agent/user/bill?currency=1&page=1&pageSize=5',
      parentToken,
    );
    expect(bill.list[0]?.billType).toBe(5);
    expect(bill.list[0]?.amount).toBe('100.00');

    // The money area's flow screen, when it is there by now, shows it too.
    await parent.page.goto(`${e2e.server.baseUrl}/#/agent/currency-list`);
    const flow = parent.page.getByTestId('page-currency-list');
    const notYet = parent.page.getByTestId('page-not-available');
    await flow.or(notYet).first().waitFor({ timeout: 15_000 });
    if (await flow.isVisible()) {
      await flow
        .getByText(/100\.00/)
        .first()
        .waitFor({ timeout: 15_000 });
      await screenshot(parent.page, 'shop-phone-parent-currency-list');
    }
    await parent.context.close();
  });

  it('parent 10001 promotes bound player 200002 to gold, prices it at 0.55, and the child sees 550.00', async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    await signIn(page, 100001);

    // The team tree before: 10002 and 10003 under me, 10004 under 10002.
    await openTile(page, '团队树', 'page-treeview');
    await page.getByTestId('downline-tree').waitFor();
    for (const id of [10001, 10002, 10003, 10004, 10005]) await page.getByTestId(`tree-node-${id}`).waitFor();
    // The frozen demo agent 10005 is marked; the active ones are not.
    expect(await page.getByTestId('tree-node-status-10005').innerText()).toBe('已冻结');
    expect(await page.getByTestId('tree-node-status-10004').count()).toBe(0);
    expect(await figureOf(page, 'tree-node-price-10002')).toContain('¥0.60');
    await screenshot(page, 'shop-phone-treeview');
    await page.getByTestId('app-bar-back').click();
    await page.getByTestId('page-agent-main').waitFor();

    await openTile(page, '设置下级', 'page-set-child');
    await page.getByTestId('set-child-keyword').fill('200002');
    await page.getByTestId('set-child-search').click();
    const result = page.getByTestId('set-child-result-200002');
    await result.waitFor();
    expect(await result.innerText()).toContain('已绑定我');
    await page.getByTestId('set-child-select-200002').click();
    // A diamond agent may choose gold or silver, nothing at or above its own level.
    expect(await page.getByTestId('set-child-level-1').count()).toBe(0);
    await page.getByTestId('set-child-level-2').click();
    await screenshot(page, 'shop-phone-set-child');
    await page.getByTestId('set-child-submit').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('set-child-done').waitFor({ timeout: 15_000 });
    const childId = Number((await figureOf(page, 'set-child-new-agent-id')).replace(/\D/g, ''));
    expect(childId).toBeGreaterThan(10005);
    expect(await page.getByTestId('set-child-done').innerText()).toContain('黄金推广员');
    await screenshot(page, 'shop-phone-set-child-done');

    await page.getByRole('link', { name: '设置价格' }).click();
    await page.getByTestId('page-price-list').waitFor();
    await expect.poll(() => figureOf(page, 'price-list-mine')).toBe('¥0.50');
    await expect.poll(() => figureOf(page, 'price-list-retail')).toBe('¥1.00');
    await page.getByTestId(`child-row-${childId}`).waitFor();
    expect(await figureOf(page, `child-price-${childId}`)).toContain('¥0.60');
    await page.getByTestId(`price-edit-${childId}`).click();
    // Below my own price is refused before anything is sent.
    await page.getByTestId('price-input').fill('0.40');
    await page.getByTestId('price-input').blur();
    await page.getByText('不能低于你的进货价 ¥0.50').waitFor();
    await page.getByTestId('price-input').fill('0.55');
    await screenshot(page, 'shop-phone-price-edit');
    await page.getByTestId('price-save').click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => figureOf(page, `child-price-${childId}`), { timeout: 10_000 }).toContain('¥0.55');
    await screenshot(page, 'shop-phone-price-list');

    await page.getByTestId('app-bar-back').click();
    await page.getByTestId('app-bar-back').click();
    await page.getByTestId('page-agent-main').waitFor();
    await openTile(page, '我的下级推广员', 'page-child-tree');
    await page.getByTestId(`child-row-${childId}`).waitFor();
    await page.getByTestId('children-search').fill(String(childId));
    await page.getByTestId('children-search').press('Enter');
    await expect.poll(() => page.getByTestId(/^child-row-/).count()).toBe(1);
    await screenshot(page, 'shop-phone-child-tree');
    await context.close();

    // The new child signs in as an agent and buys at its price.
    const child = await openPage(e2e.browser, PHONE);
    await signIn(child.page, 200002);
    expect(await figureOf(child.page, 'header-level')).toContain('黄金');
    await openTile(child.page, '我的充值', 'page-mine-recharge');
    const card = goodsCard(child.page, '1000 钻石');
    await card.waitFor();
    expect(await card.getByTestId(/^goods-price-/).innerText()).toBe('¥550.00');
    await screenshot(child.page, 'shop-phone-child-recharge');

    // English, through the app bar's language menu.
    await child.page.getByRole('button', { name: '语言' }).click();
    await child.page.getByTestId('language-en').click();
    await child.page.getByText('Choose a diamond package').waitFor();
    await child.page.getByRole('menu').waitFor({ state: 'hidden' });
    await child.page.waitForTimeout(400); // the menu's closing transition
    await screenshot(child.page, 'shop-phone-child-recharge-en');
    await child.page.getByRole('button', { name: 'Language' }).click();
    await child.page.getByTestId('language-cn').click();
    await child.page.getByText('选择钻石套餐').waitFor();
    await child.context.close();
  });

  it('the cart adds at quantity 1, recomputes, deletes after confirming, and checks out one line', async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    await signIn(page, 100002);
    await openTile(page, '我的充值', 'page-mine-recharge');

    // 李经理 buys at 0.60: 100 diamonds 60.00, 300 diamonds 180.00.
    await goodsCard(page, '300 钻石')
      .getByTestId(/^goods-add-cart-/)
      .click();
    await goodsCard(page, '100 钻石')
      .first()
      .getByTestId(/^goods-add-cart-/)
      .click();
    await page.getByText('已加入购物车').first().waitFor();
    await page.getByTestId('recharge-cart-link').click();
    await page.getByTestId('page-cart').waitFor({ timeout: 15_000 });
    expect(await figureOf(page, 'cart-total')).toBe('¥240.00');

    const line300 = page.getByTestId(/^cart-line-\d+$/).filter({ hasText: '300 钻石' });
    const line100 = page
      .getByTestId(/^cart-line-\d+$/)
      .filter({ hasText: '100 钻石' })
      .first();
    await line300.getByTestId(/^cart-increase-/).click();
    expect(await line300.getByTestId(/^cart-quantity-/).innerText()).toBe('2');
    expect(await line300.getByTestId(/^cart-line-total-/).innerText()).toBe('¥360.00');
    expect(await figureOf(page, 'cart-total')).toBe('¥420.00');

    // The header's dropdown, from the phone's overflow menu.
    await page.getByTestId('header-more').click();
    await page.getByRole('menuitem', { name: '购物车' }).click();
    await page.getByTestId('cart-menu').waitFor();
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.waitForTimeout(400); // the popover's opening transition
    expect(await figureOf(page, 'cart-menu-badge')).toBe('3个新');
    expect(await figureOf(page, 'cart-menu-total')).toContain('¥420.00');
    await screenshot(page, 'shop-phone-cart-menu');
    await page.getByTestId('cart-view').click();

    await line100.getByTestId(/^cart-remove-/).click();
    await page.getByTestId('confirm-cancel').click();
    expect(await page.getByTestId(/^cart-line-\d+$/).count()).toBe(2);
    await line100.getByTestId(/^cart-remove-/).click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId(/^cart-line-\d+$/).count()).toBe(1);
    expect(await figureOf(page, 'cart-total')).toBe('¥360.00');
    await screenshot(page, 'shop-phone-cart');

    // One line, one order; cancelled at the checkout, it comes back as cancelled.
    await line300.getByTestId(/^cart-checkout-/).click();
    expect(await figureOf(page, 'cart-confirm-total')).toBe('¥360.00');
    await page.getByTestId('confirm-yes').click();
    await page.waitForURL(/\/api\/pay\/sandbox\/checkout\//, { timeout: 15_000 });
    expect(await page.getByTestId('checkout-amount').innerText()).toContain('360.00');
    await page.getByTestId('checkout-cancel').click();
    await page.waitForURL(/#\/agent\/query-order\?orderId=/, { timeout: 15_000 });
    await page.getByTestId('order-status-cancelled').waitFor({ timeout: 15_000 });
    await screenshot(page, 'shop-phone-query-order-cancelled');
    await context.close();
  });
});

describe('a player that is not an agent (from=reg)', () => {
  it('is welcomed and sees the packages at retail', async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    await page.goto(await e2e.server.loginLink(200008));
    await page.waitForURL(/#\/agent\/bind-agent/, { timeout: 30_000 });
    await page.goto(`${e2e.server.baseUrl}/#/agent/mine-recharge?from=reg`);
    await page.getByTestId('recharge-welcome').waitFor();
    const card = goodsCard(page, '1000 钻石');
    await card.waitFor();
    expect(await card.getByTestId(/^goods-price-/).innerText()).toBe('¥1000.00');
    expect(await figureOf(page, 'recharge-unit-price')).toContain('¥1.00');
    await card.getByTestId(/^goods-select-/).click();
    await page.getByTestId('buy-increase').click();
    expect(await figureOf(page, 'buy-total')).toBe('¥2000.00');
    await page.waitForTimeout(600); // the tap's ripple
    await screenshot(page, 'shop-phone-player-recharge');
    await context.close();
  });
});

describe('at the narrowest phone and at desktop size', () => {
  it('fits set-child and the shop into 360 px', async () => {
    const { page, context } = await openPage(e2e.browser, { width: 360, height: 740 });
    await signIn(page, 100001);
    await page.goto(`${e2e.server.baseUrl}/#/agent/set-child`);
    await page.getByTestId('set-child-keyword').fill('200003');
    await page.getByTestId('set-child-search').click();
    await page.getByTestId('set-child-result-200003').waitFor();
    await screenshot(page, 'shop-360-set-child');
    await page.goto(`${e2e.server.baseUrl}/#/agent/mine-recharge`);
    await goodsCard(page, '1000 钻石')
      .getByTestId(/^goods-select-/)
      .click();
    await page.getByTestId('buy-bar').waitFor();
    await page.waitForTimeout(600); // the tap's ripple
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'shop-360-recharge');
    await context.close();
  });

  it('shows the tree and the price list of 10001', async () => {
    const { page, context } = await openPage(e2e.browser, DESKTOP);
    await signIn(page, 100001);
    await openTile(page, '我的下级推广员', 'page-child-tree');
    await page.getByTestId('child-tree-tab-tree').click();
    await page.getByTestId('tree-node-10004').waitFor();
    await screenshot(page, 'shop-desktop-child-tree');
    await page.goto(`${e2e.server.baseUrl}/#/agent/price-list`);
    await page.getByTestId('child-row-10002').waitFor();
    await screenshot(page, 'shop-desktop-price-list');
    await context.close();
  });
});
