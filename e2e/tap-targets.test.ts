import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { AGENT_ROUTES, NARROW_PHONE, goToRoute, signInAtNarrowPhone, slugOf } from './agent-routes';
import { openPage, screenshot, useServerAndBrowser } from './browser';

const e2e = useServerAndBrowser();

/** WCAG 2.5.5 (AAA) and the platforms' own guides (Apple 44 pt, Material 48 dp): a finger's tap. */
const MIN_TARGET = 44;

/**
 * The dropdowns a phone opens from the header and the app bar (the route, the test id of the button that opens it).
 * Not opened: the sidebar drawer and the customizer, the admin template's navigation and settings.
 */
const HEADER_MENUS: readonly (readonly [route: string, opener: string])[] = [
  [paths.agent.main.getHref(), 'header-more'],
  [paths.agent.main.getHref(), 'header-exit'],
  [paths.agent.main.getHref(), 'header-share'],
  [paths.agent.main.getHref(), 'header-bell'],
  [paths.agent.withdraw.getHref(), 'app-bar-language'],
];

interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * The visible interactive elements of the page whose tap target is below `min` in either direction.
 *
 * The target is the box the browser hit-tests for the element: its own box, or, for a control inside a larger
 * tappable wrapper (an input in its field, a checkbox's input in its button, a control in its label), the wrapper's.
 * A target enlarged by padding is measured by its box; one enlarged by a pseudo-element (or a transparent wrapper)
 * is measured by probing `elementFromPoint` outwards from its centre.
 *
 * Exempt (WCAG 2.5.8's inline exception): a link inside a sentence, whose size the line of text sets.
 */
function smallTargets(min: number): { measured: number; small: SmallTarget[] } {
  const SELECTOR = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    '[role="button"]',
    '[role="tab"]',
    '[role="menuitem"]',
    '[role="checkbox"]',
    '[role="switch"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const docWidth = document.documentElement.clientWidth;

  const hidden = (el: Element): boolean => {
    if (el.closest('[aria-hidden="true"], [inert]')) return true;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.pointerEvents === 'none') return true;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return true;
    // Off the page sideways: a closed drawer, a slid-out panel.
    return rect.right <= 0 || rect.left >= docWidth;
  };

  /** A link that is a few words of a sentence: its parent block holds text of its own besides the link. */
  const inlineInText = (el: Element): boolean => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    if (!block) return false;
    const own = (el.textContent ?? '').trim().length;
    return (block.textContent ?? '').trim().length > own;
  };

  /** The element a tap lands on for this control: a tappable wrapper around a small control, or itself. */
  const targetOf = (el: Element): Element => {
    const wrapper = el.matches('input, select, textarea')
      ? el.closest('label, button')
      : el.parentElement?.closest('a, [role="button"], button');
    return wrapper ?? el;
  };

  /** How far from the centre a tap still lands on the target, along one axis (pseudo-elements included). */
  const hitSpan = (target: Element, axis: 'x' | 'y'): number => {
    const rect = target.getBoundingClientRect();
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const lands = (d: number) => {
      const x = axis === 'x' ? cx + d : cx;
      const y = axis === 'y' ? cy + d : cy;
      const hit = document.elementFromPoint(x, y);
      return hit !== null && target.contains(hit);
    };
    if (!lands(0)) return axis === 'x' ? rect.width : rect.height;
    let before = 0;
    let after = 0;
    while (before < min && lands(-(before + 1))) before += 1;
    while (after < min && lands(after + 1)) after += 1;
    return before + after + 1;
  };

  const describe = (el: Element): string => {
    const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
    const text = (el.textContent ?? '')
      .replace(/[\s\u200b]+/g, ' ')
      .trim()
      .slice(0, 30);
    const label =
      el.getAttribute('aria-label') ?? (text || el.querySelector('input')?.getAttribute('placeholder'));
    const tag =
      el.tagName.toLowerCase() + (el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : '');
    return `${tag}${testId ? ` testid=${testId}` : ''}${label ? ` "${label}"` : ''}`;
  };

  const seen = new Set<Element>();
  const small: SmallTarget[] = [];
  for (const el of Array.from(document.querySelectorAll(SELECTOR))) {
    if (hidden(el) || inlineInText(el)) continue;
    const target = targetOf(el);
    if (seen.has(target)) continue;
    seen.add(target);
    const rect = target.getBoundingClientRect();
    let width = Math.round(rect.width * 10) / 10;
    let height = Math.round(rect.height * 10) / 10;
    if (width >= min && height >= min) continue;
    // Perhaps a pseudo-element or padding of a wrapper takes the tap further: ask the browser where taps land.
    target.scrollIntoView({ block: 'center', inline: 'center' });
    if (width < min) width = Math.max(width, hitSpan(target, 'x'));
    if (height < min) height = Math.max(height, hitSpan(target, 'y'));
    if (width >= min && height >= min) continue;
    small.push({ what: describe(target), width, height });
  }
  window.scrollTo(0, 0);
  return { measured: seen.size, small };
}

describe('tap targets at 360x640, Chinese, signed in as the demo agent', () => {
  it('every interactive element of every agent route is at least 44x44', async () => {
    const { page, context } = await openPage(e2e.browser, NARROW_PHONE);
    await signInAtNarrowPhone(page, e2e.server.agentLink);

    const found: string[] = [];
    for (const route of AGENT_ROUTES) {
      await goToRoute(page, route);
      await screenshot(page, `tap-targets-${slugOf(route)}`);
      const { measured, small } = await page.evaluate(smallTargets, MIN_TARGET);
      // Every route has its bar's buttons at least: none measured would mean the page was not there.
      expect(measured, route).toBeGreaterThan(1);
      for (const t of small) found.push(`${route}: ${t.what} ${t.width}x${t.height}`);
    }

    // The header's dropdowns on a phone, open one at a time (the page under them is hidden from the measure).
    for (const [route, opener] of HEADER_MENUS) {
      await page.evaluate((href) => {
        window.location.hash = `#${href}`;
      }, route);
      await page.getByTestId(opener).first().click();
      const popup = page.locator('[data-popover]').first();
      await popup.waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `tap-targets-menu-${opener}`);
      const { measured, small } = await page.evaluate(smallTargets, MIN_TARGET);
      expect(measured, opener).toBeGreaterThan(0);
      for (const t of small) found.push(`${route} (${opener} open): ${t.what} ${t.width}x${t.height}`);
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
    }
    await context.close();
    expect(found, `${found.length} targets below ${MIN_TARGET}x${MIN_TARGET}:\n${found.join('\n')}`).toEqual(
      [],
    );
  });
});
