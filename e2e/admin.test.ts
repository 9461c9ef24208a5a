import { randomUUID } from 'node:crypto';
import { type TAgentUser, fenToMoney, moneyToFen } from '@promoter/contract';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import {
  DESKTOP,
  keepThemeOptions,
  openPage,
  PHONE,
  screenshot,
  storedToken,
  useServerAndBrowser,
} from './browser';
import { consoleToken, createOperator, signInOperator } from './operators';

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
    // Maker/checker (decision 037): the owner approved it, so another operator marks it paid.
    expect(await page.getByTestId('withdrawal-pay').isDisabled()).toBe(true);
    expect(await page.getByTestId('checker-hint').innerText()).toBe(
      '您批准了这笔提现：须由另一名操作员标记打款或失败。',
    );
    await shot(page, 'admin-desktop-checker');
    await page.getByTestId('withdrawal-detail-close').click();

    // ---- a finance operator (created by the owner) signs in, sets its password, and pays it
    const cashier = await createOperator(e2e.server.baseUrl, await consoleToken(page), 'cashier', 'finance');
    const second = await openPage(e2e.browser, DESKTOP);
    await second.page.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
    await signInOperator(second.page, cashier, 'cashier-password-2024');
    // The queue opens on the pending ones: the approved ones are a filter away.
    await second.page.getByRole('combobox', { name: '状态' }).click();
    await second.page.getByTestId('filter-status-approved').click();
    await second.page.getByTestId('filter-apply').click();
    await openWithdrawal(second.page, paidId);
    await second.page.getByTestId('withdrawal-pay').click();
    await second.page.getByTestId('review-text').fill('ALIPAY-20240101-0001');
    await second.page.getByTestId('review-confirm').click();
    await expect.poll(() => detailStatus(second.page), { timeout: 10_000 }).toBe('paid');
    await shot(second.page, 'admin-desktop-paid-detail');
    await second.context.close();

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

  it('support removes a password without seeing one; a frozen agent’s withdrawal is held (English, dark, phone)', async () => {
    // ---- the demo agent signs in with its password and applies to withdraw
    const [, agentId, password] = /Demo agent id \+ password: (\d+) \/ (\S+)/.exec(e2e.server.output()) ?? [];
    const login = async () => {
      const response = await fetch(`${e2e.server.baseUrl}/api/agent/login/loginById`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ agentId: Number(agentId), password }),
      });
      return (await response.json()) as { code: number; msg: string; data: { token: string } };
    };
    const signedIn = await login();
    expect(signedIn.code, signedIn.msg).toBe(1);
    const heldId = await applyToWithdraw(signedIn.data.token, '100.00');

    // ---- the console on a phone, in English and dark, as the console's own switches keep them
    const { page } = await openPage(e2e.browser, PHONE);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
    await keepThemeOptions(page, { language: 'en', darkMode: true });
    await page.getByTestId('admin-login-name').fill('owner');
    await page.getByTestId('admin-login-password').fill('demo-owner-1234');
    // The next step's code: the first test may have used this step's (a code is good once).
    const code = generateSync({ secret: ownerSecret(), epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByTestId('admin-login-code').fill(code);
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('admin-role').innerText()).toBe('Owner');
    expect(await page.getByTestId('admin-clock-small').innerText()).toBe('Times in Asia/Shanghai (UTC+8)');

    // ---- remove the agent's password: a reason, a notice, and no password on screen
    await go(page, paths.admin.agent.getHref(Number(agentId)));
    await page.getByTestId('agent-resetPassword').click();
    const dialog = page.getByTestId('reset-password-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('reason-text').fill('Agent called: password leaked');
    await dialog.getByTestId('reason-notice').fill('Sign in again from the game');
    await shot(page, 'admin-phone-en-dark-reset-password');
    await dialog.getByTestId('reason-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('body').innerText()).not.toContain(password);
    // The old password and the old session no longer work.
    expect((await login()).code).toBe(0);
    expect((await e2e.server.api('agent/user/getUser', signedIn.data.token)).code).toBe(10001);

    // ---- freeze it: its pending withdrawal is held, the queue says why
    await page.getByTestId('agent-freeze').click();
    const freeze = page.getByTestId('reason-dialog');
    await freeze.getByTestId('reason-text').fill('Fraud check');
    await freeze.getByTestId('reason-confirm').click();
    await freeze.waitFor({ state: 'hidden' });
    await go(page, paths.admin.withdrawals.getHref());
    const row = page.getByTestId(`admin-withdrawal-${heldId}`);
    await row.waitFor();
    expect(await row.getByTestId('withdrawal-held-chip').innerText()).toBe('Held: promoter frozen');
    await shot(page, 'admin-phone-en-dark-held-queue');
    await openWithdrawal(page, heldId);
    await page.getByTestId('withdrawal-held').waitFor();
    expect(await page.getByTestId('withdrawal-approve').isDisabled()).toBe(true);
    expect(await page.getByTestId('detail-agent-status').innerText()).toBe('Frozen');
    await shot(page, 'admin-phone-en-dark-held-detail');
    // The same on a desktop, in the dark theme the whole console follows.
    await page.setViewportSize(DESKTOP);
    await shot(page, 'admin-desktop-en-dark-held-detail');
  });
});
