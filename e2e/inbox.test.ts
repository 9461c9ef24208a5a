import { randomUUID } from 'node:crypto';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, screenshot, storedToken, useServerAndBrowser } from './browser';

/**
 * The inbox's notifications (decision 018), end to end at 360x640: an operator rejects an agent's withdrawal through the API; the
 * agent's bell shows the badge without a reload, the bell and /inbox show the reason in the agent's language. The
 * owner publishes an announcement in Chinese and English from the console; the agent reading English reads it in
 * English.
 */
const e2e = useServerAndBrowser();

const SMALL = { width: 360, height: 640 };
const REASON = '收款账户信息有误';

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

async function go(page: Page, href: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, href);
}

async function post<T>(path: string, headers: Record<string, string>, body: unknown): Promise<T> {
  const response = await fetch(`${e2e.server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(1);
  return json.data;
}

async function unreadOf(token: string): Promise<number> {
  const json = await e2e.server.api<{ unread: number }>('agent/notice/unreadCount', token);
  expect(json.code).toBe(1);
  return json.data.unread;
}

/** The demo owner signs in to the console with its password and authenticator code; answers its session token. */
async function ownerSignsIn(page: Page): Promise<string> {
  const secret = /2FA secret: (\S+)/.exec(e2e.server.output())?.[1];
  if (!secret) throw new Error(`no 2FA secret printed:\n${e2e.server.output()}`);
  await page.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
  await page.getByTestId('admin-login-name').fill('owner');
  await page.getByTestId('admin-login-password').fill('demo-owner-1234');
  await page.getByTestId('admin-login-code').fill(generateSync({ secret }));
  await page.getByTestId('admin-login-submit').click();
  await page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
  const raw = await page.evaluate(() => localStorage.getItem('promoter.operatorToken'));
  if (!raw) throw new Error('no operator token stored');
  return JSON.parse(raw) as string;
}

describe('the agent’s notifications', () => {
  it('a rejected withdrawal rings the bell without a reload; an English announcement reads in English', async () => {
    const { page: console_ } = await openPage(e2e.browser, DESKTOP);
    const operatorToken = await ownerSignsIn(console_);

    // ---- the agent, on a small phone, on its main page
    const agent = await openPage(e2e.browser, SMALL);
    await agent.page.goto(e2e.server.agentLink);
    await agent.page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await agent.page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
    const token = await storedToken(agent.page);
    const before = await unreadOf(token);
    const bell = agent.page.getByTestId('header-bell');
    await bell.waitFor();
    expect(await bell.isVisible()).toBe(true);

    const { withdrawal } = await post<{ withdrawal: { id: string } }>(
      'agent/user/withdrawPostByUser',
      { 'XX-Token': token },
      {
        amount: '100.00',
        accountType: 'alipay',
        accountName: '王总',
        accountNo: 'wangzong@example.com',
        requestId: randomUUID(),
      },
    );
    // ---- the operator rejects it through the API
    await post(
      'admin/withdrawals/reject',
      { 'X-Operator-Token': operatorToken },
      { id: withdrawal.id, reason: REASON },
    );
    expect(await unreadOf(token)).toBe(before + 1);

    // ---- the bell shows it without a reload (the count is polled every 15 s)
    const badge = agent.page.getByTestId('header-bell-badge').locator('[data-badge]');
    await expect.poll(() => badge.innerText(), { timeout: 45_000, interval: 500 }).toBe(String(before + 1));
    await shot(agent.page, 'inbox-phone-bell-badge');
    await bell.click();
    const menu = agent.page.getByTestId('bell-menu');
    await menu.waitFor();
    const newest = agent.page.getByTestId('bell-list').locator('li').first();
    expect(await newest.getAttribute('data-kind')).toBe('withdrawalRejected');
    expect(await newest.innerText()).toContain(REASON);
    await shot(agent.page, 'inbox-phone-bell-menu');

    // ---- the inbox: the reason in the agent's language (Chinese), unread until opened
    await agent.page.getByTestId('bell-view-all').click();
    await agent.page.getByTestId('page-inbox').waitFor();
    const item = agent.page.getByTestId('inbox-list').locator('li').first();
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await item.getByTestId('notice-title').innerText()).toBe('提现被驳回');
    expect(await item.getByTestId('notice-text').innerText()).toBe(
      `您申请的 100.00 元提现被驳回：${REASON}。金额已退回余额。`,
    );
    await shot(agent.page, 'inbox-phone-inbox');
    await item.getByTestId('notice-title').click();
    await expect.poll(() => item.getAttribute('data-read'), { timeout: 10_000 }).toBe('true');
    expect(await unreadOf(token)).toBe(before);

    // ---- the owner publishes an announcement in Chinese and English
    await go(console_, paths.admin.content.getHref());
    await console_.getByTestId('page-admin-content').waitFor();
    await console_.getByTestId('article-help').waitFor();
    await shot(console_, 'inbox-desktop-admin-articles');
    await console_.getByTestId('content-tab-announcements').click();
    await console_.getByTestId('announcement-new').click();
    const dialog = console_.getByTestId('content-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('text-title-cn').fill('春节充值活动');
    await dialog.getByTestId('text-content-cn').fill('活动期间充值钻石额外赠送 10%。\n详情请咨询上级。');
    await dialog.getByTestId('text-version-tab-en').click();
    await dialog.getByTestId('text-title-en').fill('Spring festival bonus');
    await dialog.getByTestId('text-content-en').fill('Recharges get 10% extra diamonds during the festival.');
    await shot(console_, 'inbox-desktop-admin-announcement-dialog');
    await dialog.getByTestId('content-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = console_.getByTestId(/^announcement-\d+$/).filter({ hasText: '春节充值活动' });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('live');
    await shot(console_, 'inbox-desktop-admin-announcements');

    // ---- the agent switches to English: the inbox reads in English, the announcement included
    await agent.page.getByRole('button', { name: '语言' }).click();
    await agent.page.getByTestId('language-en').click();
    await agent.page.getByRole('menu').waitFor({ state: 'hidden' });
    const announcement = agent.page.getByTestId('inbox-list').locator('li[data-kind="announcement"]').first();
    await announcement.waitFor({ timeout: 45_000 });
    // The list is asked again in English once the app's language has changed (decision 013).
    await expect
      .poll(() => announcement.getByTestId('notice-title').innerText(), { timeout: 15_000 })
      .toBe('Spring festival bonus');
    expect(await announcement.getByTestId('notice-text').innerText()).toBe(
      'Recharges get 10% extra diamonds during the festival.',
    );
    expect(await announcement.getAttribute('data-read')).toBe('false');
    expect(await agent.page.getByTestId('inbox-unread').innerText()).toBe(`${before + 1} unread`);
    const rejected = agent.page
      .getByTestId('inbox-list')
      .locator('li[data-kind="withdrawalRejected"]')
      .first();
    expect(await rejected.getByTestId('notice-title').innerText()).toBe('Withdrawal rejected');
    await shot(agent.page, 'inbox-phone-inbox-en');

    // Mark all read: the count goes back, the button rests.
    await agent.page.getByTestId('inbox-mark-all-read').click();
    await expect
      .poll(() => agent.page.getByTestId('inbox-unread').innerText(), { timeout: 10_000 })
      .toBe('No unread notifications');
    expect(await unreadOf(token)).toBe(0);

    // The console at a phone's size still reads.
    await console_.setViewportSize(SMALL);
    await shot(console_, 'inbox-small-admin-announcements');
  });
});
