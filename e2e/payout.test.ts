import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { openPage, screenshot, useServerAndBrowser } from './browser';

/**
 * Saved payout accounts (decision 019) end to end on a small phone (360x640, Chinese): the agent saves a bank card (the number masked from then on),
 * reloads the list (the 1.5 s card reload animation), withdraws to the card without typing it again, deletes the card
 * behind the confirm dialog, and the withdrawal record still shows the masked copy it kept. No answer the page
 * received carries the whole number.
 */
const e2e = useServerAndBrowser();
const SMALL_PHONE = { width: 360, height: 640 };
const CARD_TYPED = '6222 0200 0000 0015';
const CARD = CARD_TYPED.replace(/\s/g, '');
const MASKED = '************0015';

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

describe('payout accounts at 360x640', () => {
  it('adds a card, withdraws to it without typing it again, deletes it; the record keeps the masked copy', async () => {
    const { page } = await openPage(e2e.browser, SMALL_PHONE);
    const answers: Promise<string>[] = [];
    page.on('response', (response: Response) => {
      if (response.url().includes('/api/')) answers.push(response.text().catch(() => ''));
    });
    await page.goto(e2e.server.agentLink);
    await page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });

    // ---- /agent/Withdraw: no account yet; add a bank card
    await go(page, paths.agent.withdraw.getHref());
    await page.getByTestId('page-withdraw').waitFor();
    await page.getByTestId('payout-empty').waitFor();
    await page.getByTestId('payout-accounts').scrollIntoViewIfNeeded();
    await shot(page, 'payout-phone-empty');
    await page.getByTestId('payout-add').click();
    await page.getByTestId('payout-account-form').waitFor();
    await page.getByTestId('payout-holder-name').fill('王总');
    // A typo first: refused in the form, with the reason in Chinese.
    await page.getByTestId('payout-account-no').fill('6222 0200 0000 0016');
    await page.getByTestId('payout-bank-name').fill('中国工商银行');
    await page.getByTestId('payout-save').click();
    await page.getByText('银行卡号应为 12 到 19 位数字，请核对是否输错').first().waitFor();
    await shot(page, 'payout-phone-add-invalid');
    await page.getByTestId('payout-account-no').fill(CARD_TYPED);
    await shot(page, 'payout-phone-add');
    await page.getByTestId('payout-save').click();
    await page.getByTestId('payout-account-form').waitFor({ state: 'detached' });
    const list = page.getByTestId('payout-list');
    await list.getByText(MASKED).waitFor();
    expect(await list.getByTestId('payout-default-chip').count()).toBe(1);
    await page.getByTestId('payout-accounts').scrollIntoViewIfNeeded();
    await shot(page, 'payout-phone-list');

    // The reload animation: shown at once, for about 1.5 s, then the list again.
    const started = Date.now();
    await page.getByTestId('payout-reload').click();
    await page.getByTestId('payout-reloading').waitFor();
    await screenshot(page, 'payout-phone-reloading');
    await page.getByTestId('payout-reloading').waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    await list.getByText(MASKED).waitFor();

    // ---- /agent/withdraw-apply: the card is chosen already; only the amount is typed
    await page.getByTestId('withdraw-apply-link').click();
    await page.getByTestId('page-withdraw-apply').waitFor();
    const choice = page.locator('[data-testid^="withdraw-account-"]').first();
    await choice.waitFor();
    expect(await choice.locator('input[type="radio"]').isChecked()).toBe(true);
    expect(await choice.innerText()).toContain(MASKED);
    await page.getByTestId('withdraw-amount-input').fill('100.00');
    await shot(page, 'payout-phone-withdraw-apply');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('confirm-yes').waitFor();
    expect(await page.getByTestId('withdraw-confirm-account').innerText()).toContain(MASKED);
    await shot(page, 'payout-phone-withdraw-confirm');
    await page.getByTestId('confirm-yes').click();
    await page.waitForURL(/#\/agent\/withdraw-list/, { timeout: 10_000 });
    const newest = page.locator('[data-testid^="withdrawal-"][data-status]').first();
    await newest.waitFor();
    expect(await newest.getByTestId('withdrawal-account').innerText()).toContain(MASKED);
    const withdrawalId = await newest.getAttribute('data-testid');

    // ---- delete the card, behind the confirm dialog
    await go(page, paths.agent.withdraw.getHref());
    await page.getByTestId('page-withdraw').waitFor();
    const remove = page.locator('[data-testid^="payout-delete-"]').first();
    await remove.click();
    await page.getByTestId('confirm-yes').waitFor();
    await shot(page, 'payout-phone-delete-confirm');
    await page.getByTestId('confirm-cancel').click();
    await list.getByText(MASKED).waitFor();
    await remove.click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('payout-empty').waitFor();
    await shot(page, 'payout-phone-deleted');

    // ---- the record still shows the copy it kept
    await go(page, paths.agent.withdrawList.getHref());
    await page.getByTestId('page-withdraw-list').waitFor();
    const record = page.getByTestId(withdrawalId ?? '');
    await record.waitFor();
    expect(await record.getByTestId('withdrawal-account').innerText()).toContain(MASKED);
    await shot(page, 'payout-phone-record-after-delete');

    const bodies = await Promise.all(answers);
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) expect(body).not.toContain(CARD);
  });
});
