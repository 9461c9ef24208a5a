// Every agent screen at 360x640 in another language, direction and mode than the tap-target test's Chinese light
// (decision 049): English dark and Arabic right to left. Each screen is kept as a picture (artifacts/screenshots,
// `phone-<language>-<mode>-<route>.png`) and must fit the phone's width: nothing runs off the side, in either
// direction. E2E_PHONE_SCREENS=all adds Chinese dark, English light and Arabic dark (the whole matrix, for a person to
// look at; CI runs the two).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AGENT_ROUTES, NARROW_PHONE, goToRoute, signInAtNarrowPhone, slugOf } from './agent-routes';
import { keepThemeOptions, openPage, screenshot, useServerAndBrowser } from './browser';

const e2e = useServerAndBrowser();

/** The demo agent's game account: each look signs in with a fresh link (a login link is good once). */
const DEMO_AGENT_PLAYER = 100001;

interface Look {
  language: 'cn' | 'en' | 'ar';
  darkMode: boolean;
}

const LOOKS: readonly Look[] =
  process.env.E2E_PHONE_SCREENS === 'all'
    ? [
        { language: 'en', darkMode: true },
        { language: 'ar', darkMode: false },
        { language: 'cn', darkMode: true },
        { language: 'en', darkMode: false },
        { language: 'ar', darkMode: true },
      ]
    : [
        { language: 'en', darkMode: true },
        { language: 'ar', darkMode: false },
      ];

/** What sticks out past the page's sides: the document wider than the screen, or an element beyond its edges. */
function overflowing(): string[] {
  const width = document.documentElement.clientWidth;
  const found: string[] = [];
  if (document.documentElement.scrollWidth > width + 1)
    found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const el of Array.from(document.querySelectorAll('main *'))) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (el.closest('[aria-hidden="true"], [hidden]')) continue;
    // Inside a box that scrolls sideways on purpose (a table, a row of tabs): the box is what must fit.
    let parent = el.parentElement;
    let scrolls = false;
    while (parent && parent !== document.body) {
      const overflowX = getComputedStyle(parent).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip') {
        scrolls = true;
        break;
      }
      parent = parent.parentElement;
    }
    if (scrolls) continue;
    if (rect.left < -1 || rect.right > width + 1) {
      const testId = el.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      found.push(`${el.tagName.toLowerCase()} ${testId} ${Math.round(rect.left)}..${Math.round(rect.right)}`);
      if (found.length > 5) break;
    }
  }
  return found;
}

async function checkEveryRoute(page: Page, look: Look, problems: string[]) {
  for (const route of AGENT_ROUTES) {
    await goToRoute(page, route);
    await screenshot(page, `phone-${look.language}-${look.darkMode ? 'dark' : 'light'}-${slugOf(route)}`);
    for (const problem of await page.evaluate(overflowing)) problems.push(`${route}: ${problem}`);
  }
}

describe('the agent screens at 360x640 in other languages and modes', () => {
  for (const look of LOOKS) {
    it(`${look.language}, ${look.darkMode ? 'dark' : 'light'}: every screen fits the phone's width`, async () => {
      const { page, context } = await openPage(e2e.browser, NARROW_PHONE);
      await signInAtNarrowPhone(page, await e2e.server.loginLink(DEMO_AGENT_PLAYER));
      await keepThemeOptions(page, {
        language: look.language,
        rtlLayout: look.language === 'ar',
        darkMode: look.darkMode,
      });
      await page.getByTestId('page-agent-main').waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        look.language === 'ar' ? 'rtl' : 'ltr',
      );
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(
        look.darkMode ? 'dark' : 'light',
      );
      const problems: string[] = [];
      await checkEveryRoute(page, look, problems);
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
