import type { Page } from 'playwright-core';
import { paths } from '../apps/web/src/config/paths';

/** The narrowest phone the agents use: the game's web view on a 360 px wide Android phone. */
export const NARROW_PHONE = { width: 360, height: 640 };

/**
 * Every route of the agent's daily path, as the agent reaches it signed in. Left out on purpose:
 * - the operator console (`#/admin/...`): desktop, its own sign-in;
 * - the template dashboards and the other template layouts (`/default`, `/boxed`, `/horizontal`, `/mini`,
 *   `/boxed-v2/dashboard/...`): demo pages of the admin template, not the agent's (SPEC section 2);
 * - the signed-out session pages (login, WeChat login, callback, sign-up, lock screen, forgot and reset password)
 *   and the player's bind-agent page: a signed-in agent does not stay on them;
 * - the WeChat Pay authorization page: a page the browser passes through on its way back from WeChat.
 */
export const AGENT_ROUTES: readonly string[] = [
  paths.agent.main.getHref(),
  paths.agent.userRecharge.getHref(),
  paths.agent.withdraw.getHref(),
  paths.agent.withdrawApply.getHref(),
  paths.agent.withdrawList.getHref(),
  paths.agent.currencyList.getHref(),
  paths.agent.currencyDetail.getHref({ billType: 2, currency: 2 }),
  paths.agent.mineRecharge.getHref(),
  paths.agent.queryOrder.getHref(),
  paths.agent.transferAgent.getHref(),
  paths.agent.treeview.getHref(),
  paths.agent.childTree.getHref(),
  paths.agent.setChild.getHref(),
  paths.agent.priceList.getHref(),
  paths.users.userProfile.getHref(),
  paths.users.usersList.getHref(),
  paths.session.updatePassword.getHref(),
  paths.inbox.getHref(),
  paths.layouts['boxed-v2'].cart.getHref(),
  paths.agent.index.getHref(),
  paths.agent.agentInfo.getHref(),
  paths.agent.agentDesc.getHref(),
  paths.agent.help.getHref(),
  paths.agent.guideSetup.getHref(),
];

/**
 * Waits for the route's page and for its data: the layout's start-up loader gone (it covers the page for two seconds
 * when the layout changes), no skeleton or spinner left (at most a few seconds).
 */
export async function settle(page: Page) {
  await page
    .locator(
      'main [data-testid^="page-"]:not([data-tap-seen]), main [data-testid^="article-"]:not([data-tap-seen])',
    )
    .first()
    .waitFor();
  await page.getByTestId('layout-loader').waitFor({ state: 'detached', timeout: 10_000 });
  await page
    .waitForFunction(() => !document.querySelector('main [data-skeleton], main [role="progressbar"]'), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** The demo agent signed in through the game's link, on /agent/Main with its start-up loader gone. */
export async function signInAtNarrowPhone(page: Page, agentLink: string): Promise<void> {
  await page.goto(agentLink);
  await page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
  await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
  // The layout's start-up loader covers the page for its first two seconds.
  await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2_000);
}

/** Goes to a route within the app (no reload) and waits for its page (the one left behind is marked first). */
export async function goToRoute(page: Page, route: string): Promise<void> {
  await page.evaluate((href) => {
    if (window.location.hash === `#${href}`) return;
    document.querySelectorAll('main [data-testid]').forEach((seen) => seen.setAttribute('data-tap-seen', ''));
    window.location.hash = `#${href}`;
  }, route);
  await settle(page);
}

/** A route as a file name's part: /agent/Main -> agent-Main. */
export const slugOf = (route: string): string => route.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
