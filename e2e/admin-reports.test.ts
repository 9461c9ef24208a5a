import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { type TReportSummary } from '@promoter/contract';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, PHONE, screenshot, storedToken, useServerAndBrowser } from './browser';

/**
 * The console's reports (decision 018), in Chromium: the owner signs in, opens the console's home and reads the demo platform's figures
 * (the same the server sums), switches the period, reads a chart as a table, and exports the withdrawal queue as a
 * CSV file that holds the agent's applications; at 1280x800 and 360x640.
 */
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

function ownerSecret(): string {
  const secret = /2FA secret: (\S+)/.exec(e2e.server.output())?.[1];
  if (!secret) throw new Error(`no 2FA secret printed:\n${e2e.server.output()}`);
  return secret;
}

async function applyToWithdraw(token: string, amount: string, accountName: string): Promise<string> {
  const response = await fetch(`${e2e.server.baseUrl}/api/agent/user/withdrawPostByUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'XX-Token': token },
    body: JSON.stringify({
      amount,
      accountType: 'alipay',
      accountName,
      accountNo: 'report-e2e@example.com',
      requestId: randomUUID(),
    }),
  });
  const json = (await response.json()) as { code: number; msg: string; data: { withdrawal: { id: string } } };
  expect(json.code, json.msg).toBe(1);
  return json.data.withdrawal.id;
}

async function summaryAsOperator(token: string, query: string): Promise<TReportSummary> {
  const response = await fetch(`${e2e.server.baseUrl}/api/admin/reports/summary?${query}`, {
    headers: { 'X-Operator-Token': token },
  });
  const json = (await response.json()) as { code: number; msg: string; data: TReportSummary };
  expect(json.code, json.msg).toBe(1);
  return json.data;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

describe('the console’s reports', () => {
  it('the owner reads the dashboard of the demo and exports the withdrawal queue as CSV', async () => {
    // ---- an agent applies for two withdrawals (one with a name a spreadsheet would run as a formula)
    const agent = await openPage(e2e.browser, PHONE);
    await agent.page.goto(e2e.server.agentLink);
    await agent.page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await agent.page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
    const agentToken = await storedToken(agent.page);
    const first = await applyToWithdraw(agentToken, '100.00', '王总');
    const second = await applyToWithdraw(agentToken, '150.00', '=1+2');
    await agent.context.close();

    // ---- the owner signs in, then opens the console's home from the nav
    const { page } = await openPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.withdrawals.getHref()}`);
    await page.getByTestId('page-admin-login').waitFor({ timeout: 30_000 });
    await page.getByTestId('admin-login-name').fill('owner');
    await page.getByTestId('admin-login-password').fill('demo-owner-1234');
    await page.getByTestId('admin-login-code').fill(generateSync({ secret: ownerSecret() }));
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });
    const operatorToken = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('promoter.operatorToken'))) as string,
    ) as string;

    await page.getByTestId('admin-nav-admin').click();
    await page.getByTestId('page-admin-dashboard').waitFor();
    await page.getByTestId('now-balancesOwed').waitFor();
    // The figures shown are the server's sums of the demo's month of history.
    const month = await summaryAsOperator(operatorToken, 'days=30');
    expect(month.totals.diamondsToPlayers).toBeGreaterThan(0);
    expect(month.totals.profitPaid).not.toBe('0.00');
    expect(month.now.withdrawalsPending.count).toBeGreaterThanOrEqual(2);
    expect(await text(page, 'now-balancesOwed')).toContain(`¥${month.now.balancesOwed}`);
    expect(await text(page, 'total-profitPaid')).toContain(`¥${month.totals.profitPaid}`);
    expect((await text(page, 'total-diamondsToPlayers')).replace(/,/g, '')).toContain(
      String(month.totals.diamondsToPlayers),
    );
    expect(await text(page, 'now-withdrawalsPending')).toContain(`${month.now.withdrawalsPending.count} 笔`);
    expect(await text(page, 'period-range')).toBe(`${month.from} 至 ${month.to}（${month.timeZone}）`);
    const topAgent = month.top.byProfit[0];
    expect(topAgent).toBeDefined();
    await page.getByTestId(`top-profit-${topAgent?.agentId}`).waitFor();
    // recharts drew the four charts.
    await expect.poll(() => page.locator('[data-testid^="chart-"] .recharts-wrapper').count()).toBe(4);
    await shot(page, 'admin-reports-desktop-dashboard');

    // ---- a chart as a table; another period
    await page.getByTestId('chart-diamonds-toggle').click();
    const table = page.getByTestId('chart-diamonds-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(month.days.length);
    await page.getByTestId('chart-diamonds-table').scrollIntoViewIfNeeded();
    await shot(page, 'admin-reports-desktop-table');
    await page.getByTestId('period-days7').click();
    const week = await summaryAsOperator(operatorToken, 'days=7');
    await expect
      .poll(() => text(page, 'period-range'))
      .toBe(`${week.from} 至 ${week.to}（${week.timeZone}）`);
    expect(await table.locator('tbody tr').count()).toBe(7);

    // ---- the queue's pending withdrawals as a CSV file
    await page.getByTestId('admin-nav-withdrawals').click();
    await page.getByTestId('page-admin-withdrawals').waitFor();
    await page.getByTestId(`admin-withdrawal-${first}`).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-withdrawals').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^withdrawals-\d{8}-\d{6}\.csv$/);
    const file = await fs.readFile((await download.path()) as string);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]?.split(',').slice(0, 3)).toEqual(['提现编号', '推广员ID', '昵称']);
    const rows = lines.slice(1, -1);
    expect(lines.at(-1)).toBe('');
    expect(rows.length).toBe(month.now.withdrawalsPending.count);
    const rowOf = (id: string) => rows.find((row) => row.startsWith(`${id},`));
    expect(rowOf(first)).toContain(',100.00,0.00,100.00,待审核,支付宝,王总,');
    // The name typed as a formula is text in the sheet.
    expect(rowOf(second)).toContain(`,150.00,0.00,150.00,待审核,支付宝,'=1+2,`);
    await page.getByTestId('admin-nav-audit').click();
    await page.getByTestId('page-admin-audit').waitFor();
    // The export is in the log, its action in the operator's language (decision 037).
    await page.locator('[data-testid="audit-row"][data-action="report.export"]').first().waitFor();
    await page.getByText('导出报表').first().waitFor();

    // ---- a phone: the dashboard in two columns, the charts one under the other
    await page.setViewportSize(SMALL);
    await go(page, paths.admin.root.getHref());
    await page.getByTestId('page-admin-dashboard').waitFor();
    await page.getByTestId('now-balancesOwed').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing wider than the phone').toBeLessThanOrEqual(0);
    await shot(page, 'admin-reports-phone-dashboard');
    await page.getByTestId('chart-sales').scrollIntoViewIfNeeded();
    await shot(page, 'admin-reports-phone-chart');
  });
});
