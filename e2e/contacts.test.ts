import type { TAgentUser, TRecentTransfer } from '@promoter/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { openPage, screenshot, storedToken, useServerAndBrowser } from './browser';

/**
 * Contacts (decision 021): the agents the agent transferred to are in the header's contacts, one tap from transferring
 * again (the transfer page with that agent chosen by `?agentId=`); the header search's sub-agent opens the same
 * page; an id outside the team is said so. At 360x640, in Chinese, then in English.
 */
const e2e = useServerAndBrowser();

const SMALL = { width: 360, height: 640 };
const FIRST = 10002; // 李经理, a direct child (黄金推广员)
const SECOND = 10003; // 张主管, a direct child
const GRANDCHILD = 10004; // 赵小刘, under 10002 (白银推广员)

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

async function go(page: Page, href: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, href);
}

async function apiUser(token: string): Promise<TAgentUser> {
  const json = await e2e.server.api<TAgentUser>('agent/user/getUser', token);
  expect(json.code).toBe(1);
  return json.data;
}

async function recentTransfers(token: string): Promise<TRecentTransfer[]> {
  const json = await e2e.server.api<{ list: TRecentTransfer[] }>('agent/user/recentTransfers', token);
  expect(json.code).toBe(1);
  return json.data.list;
}

/** The phone's contacts, from the main page's header: the overflow menu, then its contacts entry. */
async function openContacts(page: Page) {
  await go(page, paths.agent.main.getHref());
  await page.getByTestId('page-agent-main').waitFor();
  await page.getByTestId('header-more').click();
  await page.getByTestId('more-contacts').click();
  await page
    .getByRole('menu')
    .filter({ has: page.getByRole('menuitem') })
    .last()
    .waitFor();
}

/** Confirms a transfer of `diamonds` to the chosen agent and waits for the success card. */
async function transfer(page: Page, diamonds: number) {
  await page.getByTestId('transfer-amount-input').fill(String(diamonds));
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('transfer-success').waitFor({ timeout: 10_000 });
}

describe('contacts: transfer again in one tap (360x640)', () => {
  it('lists the agent transferred to today and opens the transfer page with it chosen, in Chinese and English', async () => {
    const { page, context } = await openPage(e2e.browser, SMALL);
    await page.goto(e2e.server.agentLink);
    await page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
    const token = await storedToken(page);

    // ---- a transfer to a child through the picker
    await go(page, paths.agent.transferAgent.getHref());
    await page.getByTestId('page-transfer-agent').waitFor();
    await page.getByTestId(`transfer-agent-${FIRST}`).click();
    await transfer(page, 11);
    const afterFirst = await apiUser(token);

    // ---- the contacts: the child under today, newest first
    await openContacts(page);
    const entry = page.getByTestId(`contact-agent-${FIRST}`);
    await entry.waitFor();
    expect(await entry.innerText()).toContain('李经理');
    expect(await entry.innerText()).toContain('再次转账');
    const first = page.locator('[data-testid^="contact-"]').first();
    expect(await first.getAttribute('data-testid')).toBe(`contact-agent-${FIRST}`);
    await shot(page, 'contacts-phone-menu');

    // ---- one tap: the transfer page with the child chosen and the amount focused
    await entry.click();
    await page.waitForURL(new RegExp(`#/agent/transfer-agent\\?agentId=${FIRST}$`));
    const selected = page.getByTestId('transfer-selected');
    await selected.waitFor();
    expect(await selected.innerText()).toContain('李经理');
    expect(await selected.innerText()).toContain('黄金推广员');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('transfer-amount-input');
    expect(await page.getByTestId('transfer-pick-another').isVisible()).toBe(true);
    expect(await page.getByTestId('transfer-agent-list').count()).toBe(0);
    await shot(page, 'contacts-phone-transfer-prefilled');

    // ---- transfer again: applied once
    await transfer(page, 7);
    expect(await page.getByTestId('transfer-success').innerText()).toContain(String(FIRST));
    await shot(page, 'contacts-phone-transfer-again-done');
    const afterSecond = await apiUser(token);
    expect(afterSecond.diamonds).toBe(afterFirst.diamonds - 7);
    const recent = await recentTransfers(token);
    expect(recent[0]).toMatchObject({ agentId: FIRST, lastDiamonds: 7 });
    expect(recent.filter((a) => a.agentId === FIRST)).toHaveLength(1);

    // ---- an id outside the team: said so, the picker stays
    await go(page, paths.agent.transferAgent.getHref({ agentId: 99999 }));
    const missing = page.getByTestId('transfer-preset-missing');
    await missing.waitFor();
    expect(await missing.innerText()).toContain('99999');
    expect(await page.getByTestId('transfer-selected').count()).toBe(0);
    await page.getByTestId(`transfer-agent-${SECOND}`).waitFor();
    await shot(page, 'contacts-phone-transfer-foreign');

    // ---- a grandchild (赵小刘, under 10002): found in the team; the team tab lists it too
    await go(page, paths.agent.transferAgent.getHref({ agentId: GRANDCHILD }));
    await page.getByTestId('transfer-selected').getByText('赵小刘').waitFor();
    expect(await page.getByTestId('transfer-selected').innerText()).toContain('白银推广员');
    await page.getByTestId('transfer-pick-another').click();
    await page.getByTestId('transfer-tab-team').click();
    await page.getByTestId(`transfer-agent-${GRANDCHILD}`).waitFor();

    // ---- in English: the header search's sub-agent opens the transfer page with it chosen
    await go(page, paths.agent.main.getHref());
    await page.getByTestId('page-agent-main').waitFor();
    await page.getByTestId('header-more').click();
    await page.getByRole('menuitem', { name: '语言' }).click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('header-search-toggle').click();
    await page.getByTestId('mobile-search-form').getByTestId('header-search').fill(String(SECOND));
    const hit = page.getByTestId(`search-hit-agent:${SECOND}`);
    await hit.waitFor();
    await shot(page, 'contacts-phone-search-agent-en');
    // The number is no entry of the agent's: no hit, and no error toast either.
    expect(await page.getByText('Entry not found').count()).toBe(0);
    await hit.click();
    await page.waitForURL(new RegExp(`#/agent/transfer-agent\\?agentId=${SECOND}$`));
    await page.getByTestId('transfer-selected').getByText('张主管').waitFor();
    expect(await page.getByTestId('transfer-selected').innerText()).toContain('Gold promoter');
    await transfer(page, 5);
    expect(await page.getByTestId('transfer-success').innerText()).toContain('received 5 diamonds');

    // ---- the English contacts: both agents, the newest first
    await openContacts(page);
    await page.getByTestId(`contact-agent-${SECOND}`).waitFor();
    expect(await page.getByTestId(`contact-agent-${SECOND}`).innerText()).toContain('Transfer again');
    const order = await page
      .locator('[data-testid^="contact-agent-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(order.slice(0, 2)).toEqual([`contact-agent-${SECOND}`, `contact-agent-${FIRST}`]);
    await shot(page, 'contacts-phone-menu-en');
    const last = await apiUser(token);
    expect(last.diamonds).toBe(afterSecond.diamonds - 5);

    await context.close();
  });
});
