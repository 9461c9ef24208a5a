import fs from 'node:fs/promises';
import type { TGameOverview } from '@promoter/contract';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, PHONE, screenshot, useServerAndBrowser } from './browser';
import { consoleToken, demoOwnerSecret, signInOperator } from './operators';

/**
 * The console's game-delivery page (decision 040), in Chromium against `npm start` and its demo game: the owner finds
 * the tile on the dashboard, opens the page, sends a test event the demo game verifies, pauses and resumes the
 * deliveries with a reason, rotates the signing secret with a fresh code (shown once; the demo game still verifies
 * every delivery while both secrets sign), opens a delivered event's tries and exports the day's reconciliation.
 */
const e2e = useServerAndBrowser();

async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

const ownerSecret = () => demoOwnerSecret(e2e.server.output());

async function overviewAs(token: string): Promise<TGameOverview> {
  const response = await fetch(`${e2e.server.baseUrl}/api/admin/game/overview`, {
    headers: { 'X-Operator-Token': token },
  });
  const json = (await response.json()) as { code: number; msg: string; data: TGameOverview };
  expect(json.code, json.msg).toBe(1);
  return json.data;
}

async function confirmWithReason(page: Page, dialog: string, reason: string, code?: string) {
  const form = page.getByTestId(dialog);
  await form.getByTestId('reason-text').fill(reason);
  if (code) await form.getByTestId('reason-code').fill(code);
  await form.getByTestId('reason-confirm').click();
  await form.waitFor({ state: 'hidden' });
}

describe('the console’s game-delivery page', () => {
  it('the owner watches and steers the deliveries to the demo game', async () => {
    const { page } = await openPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.login.getHref()}`);
    await page.getByTestId('page-admin-login').waitFor({ timeout: 30_000 });
    await signInOperator(page, { name: 'owner', password: 'demo-owner-1234', secret: ownerSecret() });
    const token = await consoleToken(page);

    // ---- the dashboard's tile leads to the page; the demo's history has reached the demo game
    await page.getByTestId('admin-nav-admin').click();
    await page.getByTestId('game-delivery-tile').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await overviewAs(token)).pending, { timeout: 30_000 }).toBe(0);
    await page.getByTestId('game-tile-open').click();
    await page.getByTestId('page-admin-game').waitFor();
    const overview = await overviewAs(token);
    expect(overview).toMatchObject({ configured: true, failed: 0, secret: { mode: 'configured' } });
    expect(await page.getByTestId('game-endpoint-host').innerText()).toBe(overview.host);
    expect(await page.getByTestId('game-endpoint-state').getAttribute('data-paused')).toBe('false');
    await shot(page, 'admin-game-desktop');

    // ---- a test event: signed, verified by the demo game
    await page.getByTestId('game-test').click();
    const result = page.getByTestId('game-test-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.innerText()).toMatch(/HTTP 状态\s*20\d/);

    // ---- pause and resume, each with its reason
    await page.getByTestId('game-pause').click();
    await confirmWithReason(page, 'game-pause-dialog', '游戏维护');
    await expect.poll(() => page.getByTestId('game-endpoint-state').getAttribute('data-paused')).toBe('true');
    expect(await page.getByTestId('game-endpoint-paused').innerText()).toContain('owner 暂停：游戏维护');
    await page.getByTestId('game-resume').click();
    await confirmWithReason(page, 'game-pause-dialog', '维护结束');
    await expect
      .poll(() => page.getByTestId('game-endpoint-state').getAttribute('data-paused'))
      .toBe('false');

    // ---- the secret: a fresh code (the next step: the sign-in used this one), the new secret shown once
    await page.getByTestId('game-rotate').click();
    await confirmWithReason(
      page,
      'game-rotate-dialog',
      '年度轮换',
      generateSync({ secret: ownerSecret(), epoch: Math.floor(Date.now() / 1000) + 30 }),
    );
    const secret = await page.getByTestId('game-secret-value').innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shot(page, 'admin-game-desktop-secret');
    await page.getByTestId('game-secret-done').click();
    await page.getByTestId('game-secret-dialog').waitFor({ state: 'hidden' });
    await expect
      .poll(async () => page.getByTestId('game-endpoint-secret').innerText())
      .toContain('每次推送 2 个签名');
    expect(await page.getByTestId('page-admin-game').innerText()).not.toContain(secret);
    // The demo game verifies with its configured secret: a delivery signed with both still reaches it.
    await page.getByTestId('game-test').click();
    await expect.poll(() => page.getByTestId('game-test-result').innerText()).toMatch(/HTTP 状态\s*20\d/);
    await page.getByTestId('game-finish-rotation').waitFor();

    // ---- a delivered event and its tries
    await page.getByTestId('game-event-filters').getByRole('combobox', { name: '状态' }).click();
    await page.getByRole('option', { name: '已送达' }).click();
    await page.getByTestId('game-event-apply').click();
    const row = page.locator('[data-testid^="game-event-evt_"][data-status="delivered"]').first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    const drawer = page.getByTestId('game-event-detail');
    await drawer.getByTestId('game-attempt').first().waitFor();
    expect(await drawer.getByTestId('game-attempt').first().innerText()).toMatch(/20\d/);
    await shot(page, 'admin-game-desktop-event');
    await drawer.getByTestId('game-event-detail-close').click();

    // ---- the reconciliation: nothing left unacknowledged, and its CSV file
    await page.getByTestId('game-tab-reconciliation').click();
    await page.getByTestId('game-day-total').waitFor();
    expect(await page.getByTestId('game-day-total').getAttribute('data-off')).toBe('false');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-gameReconciliation').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^gameReconciliation-\d{8}-\d{6}\.csv$/);
    const lines = (await fs.readFile((await download.path()) as string))
      .toString('utf8')
      .slice(1)
      .split('\r\n');
    expect(lines[0]?.split(',')[0]).toMatch(/^日期（/);
    expect(lines.length).toBe(32); // the header, 30 days, the last line's end

    // ---- the page on a phone
    await page.getByTestId('game-tab-events').click();
    await page.setViewportSize(PHONE);
    await page.getByTestId('game-pending').scrollIntoViewIfNeeded();
    await shot(page, 'admin-game-phone');
  });
});
