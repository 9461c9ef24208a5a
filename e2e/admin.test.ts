import { randomUUID } from 'node:crypto';
import { type TAgentUser, fenToMoney, moneyToFen } from '@promoter/contract';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, PHONE, screenshot, storedToken, useServerAndBrowser } from './browser';

const e2e = useServerAndBrowser();

const SMALL = { width: 360, height: 640 };

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

/** The agent applies to withdraw through the API, as the withdraw-apply page does. */
async function applyToWithdraw(token: string, amount: string): Promise<string> {
  const response = await fetch(`${e2e.server.baseUrl}/api/agent/user/withdrawPostByUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'XX-Token': token },
    body: JSON.stringify({
      amount,
      accountType: 'alipay',
      accountName: '王总',
      accountNo: 'wangzong@example.com',
      requestId: randomUUID(),
    }),
  });
  const json = (await response.json()) as { code: number; msg: string; data: { withdrawal: { id: string } } };
  expect(json.code, json.msg).toBe(1);
  return json.data.withdrawal.id;
}

/** The demo owner's TOTP secret, printed by `npm start` beside the login links. */
function ownerSecret(): string {
  const secret = /2FA secret: (\S+)/.exec(e2e.server.output())?.[1];
  if (!secret) throw new Error(`no 2FA secret printed:\n${e2e.server.output()}`);
  return secret;
}

async function openWithdrawal(page: Page, id: string) {
  await page.getByTestId(`admin-withdrawal-${id}`).click();
  await page.getByTestId('withdrawal-detail').waitFor();
  await page.getByTestId('detail-amount').waitFor();
}

async function detailStatus(page: Page) {
  return page
    .getByTestId('withdrawal-detail')
    .getByTestId('admin-withdrawal-status')
    .first()
    .getAttribute('data-status');
}

describe('the operator console', () => {
  it('an operator signs in with 2FA, rejects one withdrawal with a reason, approves and pays another', async () => {
    // ---- the agent applies for two withdrawals
    const agent = await openPage(e2e.browser, PHONE);
    await agent.page.goto(e2e.server.agentLink);
    await agent.page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await agent.page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
    const token = await storedToken(agent.page);
    const start = await apiUser(token);
    const rejectedId = await applyToWithdraw(token, '100.00');
    const paidId = await applyToWithdraw(token, '120.00');

    // ---- the owner: an unsigned operator is sent to the console's login
    const { page } = await openPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.withdrawals.getHref()}`);
    await page.getByTestId('page-admin-login').waitFor({ timeout: 30_000 });
    expect(page.url()).toContain('#/admin/login');
    await page.getByTestId('admin-login-name').fill('owner');
    await page.getByTestId('admin-login-password').fill('demo-owner-1234');
    await page.getByTestId('admin-login-code').fill(generateSync({ secret: ownerSecret() }));
    await shot(page, 'admin-desktop-login');
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
    // The operator's token lives under its own key; the agent's never reaches this browser.
    const stored = await page.evaluate(() => [
      localStorage.getItem('promoter.operatorToken'),
      localStorage.getItem('promoter.token'),
    ]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBeNull();
    expect(await page.getByTestId('admin-role').innerText()).toBe('所有者');
    await page.getByTestId(`admin-withdrawal-${rejectedId}`).waitFor();
    await page.getByTestId(`admin-withdrawal-${paidId}`).waitFor();
    await shot(page, 'admin-desktop-withdrawals');

    // ---- reject: a reason is required
    await openWithdrawal(page, rejectedId);
    await page.getByTestId('withdrawal-reject').click();
    await page.getByTestId('review-dialog').waitFor();
    await page.getByTestId('review-confirm').click();
    await page.getByText('请填写原因', { exact: true }).waitFor();
    await page.getByTestId('review-text').fill('收款账户信息有误');
    await shot(page, 'admin-desktop-reject-dialog');
    await page.getByTestId('review-confirm').click();
    await expect.poll(() => detailStatus(page), { timeout: 10_000 }).toBe('rejected');
    expect(await page.getByTestId('detail-remark').innerText()).toContain('收款账户信息有误');
    await shot(page, 'admin-desktop-rejected-detail');
    await page.getByTestId('withdrawal-detail-close').click();

    // ---- approve, then pay with the transfer reference
    await openWithdrawal(page, paidId);
    await page.getByTestId('withdrawal-approve').click();
    await page.getByTestId('review-confirm').click();
    await expect.poll(() => detailStatus(page), { timeout: 10_000 }).toBe('approved');
    // The account is masked; the owner, allowed to pay, shows the whole number to pay it (audited), then hides it.
    expect(await page.getByTestId('detail-account-no').innerText()).toBe('************mple.com');
    await page.getByTestId('detail-reveal-account').click();
    await expect.poll(() => page.getByTestId('detail-account-no').innerText()).toBe('wangzong@example.com');
    await shot(page, 'admin-desktop-reveal-account');
    await page.getByTestId('detail-hide-account').click();
    expect(await page.getByTestId('detail-account-no').innerText()).toBe('************mple.com');
    await page.getByTestId('withdrawal-pay').click();
    await page.getByTestId('review-text').fill('ALIPAY-20240101-0001');
    await page.getByTestId('review-confirm').click();
    await expect.poll(() => detailStatus(page), { timeout: 10_000 }).toBe('paid');
    await shot(page, 'admin-desktop-paid-detail');
    await page.getByTestId('withdrawal-detail-close').click();

    // ---- the audit log recorded both
    await page.getByTestId('admin-nav-audit').click();
    await page.getByTestId('page-admin-audit').waitFor();
    await page.locator('[data-testid="audit-row"]').first().waitFor();
    await shot(page, 'admin-desktop-audit');

    // ---- a phone-sized console: the drawer nav
    await page.setViewportSize(SMALL);
    await page.getByTestId('admin-nav-audit').waitFor({ state: 'detached' });
    await go(page, paths.admin.withdrawals.getHref());
    await page.getByTestId('page-admin-withdrawals').waitFor();
    await shot(page, 'admin-phone-withdrawals');
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByTestId('admin-nav-operators').waitFor();
    await shot(page, 'admin-phone-nav');
    await page.getByTestId('admin-nav-operators').click();
    await page.getByTestId('page-admin-operators').waitFor();
    await page.getByTestId('operator-owner').waitFor();
    await shot(page, 'admin-phone-operators');

    // ---- the agent sees the rejection, its reason and the refund
    await go(agent.page, paths.agent.withdrawList.getHref());
    await agent.page.getByTestId('page-withdraw-list').waitFor();
    const rejectedCard = agent.page.getByTestId(`withdrawal-${rejectedId}`);
    await rejectedCard.waitFor();
    expect(await rejectedCard.getAttribute('data-status')).toBe('rejected');
    expect(await rejectedCard.innerText()).toContain('收款账户信息有误');
    expect(await agent.page.getByTestId(`withdrawal-${paidId}`).getAttribute('data-status')).toBe('paid');
    await shot(agent.page, 'admin-agent-withdraw-list');
    const end = await apiUser(token);
    expect(end.balance).toBe(fenToMoney(moneyToFen(start.balance) - moneyToFen('120.00')));
  });
});
