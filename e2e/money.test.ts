import { type TAgentUser, fenToMoney, moneyToFen } from '@promoter/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, PHONE, screenshot, storedToken, useServerAndBrowser } from './browser';

const e2e = useServerAndBrowser();

async function apiUser(token: string): Promise<TAgentUser> {
  const json = await e2e.server.api<TAgentUser>('agent/user/getUser', token);
  expect(json.code).toBe(1);
  return json.data;
}

/** Moves inside the single-page app through its hash, as a link would, without reloading. */
async function go(page: Page, href: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, href);
}

/** A screenshot once the dialogs, ripples and label transitions of the last action have settled. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

const digits = (text: string) => text.replace(/[,\s¥]/g, '');

/** A player's diamonds as the demo game knows them (its `GET /state`): what the game received. */
async function gameDiamonds(playerId: number): Promise<number> {
  const state = (await (await fetch(`${e2e.server.demoGameUrl}/state`)).json()) as {
    players: { playerId: number; diamonds: number }[];
  };
  return state.players.find((p) => p.playerId === playerId)?.diamonds ?? 0;
}

async function headerFigure(page: Page, id: 'header-diamonds' | 'header-balance') {
  return digits(await page.getByTestId(id).first().innerText());
}

async function signIn(page: Page, link: string): Promise<string> {
  await page.goto(link);
  await page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
  await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
  return storedToken(page);
}

describe('the money screens at phone size (390x844, Chinese)', () => {
  it('recharges a player, withdraws to Alipay and exchanges balance for diamonds', async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    const token = await signIn(page, e2e.server.agentLink);
    const start = await apiUser(token);
    expect(await headerFigure(page, 'header-diamonds')).toBe(String(start.diamonds));

    // The main page: the links to the money screens and the latest entries.
    await page.getByTestId('main-recent-bill').waitFor();
    await page.locator('[data-testid^="main-recent-"]').nth(1).waitFor();
    // The layout's loader covers the content for its first 2 s.
    await page.waitForTimeout(2_000);
    await page.getByTestId('main-recent-bill').scrollIntoViewIfNeeded();
    await shot(page, 'money-phone-main-recent');
    await page.getByTestId('agent-link-userRecharge').click();

    // ---- recharge player 200001 with 50 diamonds through the confirmation
    await page.getByTestId('page-user-recharge').waitFor();
    await expect
      .poll(async () => digits(await page.getByTestId('summary-diamonds').innerText()))
      .toBe(String(start.diamonds));
    await page.getByTestId('recharge-search-input').fill('200001');
    await page.getByTestId('recharge-search-button').click();
    await page.getByTestId('recharge-player-200001').click();
    await page.getByTestId('recharge-quick-50').click();
    await expect(page.getByTestId('recharge-amount-input').inputValue()).resolves.toBe('50');
    await shot(page, 'money-phone-user-recharge');
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('confirm-yes').waitFor();
    expect(await page.getByTestId('recharge-confirm-player').innerText()).toContain('200001');
    expect(digits(await page.getByTestId('recharge-confirm-amount').innerText())).toContain('50');
    await shot(page, 'money-phone-user-recharge-confirm');
    const inGame = await gameDiamonds(200001);
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('recharge-success').waitFor({ timeout: 10_000 });
    expect(digits(await page.getByTestId('recharge-success-stock').innerText())).toContain(
      String(start.diamonds - 50),
    );
    await shot(page, 'money-phone-user-recharge-done');

    // The game has them: the demo game received the signed delivery (decision 040) and shows the player's 50 more.
    await expect.poll(() => gameDiamonds(200001), { timeout: 120_000 }).toBe(inGame + 50);
    const game = await page.context().newPage();
    await game.goto(`${e2e.server.demoGameUrl}/`);
    await game.getByText('200001').first().waitFor();
    await shot(game, 'money-phone-demo-game');
    await game.close();

    // The header's diamonds dropped by 50.
    await go(page, paths.agent.main.getHref());
    await page.getByTestId('page-agent-main').waitFor();
    await expect.poll(() => headerFigure(page, 'header-diamonds')).toBe(String(start.diamonds - 50));

    // The entry (type 2, -50) is at the top of the diamond flow.
    await go(page, paths.agent.currencyList.getHref());
    await page.getByTestId('page-currency-list').waitFor();
    await page.getByTestId('flow-tab-2').click();
    const top = page
      .locator('[data-testid="bill-list"] [data-testid^="bill-entry-"][data-bill-type]')
      .first();
    await expect.poll(() => top.getAttribute('data-bill-type')).toBe('2');
    expect(await top.getAttribute('data-bill-amount')).toBe('-50');
    expect(await top.getByTestId('bill-entry-amount').innerText()).toBe('-50');
    await shot(page, 'money-phone-currency-list-diamonds');

    // Narrowed to recharges of today: the entry is still on top, and nothing of another type is listed.
    await page.getByTestId('flow-type-select').getByRole('combobox').selectOption('2');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await page.getByTestId('flow-from').fill(today);
    await page.getByTestId('flow-to').fill(today);
    await expect.poll(() => page.url()).toMatch(/billType=2.*from=.*to=/);
    await expect.poll(() => top.getAttribute('data-bill-amount')).toBe('-50');
    const types = await page
      .locator('[data-testid="bill-list"] [data-bill-type]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-bill-type')));
    expect(new Set(types)).toEqual(new Set(['2']));
    await shot(page, 'money-phone-currency-list-filtered');

    // Its detail names the player on the other side.
    await top.click();
    await page.getByTestId('bill-detail').waitFor();
    expect(await page.getByTestId('bill-detail-amount').innerText()).toBe('-50');
    expect(await page.getByTestId('bill-detail-counterparty').innerText()).toContain('200001');
    await shot(page, 'money-phone-currency-detail');

    // The balance flow, filtered by type.
    await go(page, paths.agent.currencyList.getHref());
    await page.getByTestId('flow-tab-1').click();
    await page.locator('[data-testid="bill-list"] [data-bill-type]').first().waitFor();
    await shot(page, 'money-phone-currency-list-balance');

    // ---- apply for a withdrawal of 100.00 to Alipay
    await go(page, paths.agent.withdraw.getHref());
    await page.getByTestId('page-withdraw').waitFor();
    await page.getByTestId('withdraw-rule-min').waitFor();
    expect(await page.getByTestId('withdraw-rule-min').innerText()).toContain('100.00');
    await shot(page, 'money-phone-withdraw');
    await page.getByTestId('withdraw-apply-link').click();
    await page.getByTestId('page-withdraw-apply').waitFor();
    // Below the minimum: refused before anything is sent.
    await page.getByTestId('withdraw-amount-input').fill('50.123');
    await expect(page.getByTestId('withdraw-amount-input').inputValue()).resolves.toBe('50.123');
    await page.getByTestId('withdraw-amount-input').blur();
    await page.getByText('最多两位小数').first().waitFor();
    await page.getByTestId('withdraw-amount-input').fill('50');
    await page.getByText('提现金额不能低于 ¥100.00').first().waitFor();
    await shot(page, 'money-phone-withdraw-apply-invalid');
    await page.getByTestId('withdraw-amount-input').fill('100.00');
    // No saved account yet: one is added on the spot (decision 019) and chosen.
    await page.getByTestId('withdraw-add-account').click();
    await page.getByTestId('payout-type-alipay').click();
    await page.getByTestId('payout-holder-name').fill('王总');
    await page.getByTestId('payout-account-no').fill('wangzong@example.com');
    await page.getByTestId('payout-save').click();
    await page.getByTestId('payout-account-form').waitFor({ state: 'detached' });
    await page.locator('[data-testid^="withdraw-account-"] input:checked').waitFor();
    expect(await page.getByTestId('withdraw-receive').innerText()).toContain('100.00');
    await shot(page, 'money-phone-withdraw-apply');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-yes').waitFor();
    expect(await page.getByTestId('withdraw-confirm-amount').innerText()).toContain('100.00');
    await shot(page, 'money-phone-withdraw-apply-confirm');
    await page.getByTestId('confirm-yes').click();

    // Then the records, the new one pending at the top.
    await page.waitForURL(/#\/agent\/withdraw-list/, { timeout: 10_000 });
    const newest = page.locator('[data-testid^="withdrawal-"][data-status]').first();
    await newest.waitFor();
    expect(await newest.getAttribute('data-status')).toBe('pending');
    expect(await newest.getByTestId('withdrawal-amount').innerText()).toContain('100.00');
    expect(await newest.getByTestId('withdrawal-status').innerText()).toBe('审核中');
    expect(await newest.getByTestId('withdrawal-account').innerText()).toContain('支付宝');
    await shot(page, 'money-phone-withdraw-list');
    await page.getByTestId('withdraw-filter-pending').click();
    await page.locator('[data-testid^="withdrawal-"][data-status="pending"]').first().waitFor();

    const balanceAfterWithdrawal = fenToMoney(moneyToFen(start.balance) - moneyToFen('100.00'));
    await go(page, paths.agent.main.getHref());
    await page.getByTestId('page-agent-main').waitFor();
    await expect.poll(() => headerFigure(page, 'header-balance')).toBe(balanceAfterWithdrawal);

    // ---- exchange 10.00 to 20 diamonds (the demo agent's price is 0.50)
    await go(page, paths.agent.withdraw.getHref());
    await page.getByTestId('page-withdraw').waitFor();
    await page.getByTestId('exchange-amount-input').fill('10.00');
    await expect.poll(async () => page.getByTestId('exchange-preview').innerText()).toContain('20');
    await page.getByTestId('exchange-submit').scrollIntoViewIfNeeded();
    await shot(page, 'money-phone-exchange');
    await page.getByTestId('exchange-submit').click();
    await page.getByTestId('confirm-yes').waitFor();
    expect(digits(await page.getByTestId('exchange-confirm-diamonds').innerText())).toContain('20');
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('exchange-success').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('exchange-success').innerText()).toContain('20');
    await shot(page, 'money-phone-exchange-done');

    const end = await apiUser(token);
    expect(end.diamonds).toBe(start.diamonds - 50 + 20);
    expect(end.balance).toBe(fenToMoney(moneyToFen(start.balance) - moneyToFen('110.00')));
    await go(page, paths.agent.main.getHref());
    await page.getByTestId('page-agent-main').waitFor();
    await expect.poll(() => headerFigure(page, 'header-diamonds')).toBe(String(end.diamonds));
    await expect.poll(() => headerFigure(page, 'header-balance')).toBe(end.balance);

    // ---- pass diamonds down the line to a grandchild (赵小刘, 10004, under 10002)
    await go(page, paths.agent.transferAgent.getHref());
    await page.getByTestId('page-transfer-agent').waitFor();
    await page.getByTestId('transfer-agent-10002').waitFor();
    await page.getByTestId('transfer-tab-team').click();
    await page.getByTestId('transfer-agent-10004').click();
    await page.getByTestId('transfer-amount-input').fill('10');
    await shot(page, 'money-phone-transfer-agent');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('transfer-success').waitFor({ timeout: 10_000 });
    expect(digits(await page.getByTestId('transfer-success-stock').innerText())).toContain(
      String(end.diamonds - 10),
    );
    await shot(page, 'money-phone-transfer-agent-done');

    // ---- the same screens in English
    await go(page, paths.agent.currencyList.getHref());
    await page.getByTestId('page-currency-list').waitFor();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByTestId('language-en').click();
    await page.getByText('Diamond stock').first().waitFor();
    await page.locator('[data-testid="bill-list"] [data-bill-type]').first().waitFor();
    // The memos read in English too (the server writes them in the reader's language), the seeded ones as well.
    await page.getByText('Exchanged for 20 diamonds').first().waitFor();
    await page.getByText('Profit from sub-agent 10002’s purchase').first().waitFor();
    await shot(page, 'money-phone-currency-list-en');
    await go(page, paths.agent.withdrawApply.getHref());
    await page.getByTestId('page-withdraw-apply').waitFor();
    // The saved Alipay account is chosen; the add dialog asks a bank card's fields in English.
    await page.locator('[data-testid^="withdraw-account-"] input:checked').waitFor();
    await shot(page, 'money-phone-withdraw-apply-en');
    await page.getByTestId('withdraw-add-account').click();
    await page.getByTestId('payout-type-bank').click();
    await page.getByTestId('payout-bank-name').waitFor();
    await page.getByText('Card number').first().waitFor();
    await shot(page, 'money-phone-payout-add-en');
    await page.getByTestId('payout-cancel').click();

    await context.close();
  });
});

describe('the money screens at desktop size (1280x800)', () => {
  it('lays the recharge and the flow out in the middle column', async () => {
    const { page, context } = await openPage(e2e.browser, DESKTOP);
    await signIn(page, await e2e.server.loginLink(100001));
    await go(page, paths.agent.userRecharge.getHref());
    await page.getByTestId('page-user-recharge').waitFor();
    await page.getByTestId('recharge-recent-200001').waitFor();
    await page.getByTestId('recharge-recent-200001').click();
    await page.getByTestId('recharge-quick-100').click();
    await shot(page, 'money-desktop-user-recharge');
    await go(page, paths.agent.withdrawList.getHref());
    await page.locator('[data-testid^="withdrawal-"][data-status]').first().waitFor();
    await shot(page, 'money-desktop-withdraw-list');
    await context.close();
  });
});
