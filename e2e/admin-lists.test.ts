import fs from 'node:fs/promises';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { DESKTOP, openPage, screenshot, useServerAndBrowser } from './browser';

/**
 * The console's lists in Chromium (decision 018): the owner sorts the audit log and the players on the server by a click
 * on a header (the request carries the column and the direction, the rows come back in that order), and exports the
 * audit log as a CSV file that holds its own sign-in.
 */
const e2e = useServerAndBrowser();

function ownerSecret(): string {
  const secret = /2FA secret: (\S+)/.exec(e2e.server.output())?.[1];
  if (!secret) throw new Error(`no 2FA secret printed:\n${e2e.server.output()}`);
  return secret;
}

async function go(page: Page, href: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, href);
}

/** The next answer of a list call whose query carries `sort` and `order`. */
function listAnswer(page: Page, path: string, sort: string, order: string) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === `/api/${path}` &&
      url.searchParams.get('sort') === sort &&
      url.searchParams.get('order') === order
    );
  });
}

describe('the console’s sorted lists', () => {
  it('sorts the audit log and the players on the server, and exports the audit log as CSV', async () => {
    const { page } = await openPage(e2e.browser, DESKTOP);
    await page.goto(`${e2e.server.baseUrl}/#${paths.admin.withdrawals.getHref()}`);
    await page.getByTestId('page-admin-login').waitFor({ timeout: 30_000 });
    await page.getByTestId('admin-login-name').fill('owner');
    await page.getByTestId('admin-login-password').fill('demo-owner-1234');
    await page.getByTestId('admin-login-code').fill(generateSync({ secret: ownerSecret() }));
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('page-admin-withdrawals').waitFor({ timeout: 30_000 });

    // ---- the audit log by action, A to Z after a second click
    await page.getByTestId('admin-nav-audit').click();
    await page.getByTestId('page-admin-audit').waitFor();
    await page.getByTestId('audit-row').first().waitFor();
    let answer = listAnswer(page, 'admin/audit/list', 'action', 'desc');
    await page.getByTestId('sort-action').click();
    expect((await answer).status()).toBe(200);
    answer = listAnswer(page, 'admin/audit/list', 'action', 'asc');
    await page.getByTestId('sort-action').click();
    const body = (await (await answer).json()) as { data: { list: { action: string }[] } };
    const actions = body.data.list.map((entry) => entry.action);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions).toEqual([...actions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await expect
      .poll(() => page.getByTestId('audit-row').first().getAttribute('data-action'))
      .toBe(actions[0]);
    expect(
      await page.getByTestId('sort-action').locator('xpath=ancestor::th').getAttribute('aria-sort'),
    ).toBe('ascending');
    await page.waitForTimeout(400);
    await screenshot(page, 'admin-lists-desktop-audit-sorted');

    // ---- the audit log as a CSV file: the owner's sign-in is in it
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-audit').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-\d{8}-\d{6}\.csv$/);
    const file = await fs.readFile((await download.path()) as string);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]?.split(',').slice(0, 4)).toEqual([
      '日志编号',
      expect.stringMatching(/^时间（/),
      '操作员ID',
      '操作员',
    ]);
    // The owner's sign-in: `<id>,<time>,<operator id>,owner,<address>,login,operator,<operator id>,,`.
    expect(
      lines.some((line) => /^\d+,[^,]+,\d+,owner,[^,]+,login,operator,\d+,/.test(line)),
      lines.slice(0, 5).join('\n'),
    ).toBe(true);

    // ---- the players by diamonds, most first
    await go(page, paths.admin.players.getHref());
    await page.getByTestId('page-admin-players').waitFor();
    const players = listAnswer(page, 'admin/players/list', 'diamonds', 'desc');
    await page.getByTestId('sort-diamonds').click();
    const listed = (await (await players).json()) as { data: { list: { diamonds: number }[] } };
    const diamonds = listed.data.list.map((player) => player.diamonds);
    expect(diamonds.length).toBeGreaterThan(1);
    expect(diamonds).toEqual([...diamonds].sort((a, b) => b - a));
    await page.getByTestId('export-players').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'admin-lists-desktop-players-sorted');
  });
});
