import { type TAgentUser, fenToMoney, moneyToFen } from '@promoter/contract';
import { describe, expect, it } from 'vitest';
import { DESKTOP, figureOf, openPage, PHONE, screenshot, storedToken, useServerAndBrowser } from './browser';

const e2e = useServerAndBrowser();

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`the demo at ${size} size (${viewport.width}x${viewport.height})`, () => {
    it('opens the printed agent link, shows the agent’s real figures in the header, and logs out', async () => {
      const { page, context } = await openPage(e2e.browser, viewport);
      const link = size === 'phone' ? e2e.server.agentLink : await e2e.server.loginLink(100001);
      await page.goto(link);
      await page.waitForURL(/#\/agent\/Main/i, { timeout: 30_000 });
      await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });

      const token = await storedToken(page);
      const answer = await e2e.server.api<TAgentUser>('agent/user/getUser', token);
      expect(answer.code).toBe(1);
      const user = answer.data;
      expect(user.nickname).toBe('王总');

      const text = (id: string) => figureOf(page, id);
      expect(await text('header-nickname')).toContain('王总');
      expect(await text('header-agent-id')).toContain(String(user.agentId));
      expect(await text('header-balance')).toContain(fenToMoney(moneyToFen(user.balance)));
      expect(await text('header-diamonds')).toContain(String(user.diamonds));
      expect(await text('header-today-profit')).toContain(user.todayProfit);
      expect(await text('header-today-diamonds')).toContain(String(Math.abs(user.todayDiamonds)));
      await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
      await screenshot(page, `foundation-${size}-agent-main`);

      // The sidebar's menu, fetched when the sidebar first opens (decision 053), and one of its links.
      await page.getByRole('button', { name: '展开/收起菜单' }).first().click();
      const menu = page.getByRole('navigation', { name: '主菜单' });
      await menu.waitFor({ timeout: 10_000 });
      await menu.locator('a[href="#/agent/child-tree"]').click();
      await page.waitForURL(/#\/agent\/child-tree/, { timeout: 10_000 });
      await page.goBack();
      await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });

      await page.getByTestId('header-exit').first().click();
      await page.getByTestId('header-logout').first().click();
      await page.getByTestId('confirm-yes').first().click();
      await page.waitForURL(/#\/session\/login/, { timeout: 10_000 });
      await page.getByTestId('page-login').waitFor();
      await screenshot(page, `foundation-${size}-after-logout`);
      // The session is revoked on the server, not only forgotten by the page.
      expect((await e2e.server.api('agent/user/getUser', token)).code).toBe(10001);
      await context.close();
    });

    it('opens a player link and lands on bind-agent', async () => {
      const { page, context } = await openPage(e2e.browser, viewport);
      const link = size === 'phone' ? e2e.server.playerLink : await e2e.server.loginLink(200008);
      await page.goto(link);
      await page.waitForURL(/#\/agent\/bind-agent/, { timeout: 30_000 });
      await page.getByTestId('page-bind-agent').waitFor();
      expect(await page.getByTestId('page-bind-agent').innerText()).toContain('游客小陈');
      await screenshot(page, `foundation-${size}-player-bind-agent`);
      await context.close();
    });
  });
}

describe('a used or unknown link', () => {
  it('explains that the link is no longer valid', async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    await page.goto(`${e2e.server.baseUrl}/#/session/login?token=already-used-ticket`);
    await page.getByTestId('page-login').waitFor();
    await page
      .getByText(/无效|过期/)
      .first()
      .waitFor({ timeout: 10_000 });
    await screenshot(page, 'foundation-phone-invalid-ticket');
    await context.close();
  });
});
