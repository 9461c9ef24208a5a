import { randomUUID } from 'node:crypto';
import type { CallData, TAdminRefund } from '@promoter/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, screenshot, storedToken, useServerAndBrowser } from './browser';
import { consoleToken, createOperator, demoOwnerSecret, signInOperator } from './operators';

/**
 * Refunds in the console (decision 043) on the demo seed and the sandbox provider, which refunds at once through the
 * job queue: gold agent 10002 (0.60) buys 1000 diamonds for 600.00 and its parent 10001 (0.50) earns 100.00 of it.
 * - the owner refunds an order in part (150.00 of 600.00): it is sent at once, settles, and takes back a quarter of
 *   what the order gave (250 of the buyer's diamonds, 25.00 of the parent's profit);
 * - a refund above the review threshold (500.00) waits for a second operator: the owner cannot approve its own, a
 *   finance operator finds it on the refunds tab and approves it, and it settles;
 * - the finance operator rejects another with a reason: nothing is given back;
 * - the parent's balance flow at 360x640 lists the clawbacks, in Chinese and in English.
 */
const e2e = useServerAndBrowser();

const SMALL = { width: 360, height: 640 };
/** The buyer: gold agent 10002 (李经理), under diamond agent 10001. */
const BUYER_PLAYER = 100002;
const BUYER_AGENT = 10002;
const PARENT_PLAYER = 100001;
const PARENT_AGENT = 10001;
/** How long a sent refund may take to settle: the queue's first run, and a retry after its first backoff (30 s). */
const SETTLE_MS = 75_000;
/** What the console shows once its data has come back (a loaded machine reads the order again after a second or more). */
const SHOWN = { timeout: 30_000, interval: 250 };

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

async function go(page: Page, href: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, href);
}

async function signInAgent(page: Page, playerId: number): Promise<string> {
  await page.goto(await e2e.server.loginLink(playerId));
  await page.waitForURL(/#\/agent\/Main/i, { timeout: 30_000 });
  await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
  return storedToken(page);
}

/** A shop call as the app makes it: the agent's token and its player id. */
async function shopCall<T>(token: string, playerId: number, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${e2e.server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'XX-Token': token, uid: String(playerId) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(1);
  return json.data;
}

/** The buyer orders 1000 diamonds and pays on the sandbox's checkout page: a paid order of 600.00, its id. */
async function paidOrder(token: string): Promise<string> {
  const shop = await shopCall<CallData<'shopCategories'>>(token, BUYER_PLAYER, 'shop/goods/categories', {});
  const goods = shop.list.flatMap((category) => category.goods).find((g) => g.name === '1000 钻石');
  if (!goods) throw new Error('no 1000 钻石 in the shop');
  const order = await shopCall<CallData<'buyGoods'>>(token, BUYER_PLAYER, 'shop/goods/buyGoods', {
    goodsId: goods.id,
    quantity: 1,
    requestId: randomUUID(),
  });
  expect(order.amount).toBe('600.00');
  // The checkout page's Pay button: a form post to <checkout>/pay with the link's signature.
  const checkout = new URL(order.payUrl);
  const paid = await fetch(`${e2e.server.baseUrl}${checkout.pathname}/pay${checkout.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const state = await shopCall<CallData<'orderQuery'>>(token, BUYER_PLAYER, 'shop/order/orderquery', {
    orderId: order.orderId,
  });
  expect(state.status).toBe('paid');
  return order.orderId;
}

/** The refunds as the server keeps them (`admin/refunds/list`), with an operator's token. */
async function refundsOf(token: string, orderId: string): Promise<TAdminRefund[]> {
  const response = await fetch(
    `${e2e.server.baseUrl}/api/admin/refunds/list?orderId=${encodeURIComponent(orderId)}&page=1&pageSize=20`,
    { headers: { 'x-operator-token': token } },
  );
  const json = (await response.json()) as { code: number; msg: string; data: { list: TAdminRefund[] } };
  expect(json.code, json.msg).toBe(1);
  return json.data.list;
}

/** The owner's console page, signed in once for the file (a TOTP code is good once). */
let ownerPage: Page | undefined;
async function owner(): Promise<Page> {
  if (!ownerPage) {
    ownerPage = (await openPage(e2e.browser, DESKTOP)).page;
    await ownerPage.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
    await ownerPage.getByTestId('page-admin-login').waitFor({ timeout: 30_000 });
    await signInOperator(ownerPage, {
      name: 'owner',
      password: 'demo-owner-1234',
      secret: demoOwnerSecret(e2e.server.output()),
    });
  }
  await ownerPage.setViewportSize(DESKTOP);
  return ownerPage;
}

/** A finance operator made by the owner, signed in on a page of its own (the second operator). */
let financePage: Page | undefined;
async function finance(): Promise<Page> {
  if (!financePage) {
    const made = await createOperator(
      e2e.server.baseUrl,
      await consoleToken(await owner()),
      'refunder',
      'finance',
    );
    financePage = (await openPage(e2e.browser, DESKTOP)).page;
    await financePage.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
    await signInOperator(financePage, made, 'refunder-password-2024');
  }
  return financePage;
}

/** Opens an order's page from the orders list, found by its number. */
async function openOrder(page: Page, orderId: string): Promise<Locator> {
  await go(page, paths.admin.orders.getHref());
  await page.getByTestId('page-admin-orders').waitFor();
  await page.getByTestId('orders-tab-orders').click();
  await page.getByTestId('order-filter-id').fill(orderId);
  await page.getByTestId('order-filter-apply').click();
  await page.getByTestId(`admin-order-open-${orderId}`).click();
  const drawer = page.getByTestId('order-detail');
  await drawer.getByTestId('order-refunds').waitFor();
  return drawer;
}

const cardIds = (drawer: Locator) =>
  drawer
    .locator('[data-testid^="order-refund-rf_"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));

/** Opens the refund dialog of the order's page, fills it and sends it: the new refund's card. */
async function refund(page: Page, drawer: Locator, amount: string, reason: string): Promise<Locator> {
  const before = await cardIds(drawer);
  await drawer.getByTestId('order-refund').click();
  const dialog = page.getByTestId('refund-dialog');
  await dialog.getByTestId('refund-amount').fill(amount);
  await dialog.getByTestId('refund-reason').fill(reason);
  await dialog.getByTestId('refund-submit').click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(async () => (await cardIds(drawer)).length, SHOWN).toBe(before.length + 1);
  const made = (await cardIds(drawer)).find((id) => !before.includes(id));
  if (!made) throw new Error('no new refund on the order');
  return drawer.getByTestId(made);
}

const statusOf = (card: Locator) => card.getAttribute('data-status');

let partOrder = '';
let fullOrder = '';

describe('refunds in the console', () => {
  it('the owner refunds a paid order in part: it settles and takes back a quarter of what the order gave', async () => {
    const agent = await openPage(e2e.browser, DESKTOP);
    const buyerToken = await signInAgent(agent.page, BUYER_PLAYER);
    partOrder = await paidOrder(buyerToken);
    await agent.context.close();

    const page = await owner();
    const drawer = await openOrder(page, partOrder);
    expect(await drawer.getByTestId('order-refunded').innerText()).toBe('0.00');
    expect(await drawer.getByTestId('order-refundable').innerText()).toBe('600.00');
    await drawer.getByTestId('order-refunds-none').waitFor();

    // The dialog offers the whole refundable amount, and refuses more than that or a missing reason.
    await drawer.getByTestId('order-refund').click();
    const dialog = page.getByTestId('refund-dialog');
    expect(await dialog.getByTestId('refund-amount').inputValue()).toBe('600.00');
    await dialog.getByTestId('refund-amount').fill('600.01');
    await dialog.getByTestId('refund-submit').click();
    await dialog.getByText('最多可退 600.00').waitFor();
    await dialog.getByText('请输入退款原因').waitFor();
    await dialog.getByTestId('refund-amount').fill('12.345');
    await dialog.getByTestId('refund-submit').click();
    await dialog.getByText('请输入大于 0、最多两位小数的金额').waitFor();
    await dialog.getByTestId('refund-amount').fill('150.00');
    await dialog.getByTestId('refund-reason').fill('部分钻石未到账，退还 150 元');
    await shot(page, 'admin-refunds-desktop-dialog');
    // Two clicks in a row are one refund: the requestId is the dialog's.
    await dialog.getByTestId('refund-submit').dblclick();
    await dialog.waitFor({ state: 'hidden' });
    const card = drawer.locator('[data-testid^="order-refund-rf_"]').first();
    await card.waitFor();
    expect(['approved', 'processing', 'succeeded']).toContain(await statusOf(card));
    await shot(page, 'admin-refunds-desktop-sent');

    // The page reads it again until the queue settled it with the provider.
    await expect.poll(() => statusOf(card), { timeout: SETTLE_MS, interval: 1_000 }).toBe('succeeded');
    await expect.poll(() => drawer.getByTestId('order-refunded').innerText(), SHOWN).toBe('150.00');
    expect(await drawer.getByTestId('order-refundable').innerText()).toBe('450.00');
    expect(await card.getByTestId('refund-amount').innerText()).toBe('150.00');
    expect(await card.innerText()).toContain('部分钻石未到账，退还 150 元');
    expect(await card.innerText()).toContain('owner');
    expect(await card.innerText()).toMatch(/SANDBOX-REFUND-/);
    // What it took back: a quarter of the 1000 diamonds from the buyer, a quarter of the parent's 100.00 profit.
    const taken = async (owner: string, currency: string) =>
      card
        .locator(`[data-testid="refund-clawback"][data-owner="${owner}"][data-currency="${currency}"]`)
        .getByTestId('refund-clawback-taken')
        .innerText();
    expect(await taken(`agent-${BUYER_AGENT}`, 'diamonds')).toBe('250 钻石');
    expect(await taken(`agent-${PARENT_AGENT}`, 'balance')).toBe('25.00');
    // The order is still paid, its rest refundable; the server holds one refund however often the button was hit.
    await drawer.getByTestId('admin-order-status').first().waitFor();
    expect(await drawer.getByTestId('admin-order-status').first().getAttribute('data-status')).toBe('paid');
    const kept = await refundsOf(await consoleToken(page), partOrder);
    expect(kept.map((r) => [r.amount, r.status])).toEqual([['150.00', 'succeeded']]);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'admin-refunds-desktop-succeeded');
    await page.getByTestId('order-detail-close').click();
  });

  it('a refund above the threshold waits for a second operator, who approves it; it settles', async () => {
    const agent = await openPage(e2e.browser, DESKTOP);
    const buyerToken = await signInAgent(agent.page, BUYER_PLAYER);
    fullOrder = await paidOrder(buyerToken);
    await agent.context.close();

    const page = await owner();
    const drawer = await openOrder(page, fullOrder);
    const card = await refund(page, drawer, '600.00', '重复下单，全额退款');
    expect(await statusOf(card)).toBe('requested');
    // Its maker reads why another operator decides; nothing was given back yet.
    await card.getByTestId(/^refund-own-/).waitFor();
    expect(await card.getByTestId(/^refund-approve-/).count()).toBe(0);
    expect(await card.getByTestId('refund-review-reason').innerText()).toBe(
      '需第二名操作员：超过退款复核阈值',
    );
    expect(await drawer.getByTestId('order-refunded').innerText()).toBe('0.00');
    expect(await drawer.getByTestId('order-refundable').innerText()).toBe('0.00');
    // Nothing is left to refund while it waits: no second refund of the same money.
    expect(await drawer.getByTestId('order-refund').count()).toBe(0);
    await shot(page, 'admin-refunds-desktop-waiting');
    await page.getByTestId('order-detail-close').click();

    // ---- the finance operator finds it on the refunds tab, which opens on those waiting
    const second = await finance();
    await go(second, paths.admin.orders.getHref());
    await second.getByTestId('page-admin-orders').waitFor();
    await second.getByTestId('orders-tab-refunds').click();
    const [waiting] = await refundsOf(await consoleToken(second), fullOrder);
    if (!waiting) throw new Error('the refund is not listed');
    const row = second.getByTestId(`refund-row-${waiting.id}`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('requested');
    expect(await row.innerText()).toContain('1/2');
    await shot(second, 'admin-refunds-desktop-list-waiting');

    // The row opens its order; the second operator approves it there.
    await row.getByTestId(`refund-open-order-${waiting.id}`).click();
    const secondDrawer = second.getByTestId('order-detail');
    const secondCard = secondDrawer.getByTestId(`order-refund-${waiting.id}`);
    await secondCard.getByTestId(`refund-approve-${waiting.id}`).click();
    await second.getByTestId('confirm-yes').click();
    await expect.poll(() => statusOf(secondCard), { timeout: SETTLE_MS, interval: 1_000 }).toBe('succeeded');
    await expect.poll(() => secondDrawer.getByTestId('order-refunded').innerText(), SHOWN).toBe('600.00');
    expect(await secondCard.getByTestId('refund-approvals').innerText()).toContain('refunder');
    // The whole amount went back: the order is refunded, all of what it gave taken back.
    await expect
      .poll(() => secondDrawer.getByTestId('admin-order-status').first().getAttribute('data-status'), SHOWN)
      .toBe('refunded');
    expect(
      await secondCard
        .locator(
          `[data-testid="refund-clawback"][data-owner="agent-${PARENT_AGENT}"][data-currency="balance"]`,
        )
        .getByTestId('refund-clawback-taken')
        .innerText(),
    ).toBe('100.00');
    await secondCard.scrollIntoViewIfNeeded();
    await shot(second, 'admin-refunds-desktop-approved');
    await second.getByTestId('order-detail-close').click();

    // The buyer's page of the order says the money went back.
    const buyer = await openPage(e2e.browser, SMALL);
    await signInAgent(buyer.page, BUYER_PLAYER);
    await go(buyer.page, paths.agent.queryOrder.getHref({ orderId: fullOrder }));
    await buyer.page.getByTestId('order-status-refunded').waitFor({ timeout: 15_000 });
    expect(await buyer.page.getByTestId('order-status-refunded').innerText()).toContain('款项已原路退回');
    await shot(buyer.page, 'admin-refunds-small-order-refunded');
    await buyer.context.close();
  });

  it('the second operator rejects a waiting refund with a reason: nothing is given back', async () => {
    const agent = await openPage(e2e.browser, DESKTOP);
    const buyerToken = await signInAgent(agent.page, BUYER_PLAYER);
    const orderId = await paidOrder(buyerToken);
    await agent.context.close();

    const page = await owner();
    const drawer = await openOrder(page, orderId);
    const card = await refund(page, drawer, '550.00', '买家申请退款');
    expect(await statusOf(card)).toBe('requested');
    await page.getByTestId('order-detail-close').click();

    const second = await finance();
    await go(second, paths.admin.orders.getHref());
    // The finance page may still be on the refunds tab of the test before: the way back to the orders can land after
    // the tab's click, so the click is repeated until the address holds the refunds tab.
    await expect
      .poll(
        async () => {
          if (!second.url().includes('tab=refunds')) await second.getByTestId('orders-tab-refunds').click();
          return second.url();
        },
        { timeout: 15_000 },
      )
      .toContain('tab=refunds');
    const [waiting] = await refundsOf(await consoleToken(second), orderId);
    if (!waiting) throw new Error('the refund is not listed');
    const row = second.getByTestId(`refund-row-${waiting.id}`);
    await row.getByTestId(`refund-reject-${waiting.id}`).click();
    const dialog = second.getByTestId('refund-reject-dialog');
    await dialog.getByTestId('reason-text').fill('买家已撤回申请');
    await shot(second, 'admin-refunds-desktop-reject');
    await dialog.getByTestId('reason-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    // Gone from those waiting; found among the rejected, with the reason.
    await row.waitFor({ state: 'detached' });
    await second.getByTestId('refund-filters').getByRole('combobox', { name: '状态' }).click();
    await second.getByTestId('refund-filter-status-rejected').click();
    await second.getByTestId('refund-filter-apply').click();
    const rejected = second.getByTestId(`refund-row-${waiting.id}`);
    await expect.poll(() => rejected.getAttribute('data-status'), SHOWN).toBe('rejected');
    expect(await rejected.innerText()).toContain('买家已撤回申请');
    await shot(second, 'admin-refunds-desktop-list-rejected');

    // The order's page: the whole amount refundable again.
    await rejected.getByTestId(`refund-open-order-${waiting.id}`).click();
    const secondDrawer = second.getByTestId('order-detail');
    await expect.poll(() => secondDrawer.getByTestId('order-refundable').innerText(), SHOWN).toBe('600.00');
    expect(await secondDrawer.getByTestId('order-refunded').innerText()).toBe('0.00');
    expect(await secondDrawer.getByTestId('refund-remark').innerText()).toContain('买家已撤回申请');
    expect(await secondDrawer.getByTestId('admin-order-status').first().getAttribute('data-status')).toBe(
      'paid',
    );
    await second.getByTestId('order-detail-close').click();
  });

  it('the parent’s balance flow lists the clawbacks at 360x640, in Chinese and in English', async () => {
    const { page, context } = await openPage(e2e.browser, SMALL);
    await signInAgent(page, PARENT_PLAYER);
    await go(page, paths.agent.currencyList.getHref());
    await page.getByTestId('page-currency-list').waitFor();
    await page.getByTestId('flow-tab-1').click();
    await page.getByTestId('flow-type-select').getByRole('combobox').selectOption('10');
    const entries = page.locator('[data-testid="bill-list"] [data-testid^="bill-entry-"][data-bill-type]');
    // Newest first: the full refund's 100.00, then the part's 25.00; nothing of another type.
    await expect
      .poll(() => entries.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-bill-amount'))))
      .toEqual(['-100.00', '-25.00']);
    expect(await entries.first().getByTestId('bill-entry-type').innerText()).toBe('退款扣回');
    await shot(page, 'admin-refunds-small-bill-cn');

    await page.getByRole('button', { name: '语言' }).click();
    await page.getByTestId('language-en').click();
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await expect
      .poll(() => entries.first().getByTestId('bill-entry-type').innerText())
      .toBe('Refund clawback');
    await shot(page, 'admin-refunds-small-bill-en');
    await context.close();
  });
});
