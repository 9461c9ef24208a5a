import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, useServerAndBrowser } from './browser';

/**
 * The login page prerendered at build time (decision 048): its first screen is in index.html as markup with its
 * stylesheet inline, so it paints before any script, in the look of the app's own page, which replaces it. Shown here
 * without JavaScript at all, then with the app's entry script held back (the screen drawn, typed into), then the
 * app's page taking over: no second copy, what was typed kept, the form signing in.
 */
const e2e = useServerAndBrowser();
const SMALL_PHONE = { width: 360, height: 640 };
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** The parts of the screen, in the prerendered markup and in the app's page. */
const PARTS: { name: string; prerendered: string; app: string }[] = [
  { name: 'app bar', prerendered: '#boot-shell .bs-appbar', app: 'header' },
  { name: 'title', prerendered: '#boot-shell .bs-title', app: 'header h1' },
  { name: 'logo', prerendered: '#boot-shell .bs-head img', app: '[data-testid="page-login"] img' },
  { name: 'brand', prerendered: '#boot-shell .bs-brand', app: '[data-testid="page-login"] h2' },
  { name: 'form title', prerendered: '#boot-shell .bs-subtitle', app: '[data-testid="page-login"] h3' },
  { name: 'agent id', prerendered: '#bs-agent-id', app: '[data-testid="login-agent-id"]' },
  { name: 'password', prerendered: '#bs-password', app: '[data-testid="login-password"]' },
  { name: 'sign in', prerendered: '#boot-shell .bs-submit', app: '[data-testid="login-submit"]' },
  { name: 'WeChat', prerendered: '#boot-shell .bs-wechat', app: '[data-testid="wechat-login"]' },
  { name: 'sign up', prerendered: '#boot-shell .bs-links a >> nth=0', app: '[data-testid="login-sign-up"]' },
  {
    name: 'forgot password',
    prerendered: '#boot-shell .bs-links a >> nth=1',
    app: '[data-testid="login-forgot-password"]',
  },
  {
    name: 'open from the game',
    prerendered: '#boot-shell .bs-hint',
    app: '[data-testid="login-open-from-game"]',
  },
];

type Box = { x: number; y: number; width: number; height: number };

async function boxes(page: Page, side: 'prerendered' | 'app'): Promise<Record<string, Box>> {
  const found: Record<string, Box> = {};
  for (const part of PARTS) {
    const box = await page.locator(part[side]).first().boundingBox();
    if (!box) throw new Error(`${part.name} (${part[side]}) is not on the screen`);
    found[part.name] = box;
  }
  return found;
}

/** The prerendered screen lays out as the app's page does: every part where the app puts it, to a pixel. */
function expectSameLayout(prerendered: Record<string, Box>, app: Record<string, Box>): void {
  for (const part of PARTS) {
    const [ours, theirs] = [prerendered[part.name], app[part.name]] as [Box, Box];
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(
        Math.abs(ours[side] - theirs[side]),
        `${part.name} ${side}: ${ours[side]} vs ${theirs[side]}`,
      ).toBeLessThanOrEqual(1);
  }
}

/** Holds the app's entry script back until `release` is called. */
async function holdEntry(page: Page): Promise<{ release: () => Promise<void> }> {
  let open: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (open = resolve));
  let continued: Promise<void> = Promise.resolve();
  const hold = (route: Route) => (continued = held.then(() => route.continue()));
  await page.route(ENTRY, hold);
  return {
    release: async () => {
      open();
      await continued;
      await page.unroute(ENTRY, hold);
    },
  };
}

/** The app's own login page at 360x640 with `storage` kept, the prerendered screen gone: where its parts are. */
async function appLoginPage(storage: Record<string, unknown>, name: string): Promise<Record<string, Box>> {
  const { page, context } = await openPage(e2e.browser, SMALL_PHONE);
  await page.goto(`${e2e.server.baseUrl}/#/agent/index`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, storage);
  await page.goto(`${e2e.server.baseUrl}/#/session/login`);
  // The reload is of the login page's address: a change of the hash alone may not have landed yet when goto returns.
  await page.waitForURL(/#\/session\/login$/);
  await page.reload();
  await page.getByTestId('login-agent-id').waitFor({ timeout: 30_000 });
  await page.locator('#boot-shell').waitFor({ state: 'detached', timeout: 30_000 });
  // The screenshot after the web fonts, transitions and the brand colour have settled.
  await page.waitForLoadState('networkidle');
  const found = await boxes(page, 'app');
  await screenshot(page, `login-app-${name}-360`);
  await context.close();
  return found;
}

describe('the login page prerendered at build time', () => {
  it('paints without any script, as the app’s page lays it out', async () => {
    const context = await e2e.browser.newContext({
      viewport: SMALL_PHONE,
      locale: 'zh-CN',
      deviceScaleFactor: 1,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${e2e.server.baseUrl}/#/session/login`);
    const screen = page.locator('#boot-shell [data-boot-login]');
    expect(await screen.isVisible()).toBe(true);
    expect(await page.locator('#boot-shell h1').innerText()).toBe('登录');
    expect(await page.locator('#boot-shell .bs-brand').innerText()).toBe('推广员系统');
    expect(await page.locator('#boot-shell .bs-submit').innerText()).toBe('登录');
    expect(await page.locator('#boot-shell .bs-busy').isVisible()).toBe(false);
    expect(await page.locator('#root').innerHTML()).toBe('');
    // Nothing wider than the phone.
    expect(
      await page.locator('#boot-shell .bs-main').evaluate((main) => main.scrollWidth),
    ).toBeLessThanOrEqual(SMALL_PHONE.width);
    const prerendered = await boxes(page, 'prerendered');
    await screenshot(page, 'login-prerender-no-script-360');
    await context.close();

    const app = await appLoginPage({}, 'cn');
    expectSameLayout(prerendered, app);
  });

  it('is drawn before the app’s scripts, takes what is typed, and gives way to the app’s page, which signs in', async () => {
    const { page, context } = await openPage(e2e.browser, SMALL_PHONE);
    const entry = await holdEntry(page);
    await page.goto(`${e2e.server.baseUrl}/#/session/login`, { waitUntil: 'commit' });
    const shell = page.locator('#boot-shell[data-boot-view="login"]');
    await shell.locator('#bs-agent-id').waitFor({ timeout: 30_000 });
    await screenshot(page, 'login-prerender-360');
    await page.locator('#bs-agent-id').fill('10002');
    await page.locator('#bs-password').focus();
    expect(await page.getByTestId('page-login').count()).toBe(0);

    await entry.release();
    await page.getByTestId('login-agent-id').waitFor({ timeout: 60_000 });
    await page.locator('#boot-shell').waitFor({ state: 'detached', timeout: 30_000 });
    // One screen: the app's, with what was typed, the focus where it was.
    expect(await page.getByText('推广员账号登录').count()).toBe(1);
    expect(await page.locator('input').count()).toBe(2);
    expect(await page.getByTestId('login-agent-id').inputValue()).toBe('10002');
    expect(
      await page.getByTestId('login-password').evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'login-app-360');
    await page.keyboard.type('demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/agent\/Main/, { timeout: 30_000 });
    await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('says "signing in" for the game’s link, then the app signs in', async () => {
    const { page, context } = await openPage(e2e.browser, SMALL_PHONE);
    const entry = await holdEntry(page);
    await page.goto(await e2e.server.loginLink(100001), { waitUntil: 'commit' });
    const busy = page.locator('#boot-shell[data-boot-ticket] .bs-busy');
    await busy.waitFor({ timeout: 30_000 });
    expect(await busy.innerText()).toBe('正在登录…');
    expect(await page.locator('#boot-shell .bs-form').isVisible()).toBe(false);
    await screenshot(page, 'login-prerender-ticket-360');
    await entry.release();
    await page.waitForURL(/#\/agent\/Main/, { timeout: 60_000 });
    await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
    await page.locator('#boot-shell').waitFor({ state: 'detached', timeout: 30_000 });
    await context.close();
  });

  it('in the stored language, right to left and dark, as the app’s page; nowhere but the login page', async () => {
    for (const [name, options] of [
      ['he', { language: 'he', rtlLayout: true }],
      ['en-dark', { language: 'en', rtlLayout: false, darkMode: true }],
    ] as const) {
      const storage = { 'promoter.themeOptions': options };
      const { page, context } = await openPage(e2e.browser, SMALL_PHONE);
      await page.goto(`${e2e.server.baseUrl}/#/agent/index`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
      }, storage);
      const entry = await holdEntry(page);
      await page.goto(`${e2e.server.baseUrl}/#/session/login`, { waitUntil: 'commit' });
      await page.reload({ waitUntil: 'commit' });
      await page.locator('#boot-shell[data-boot-view="login"] #bs-agent-id').waitFor({ timeout: 30_000 });
      const prerendered = await boxes(page, 'prerendered');
      await screenshot(page, `login-prerender-${name}-360`);

      // A link to another route followed meanwhile: the loading bar, no login screen, then that route's page.
      await page.goto(`${e2e.server.baseUrl}/#/agent/index`, { waitUntil: 'commit' });
      await page.locator('#boot-shell').waitFor({ timeout: 30_000 });
      expect(await page.locator('#boot-shell [data-boot-login]').count()).toBe(0);
      await entry.release();
      await page.locator('#boot-shell').waitFor({ state: 'detached', timeout: 60_000 });
      expect(await page.getByTestId('page-login').count()).toBe(0);
      await context.close();

      const app = await appLoginPage(storage, name);
      expectSameLayout(prerendered, app);
    }
  });
});
