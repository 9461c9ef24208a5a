import type { TAdminOrder, TReconciliationItem, TReconciliationRun } from '@promoter/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, PHONE, screenshot, useServerAndBrowser } from './browser';
import { consoleToken, demoOwnerSecret, signInOperator } from './operators';

/**
 * The console's reconciliation with the provider's bill (decision 045), in Chromium against `npm start` and its
 * sandbox: the demo's history holds orders paid on past days that this process's sandbox never took, so a past day
 * reconciled from the page shows them missing at the provider. The owner opens the page from the nav, runs the day,
 * reads the mismatches and resolves one with a reason; at 1280x800 and on a phone.
 */
const e2e = useServerAndBrowser();

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

async function getAs<T>(token: string, path: string, query: Record<string, string>): Promise<T> {
  const response = await fetch(`${e2e.server.baseUrl}/api/${path}?${new URLSearchParams(query).toString()}`, {
    headers: { 'X-Operator-Token': token },
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(1);
  return json.data;
}

/**
 * The day (in China's time, the demo platform's zone) of the newest order of the demo's history paid before yesterday:
 * never the day the demo was seeded on, which is today or, when the run crosses midnight in China, yesterday.
 */
async function lastPaidDay(token: string): Promise<string> {
  const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const yesterday = chinaDay(new Date(Date.now() - 24 * 3600_000));
  const orders = await getAs<{ list: TAdminOrder[] }>(token, 'admin/orders/list', {
    status: 'paid',
    to: new Date(`${yesterday}T00:00:00+08:00`).toISOString(),
    pageSize: '1',
  });
  const paidAt = orders.list[0]?.paidAt;
  if (!paidAt) throw new Error('the demo has no order paid before yesterday');
  return chinaDay(new Date(paidAt));
}

describe('the console’s reconciliation page', () => {
  it('the owner reconciles a past day, sees the mismatches and resolves one', async () => {
    const { page } = await openPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
    await page.getByTestId('page-admin-login').waitFor({ timeout: 30_000 });
    await signInOperator(page, {
      name: 'owner',
      password: 'demo-owner-1234',
      secret: demoOwnerSecret(e2e.server.output()),
    });
    const token = await consoleToken(page);
    const day = await lastPaidDay(token);

    // ---- from the nav to the page; a past day run from its dialog
    await page.getByTestId('admin-nav-reconciliation').click();
    await page.getByTestId('page-admin-reconciliation').waitFor();
    await page.getByTestId('recon-figures').waitFor();
    await page.getByTestId('recon-run-day').click();
    const dialog = page.getByTestId('recon-run-dialog');
    await dialog.getByTestId('recon-run-date').fill(day);
    await dialog.getByTestId('recon-run-confirm').click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });

    // ---- the day's run: the demo's orders of that day are ours, the sandbox of this process never took them
    const row = page.getByTestId(`recon-run-${day}`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('mismatched');
    await expect.poll(() => page.getByTestId('recon-run-title').innerText()).toContain(day);
    const runs = await getAs<{ list: TReconciliationRun[] }>(token, 'admin/reconciliation/runs', {
      pageSize: '100',
    });
    const run = runs.list.find((listed) => listed.date === day) as TReconciliationRun;
    expect(run).toMatchObject({ provider: 'sandbox', status: 'mismatched', matched: 0 });
    expect(run.unresolved).toBe(run.mismatched);
    const detail = await getAs<{ items: { list: TReconciliationItem[] } }>(
      token,
      'admin/reconciliation/detail',
      {
        id: run.id,
        pageSize: '100',
      },
    );
    const items = detail.items.list;
    expect(items.length).toBe(run.mismatched);
    expect(items.every((item) => item.outcome === 'missingThere' && item.kind === 'payment')).toBe(true);
    const first = items[0] as TReconciliationItem;
    const shownRows = page.locator('[data-testid^="recon-item-"][data-outcome="missingThere"]');
    await expect.poll(() => shownRows.count()).toBe(Math.min(items.length, 20));
    expect(await page.getByTestId(`recon-outcome-${first.id}`).innerText()).toBe('渠道缺失');
    expect(await page.getByTestId(`recon-run-unresolved-${day}`).innerText()).toBe(String(run.mismatched));
    await shot(page, 'admin-reconciliation-desktop');

    // ---- one mismatch resolved, with a reason: its row says so, the run has one open mismatch less
    await page.getByTestId(`recon-resolve-item-${first.ref}`).click();
    const resolve = page.getByTestId('recon-resolve-dialog');
    await resolve.waitFor();
    expect(await resolve.getByTestId('recon-resolve-about').innerText()).toContain(first.ref);
    // An empty resolution is refused before anything is sent.
    await resolve.getByTestId('recon-resolve-confirm').click();
    await expect.poll(() => resolve.getByText('请填写处理说明').count()).toBe(1);
    await resolve.getByTestId('recon-resolve-text').fill('演示数据：沙箱重启后不记得历史订单，核实无误');
    await resolve.getByTestId('recon-resolve-confirm').click();
    await resolve.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId(`recon-resolution-${first.ref}`).innerText())
      .toContain('演示数据：沙箱重启后不记得历史订单，核实无误');
    await expect
      .poll(() => page.getByTestId(`recon-run-unresolved-${day}`).innerText())
      .toBe(String(run.mismatched - 1));
    expect(await page.getByTestId(`recon-resolve-item-${first.ref}`).count()).toBe(0);
    const after = await getAs<{ items: { list: TReconciliationItem[] } }>(
      token,
      'admin/reconciliation/detail',
      {
        id: run.id,
        pageSize: '100',
      },
    );
    expect(after.items.list.find((item) => item.id === first.id)).toMatchObject({
      resolution: '演示数据：沙箱重启后不记得历史订单，核实无误',
      resolvedBy: 'owner',
    });
    await shot(page, 'admin-reconciliation-resolved');

    // ---- the same page on a phone, the run opened from its address
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.reconciliation.getHref({ run: run.id })}`);
    await page.getByTestId('recon-run-panel').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('recon-run-title').innerText()).toContain(day);
    await shot(page, 'admin-reconciliation-phone');
  });
});
