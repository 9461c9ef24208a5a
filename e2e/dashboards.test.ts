import type { CallData } from '@promoter/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DASHBOARDS, type DashboardName, paths } from '../apps/web/src/config/paths';
import path from 'node:path';
import {
  ARTIFACTS,
  DESKTOP,
  keepThemeOptions,
  openPage,
  screenshot,
  storedToken,
  useServerAndBrowser,
} from './browser';

/**
 * Decision 020: the demo agent opens each of its six dashboards on a phone (360x640) and a desktop (1280x800), in the
 * boxed-v2 layout of /agent/Main, with no console error (e2e/setup.ts fails the test on any); the ecommerce dashboard's
 * table shows the recharges the demo seeded today, as the server counts them; one look in Hebrew (right to left).
 */
const e2e = useServerAndBrowser();
const SMALL_PHONE = { width: 360, height: 640 };

/** What shows once a dashboard has its figures (a list: its first item, or that it has none). */
const READY: Record<DashboardName, string> = {
  ecommerce: '[data-testid="ecommerce-totals-sold"]',
  'web-analytics': '[data-testid="analytics-totals-opens"]',
  agency: '[data-testid="agency-totals-teamSize"]',
  saas: '[data-testid="saas-sales-recharged"]',
  magazine: '[data-testid="magazine-item"], [data-testid="magazine-empty"]',
  news: '[data-testid="news-item"], [data-testid="news-empty"]',
};

async function go(page: Page, href: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, href);
}

/** The demo agent's player (apps/server/src/seed/demo-seed.ts DEMO.agentPlayerId). */
const DEMO_AGENT_PLAYER = 100001;

async function signIn(page: Page): Promise<string> {
  // A login link is good once: each test signs in with a fresh one, as the game would hand it.
  await page.goto(await e2e.server.loginLink(DEMO_AGENT_PLAYER));
  await page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
  await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
  // The layout's loader covers the content for its first 2 s.
  await page.waitForTimeout(2_000);
  return storedToken(page);
}

async function openDashboard(page: Page, name: DashboardName) {
  await go(page, paths.layouts['boxed-v2'].dashboard[name].getHref());
  await page.getByTestId(`page-dashboard-${name}`).waitFor({ timeout: 30_000 });
  await page.locator(READY[name]).first().waitFor({ timeout: 30_000 });
  // The charts draw once their container has its size.
  await page.waitForTimeout(500);
}

/** The seeded history of today (recharges a few minutes old) as the server counts it for the demo agent. */
async function todayOnServer(token: string) {
  const answer = await e2e.server.api<CallData<'dashboardEcommerce'>>(
    'agent/dashboard/ecommerce?period=7d',
    token,
  );
  expect(answer.code, answer.msg).toBe(1);
  const today = answer.data.series.at(-1);
  if (!today) throw new Error('no day in the answer');
  return { today, answer: answer.data };
}

describe('the agent dashboards', () => {
  for (const [label, viewport] of [
    ['phone', SMALL_PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`opens all six at ${viewport.width}x${viewport.height}, each with its figures`, async () => {
      const { page, context } = await openPage(e2e.browser, viewport);
      const token = await signIn(page);
      for (const name of DASHBOARDS) {
        await openDashboard(page, name);
        // Nothing wider than the screen: the tables scroll inside their cards.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, name).toBeLessThanOrEqual(0);
        // The whole page, charts included.
        await page.screenshot({
          path: path.join(ARTIFACTS, `dashboards-${label}-${name}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }

      // The ecommerce dashboard's table: today's row holds what the demo recharged today.
      const { today, answer } = await todayOnServer(token);
      // The demo recharged on the day it was seeded: the series' last day, or the one before it when the run crossed
      // midnight in China between the seed and this call.
      expect(answer.series.slice(-2).some((day) => day.recharged > 0)).toBe(true);
      await openDashboard(page, 'ecommerce');
      const card = page.getByTestId('chart-sold');
      await card.getByTestId('chart-sold-show-table').click();
      const lastRow = card.getByTestId('chart-sold-table').locator('tbody tr').last();
      const cells = (await lastRow.locator('td').allInnerTexts()).map((text) => text.replace(/[,\s]/g, ''));
      expect(cells.slice(1)).toEqual([
        String(today.recharged),
        String(today.transferred),
        String(today.recharged + today.transferred),
      ]);
      expect(await page.getByTestId('ecommerce-totals-recharged').innerText()).toBe(
        answer.totals.recharged.toLocaleString('zh-CN'),
      );
      // The players the demo recharged most, by name.
      await page
        .getByTestId('top-players-table')
        .getByText(answer.topPlayers[0]?.nickname ?? '?')
        .first()
        .waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `dashboards-${label}-ecommerce-table`);

      // Thirty days: the switch asks again and the range says so.
      await page.getByTestId('period-30d').click();
      await page.waitForURL(/period=30d/);
      await expect
        .poll(() => page.getByTestId('period-range').innerText(), { timeout: 20_000 })
        .toContain('共 30 天');
      await context.close();
    });
  }

  it('reads right to left in Hebrew on a phone', async () => {
    const { page, context } = await openPage(e2e.browser, SMALL_PHONE);
    await signIn(page);
    // Hebrew as the customizer would keep it (on a 360 px phone the language menu sits in the overflow menu).
    await keepThemeOptions(page, { language: 'he', rtlLayout: true });
    await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2_000);
    await openDashboard(page, 'ecommerce');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'מסחר מקוון' }).waitFor();
    await screenshot(page, 'dashboards-phone-ecommerce-he');
    await openDashboard(page, 'saas');
    await page.getByTestId('saas-explain').waitFor();
    await screenshot(page, 'dashboards-phone-saas-he');
    await context.close();
  });
});
