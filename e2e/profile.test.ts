import type { TBillEntry } from '@promoter/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { openPage, screenshot, storedToken, useServerAndBrowser } from './browser';

/**
 * The profile (decision 021) at the smallest phone (360x640, Chinese): the demo agent's profile (its QR code, its devices), "sign out
 * everywhere else" ending a second device's session, the players list one tap from a filled-in recharge, and a
 * recharge whose answer is cut on the way back: the page says so, and the retry (the same requestId) is applied
 * once.
 */
const e2e = useServerAndBrowser();
const SMALL_PHONE = { width: 360, height: 640 };
const DEMO_AGENT_PLAYER = 100001;

/** Moves inside the single-page app through its hash, as a link would, without reloading. */
async function go(page: Page, href: string) {
  await page.evaluate((target) => {
    window.location.hash = `#${target}`;
  }, href);
}

/** A screenshot once the dialogs, ripples and label transitions of the last action have settled. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await screenshot(page, name);
}

async function signIn(page: Page): Promise<string> {
  await page.goto(await e2e.server.loginLink(DEMO_AGENT_PLAYER));
  await page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
  await page.getByTestId('header-nickname').first().waitFor({ timeout: 30_000 });
  return storedToken(page);
}

/** The element fits the viewport's width: nothing cut at 360 px. */
async function fitsWidth(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  expect(box, testId).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= SMALL_PHONE.width + 0.5, testId).toBe(
    true,
  );
}

describe('the profile and the players list at 360x640', () => {
  it('shows the QR and the devices, and signing out everywhere else ends the other device’s session', async () => {
    const phone = await openPage(e2e.browser, SMALL_PHONE);
    const tablet = await openPage(e2e.browser, SMALL_PHONE);
    const phoneToken = await signIn(phone.page);
    const tabletToken = await signIn(tablet.page);
    expect(tabletToken).not.toBe(phoneToken);

    await go(phone.page, paths.users.userProfile.getHref());
    await phone.page.getByTestId('page-user-profile').waitFor();
    expect(await phone.page.getByTestId('profile-agent-id').innerText()).toContain('10001');
    await phone.page.getByTestId('profile-parent').waitFor();
    await fitsWidth(phone.page, 'profile-identity');
    await shot(phone.page, 'profile-phone-360-identity');

    // The invite link and its QR code, readable (an SVG of real size) and inside the screen.
    const qr = phone.page.getByTestId('profile-qr').locator('svg');
    await qr.scrollIntoViewIfNeeded();
    const qrBox = await qr.boundingBox();
    expect(qrBox?.width).toBeGreaterThanOrEqual(150);
    expect(await phone.page.getByTestId('profile-invite-url').inputValue()).toContain(
      '/#/session/sign-up?from=10001',
    );
    await fitsWidth(phone.page, 'profile-invite');
    await shot(phone.page, 'profile-phone-360-invite-qr');

    // The devices: this one first and marked, the tablet beside it; no token on the page.
    const sessions = phone.page.getByTestId('profile-sessions');
    await sessions.scrollIntoViewIfNeeded();
    await phone.page.getByTestId('session-current').waitFor();
    expect(await phone.page.getByTestId('session-other').count()).toBeGreaterThanOrEqual(1);
    const html = await phone.page.content();
    expect(html).not.toContain(phoneToken);
    expect(html).not.toContain(tabletToken);
    await shot(phone.page, 'profile-phone-360-sessions');

    await phone.page.getByTestId('profile-end-others').click();
    await phone.page.getByTestId('confirm-yes').waitFor();
    await shot(phone.page, 'profile-phone-360-end-others-confirm');
    await phone.page.getByTestId('confirm-yes').click();
    await phone.page.getByTestId('profile-sessions-only-this').waitFor({ timeout: 15_000 });
    expect(await phone.page.getByTestId('session-other').count()).toBe(0);
    await shot(phone.page, 'profile-phone-360-ended');

    // The tablet's token answers not-signed-in; the phone's still works.
    const ended = await e2e.server.api('agent/user/getUser', tabletToken);
    expect({ code: ended.code, msg: ended.msg }).toEqual({ code: 10001, msg: '登录已失效，请重新登录' });
    expect((await e2e.server.api('agent/user/getUser', phoneToken)).code).toBe(1);
    // The tablet's next move sends it to the login page.
    await go(tablet.page, paths.users.userProfile.getHref());
    await tablet.page.waitForURL(/#\/session\/login/, { timeout: 15_000 });

    await tablet.context.close();
    await phone.context.close();
  });

  it('lists the bound players and opens the recharge page with one filled in; a cut answer is retried once', async () => {
    const { page, context, allow } = await openPage(e2e.browser, SMALL_PHONE);
    const token = await signIn(page);

    await go(page, paths.users.usersList.getHref());
    await page.getByTestId('page-users-list').waitFor();
    for (const id of [200001, 200002, 200003]) await page.getByTestId(`users-list-player-${id}`).waitFor();
    // Players of the agent's children are not its own.
    expect(await page.getByTestId('users-list-player-200004').count()).toBe(0);
    await fitsWidth(page, 'users-list-player-200001');
    const recharge = page.getByTestId('users-list-recharge-200001');
    const tap = await recharge.boundingBox();
    expect(Math.min(tap?.width ?? 0, tap?.height ?? 0)).toBeGreaterThanOrEqual(44);
    await shot(page, 'profile-phone-360-users-list');

    // Today only, then searched by nickname digits of the id.
    await page.getByTestId('users-list-period-1').click();
    await expect.poll(() => page.url()).toMatch(/days=1/);
    await page.getByTestId('users-list-search').fill('200002');
    await expect
      .poll(() => page.getByTestId('users-list-player-200001').count(), { timeout: 10_000 })
      .toBe(0);
    await page.getByTestId('users-list-player-200002').waitFor();
    await shot(page, 'profile-phone-360-users-list-search');
    await page.getByTestId('users-list-search').fill('');
    await page.getByTestId('users-list-player-200001').waitFor();

    // One tap: the recharge page with the player chosen.
    await page.getByTestId('users-list-recharge-200001').click();
    await page.getByTestId('page-user-recharge').waitFor();
    expect(page.url()).toContain('playerId=200001');
    const selected = page.getByTestId('recharge-selected');
    await selected.waitFor();
    expect(await selected.innerText()).toContain('200001');
    await shot(page, 'profile-phone-360-recharge-filled');

    const before = await e2e.server.api<{ diamonds: number }>('agent/user/getUser', token);
    const diamonds = 37;
    await page.getByTestId('recharge-amount-input').fill(String(diamonds));
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('confirm-yes').waitFor();

    // The server applies the recharge, but its answer never reaches the page.
    allow(/agent\/index\/recharge/);
    allow(/Failed to load resource/);
    let cut = 0;
    await page.route('**/api/agent/index/recharge', async (route) => {
      cut++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByTestId('confirm-yes').click();
    const lost = page.getByTestId('money-lost-answer');
    await lost.waitFor({ timeout: 15_000 });
    expect(await lost.innerText()).toContain('没有收到服务器的回应');
    expect(await page.getByTestId('confirm-yes').innerText()).toBe('重试');
    await shot(page, 'profile-phone-360-recharge-lost');
    expect(cut).toBe(1);
    const applied = await e2e.server.api<{ diamonds: number }>('agent/user/getUser', token);
    expect(applied.data.diamonds).toBe(before.data.diamonds - diamonds);

    // The retry carries the same requestId: the server answers the first recharge, and applies nothing more.
    await page.unroute('**/api/agent/index/recharge');
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('recharge-success').waitFor({ timeout: 15_000 });
    await shot(page, 'profile-phone-360-recharge-retried');
    const after = await e2e.server.api<{ diamonds: number }>('agent/user/getUser', token);
    expect(after.data.diamonds).toBe(before.data.diamonds - diamonds);
    const bill = await e2e.server.api<{ list: TBillEntry[] }>(
      'agent/user/bill?currency=2&billType=2&page=1&pageSize=20',
      token,
    );
    const fresh = bill.data.list.filter((entry) => Date.now() - Date.parse(entry.createdAt) < 120_000);
    expect(fresh.map((entry) => entry.amount)).toEqual([-diamonds]);

    await context.close();
  });

  it('tells a signed-in player on an agent page that it is for agents, with the way to become one', async () => {
    const { page, context } = await openPage(e2e.browser, SMALL_PHONE);
    // Player 200001 is bound to the demo diamond agent 10001.
    await page.goto(await e2e.server.loginLink(200001));
    await page.waitForURL(/#\/agent\/bind-agent/, { timeout: 30_000 });
    await go(page, paths.agent.main.getHref());
    await page.getByTestId('agents-only').waitFor({ timeout: 15_000 });
    const signUp = page.getByTestId('agents-only-sign-up');
    await signUp.waitFor();
    expect(await signUp.getAttribute('href')).toBe('#/session/sign-up?from=10001');
    await shot(page, 'profile-phone-360-player-on-agent-page');
    await go(page, paths.users.usersList.getHref());
    await page.getByTestId('agents-only').waitFor();
    await context.close();
  });
});
