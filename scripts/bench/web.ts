// The web's weight as a phone gets it: Debian's Chromium (never a downloaded browser), emulating a phone's screen and
// touch, opens the game's login link and follows the app to /agent/Main; every script it loaded is summed as built,
// as it crossed the wire (with the encodings Chromium asks for) and gzipped (-9, each file: the goal's measure).
// Then each script's headers: served precompressed in brotli and in gzip, cached as immutable. Then Lighthouse on
// /agent/Main (the session kept) and on the login page, over the same browser's debugging port (web-lighthouse.ts).
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { freeLoopbackPort } from '../../apps/server/src/db/embedded';
import { request } from './http';
import type { WebFigures } from './report';
import { lighthouseSummary, measureLighthouse } from './web-lighthouse';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function measureWeb(options: {
  agentLink: string;
  distDir: string;
  screenshot: string;
  /** Lighthouse runs per page (the median counts), 3 by default; 0 skips Lighthouse. */
  lighthouseRuns?: number;
}): Promise<WebFigures> {
  // A profile of its own, the default context, so that Lighthouse over the debugging port sees the signed-in session.
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-bench-web-'));
  const debuggingPort = await freeLoopbackPort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${debuggingPort}`,
      '--remote-debugging-address=127.0.0.1',
    ],
    // A phone, as the game's web view is: its screen, and a touch screen that cannot hover (a desktop-sized
    // viewport alone would still report a mouse, and a mouse's hover hints would be fetched).
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const problems: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text().slice(0, 200)}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message.slice(0, 200)}`));
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto(options.agentLink);
    let reachedMain = true;
    await page.waitForURL(/#\/agent\/Main/, { timeout: 60_000 }).catch(() => (reachedMain = false));
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // What the first screen asks for after it settles (a lazy widget) counts too.
    await page.waitForTimeout(1_000);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await fs.mkdir(path.dirname(options.screenshot), { recursive: true });
    await page.screenshot({ path: options.screenshot });

    const files: WebFigures['files'] = [];
    let otherWireBytes = 0;
    for (const response of responses) {
      const url = new URL(response.url());
      const sizes = await response.request().sizes();
      const wireBytes = sizes.responseBodySize;
      const type = response.headers()['content-type'] ?? '';
      const isScript = url.pathname.endsWith('.js') || /javascript/.test(type);
      if (!isScript || url.origin !== new URL(options.agentLink).origin) {
        otherWireBytes += wireBytes;
        continue;
      }
      const file = path.join(options.distDir, decodeURIComponent(url.pathname));
      const built = existsSync(file) ? readFileSync(file) : Buffer.from(await response.body());
      files.push({
        path: url.pathname,
        bytes: built.length,
        wireBytes,
        encoding: response.headers()['content-encoding'] ?? 'identity',
        gzipBytes: zlib.gzipSync(built, { level: 9 }).length,
      });
    }

    const origin = new URL(options.agentLink).origin;
    const headers: WebFigures['headers'] = [];
    for (const f of files) {
      const br = await request(`${origin}${f.path}`, { headers: { 'accept-encoding': 'br' } });
      const gz = await request(`${origin}${f.path}`, { headers: { 'accept-encoding': 'gzip' } });
      headers.push({
        file: f.path,
        br: br.headers['content-encoding'] === 'br',
        gzip: gz.headers['content-encoding'] === 'gzip',
        immutable: /immutable/.test(String(br.headers['cache-control'] ?? '')),
      });
    }
    const throttled = reachedMain ? await measureThrottledMain(context, origin) : null;
    const firstVisit = reachedMain ? await measureFirstVisit(context, origin) : null;
    const runs = options.lighthouseRuns ?? 3;
    let lighthouse = lighthouseState();
    let lighthouseFigures: WebFigures['lighthouseFigures'] = null;
    if (runs > 0 && existsSync(path.resolve('node_modules/lighthouse'))) {
      try {
        lighthouseFigures = await measureLighthouse({ context, port: debuggingPort, origin, runs });
        lighthouse = lighthouseSummary(lighthouseFigures);
      } catch (error) {
        lighthouse = `failed: ${(error as Error).message.slice(0, 300)}`;
      }
    }
    const sum = (pick: (f: WebFigures['files'][number]) => number) => files.reduce((s, f) => s + pick(f), 0);
    return {
      files,
      jsBytes: sum((f) => f.bytes),
      jsWireBytes: sum((f) => f.wireBytes),
      jsGzipBytes: sum((f) => f.gzipBytes),
      otherWireBytes,
      reachedMain,
      headers,
      lighthouse,
      lighthouseFigures,
      throttled,
      firstVisit,
      problems,
    };
  } finally {
    await context.close();
    await fs.rm(profile, { recursive: true, force: true });
  }
}

/** Lighthouse (a devDependency; it drives the Chromium above, it never downloads one) is skipped when missing. */
export function lighthouseState(): string {
  return existsSync(path.resolve('node_modules/lighthouse'))
    ? 'not run (a quick run, or BENCH_LIGHTHOUSE_RUNS=0)'
    : 'not measured (node_modules/lighthouse missing: run npm install)';
}

/** The throttled phone: Lighthouse's mobile profile, applied to the real browser (Chrome DevTools Protocol). */
const THROTTLED = {
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
  cpuRate: 4,
};

/**
 * The first paint goal, "content shown within 3 s on /agent/Main" on a throttled phone (decision 027): the signed-in agent opens /agent/Main again
 * with its storage kept, the HTTP cache disabled, 150 ms, 1.6 Mbps and a 4x slower CPU applied to the real browser.
 * Measured by the browser itself, from the navigation's start: its first contentful paint, when the agent's figures
 * were first on screen (the first paint's drawing, or the app's cards), and when the app's own page was up. Three
 * runs, the median of each.
 */
async function measureThrottledMain(
  context: BrowserContext,
  origin: string,
): Promise<WebFigures['throttled']> {
  const runs: { fcp: number; figures: number; app: number }[] = [];
  for (let i = 0; i < 3; i++) {
    runs.push(
      await onThrottledPage(
        context,
        async (page) => {
          await page.addInitScript(() => {
            const marks = { figures: 0, app: 0 };
            (window as unknown as { __firstPaint: typeof marks }).__firstPaint = marks;
            new MutationObserver(() => {
              const now = performance.now();
              if (
                !marks.figures &&
                document.querySelector('[data-boot-figure], [data-testid="main-balance"]')
              )
                requestAnimationFrame(() => (marks.figures = marks.figures || now));
              if (!marks.app && document.querySelector('[data-testid="page-agent-main"]'))
                requestAnimationFrame(() => (marks.app = marks.app || now));
            }).observe(document, { childList: true, subtree: true });
          });
        },
        async (page) => {
          await page.goto(`${origin}/#/agent/Main`, { waitUntil: 'commit' });
          await page.getByTestId('page-agent-main').waitFor({ timeout: 120_000 });
          await page.waitForTimeout(500);
          const marks = await page.evaluate(
            () => (window as unknown as { __firstPaint: { figures: number; app: number } }).__firstPaint,
          );
          return { fcp: await firstContentfulPaint(page), figures: marks.figures, app: marks.app };
        },
      ),
    );
  }
  const median = (pick: (r: (typeof runs)[number]) => number) => medianOf(runs.map(pick));
  return {
    profile: '150 ms, 1.6 Mbps down, 750 kbps up, 4x CPU, HTTP cache disabled, storage kept',
    runs,
    fcpMs: median((r) => r.fcp),
    figuresMs: median((r) => r.figures),
    appMs: median((r) => r.app),
  };
}

/** The middle value of a few runs (the lower middle of an even count). */
function medianOf(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/** The throttled phone's conditions on a page of `context`, for what `run` measures there. */
async function onThrottledPage<T>(
  context: BrowserContext,
  prepare: (page: Page) => Promise<void>,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLED.latency,
      downloadThroughput: THROTTLED.downloadThroughput,
      uploadThroughput: THROTTLED.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED.cpuRate });
    await prepare(page);
    return await run(page);
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}

const firstContentfulPaint = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);

/**
 * Issue 29's first visit on the throttled phone, in the real browser: the login page opened by someone who never came
 * (a profile of its own: no storage, no cache), its first contentful paint; and /agent/Main opened by the signed-in
 * agent without the kept figures and answers (the boot shell's snapshot and the query cache removed before the page's
 * scripts run, the session kept), when its figures are on screen. Three runs each, the medians.
 */
async function measureFirstVisit(context: BrowserContext, origin: string): Promise<WebFigures['firstVisit']> {
  const runs: { loginFcp: number; mainFcp: number; mainContent: number }[] = [];
  const freshProfile = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-bench-first-visit-'));
  const fresh = await chromium.launchPersistentContext(freshProfile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    for (let i = 0; i < 3; i++) {
      const loginFcp = await onThrottledPage(
        fresh,
        async () => undefined,
        async (page) => {
          await page.goto(`${origin}/#/session/login`, { waitUntil: 'commit' });
          await page.getByTestId('page-login').waitFor({ timeout: 120_000 });
          return firstContentfulPaint(page);
        },
      );
      const main = await onThrottledPage(
        context,
        async (page) => {
          await page.addInitScript(() => {
            window.localStorage.removeItem('promoter.bootShell');
            window.localStorage.removeItem('promoter.queryCache');
            const marks = { content: 0 };
            (window as unknown as { __firstVisit: typeof marks }).__firstVisit = marks;
            new MutationObserver(() => {
              const now = performance.now();
              // The figure itself, not its skeleton.
              const balance = document.querySelector('[data-testid="main-balance"]');
              if (!marks.content && /\d/.test(balance?.textContent ?? ''))
                requestAnimationFrame(() => (marks.content = marks.content || now));
            }).observe(document, { childList: true, subtree: true, characterData: true });
          });
        },
        async (page) => {
          await page.goto(`${origin}/#/agent/Main`, { waitUntil: 'commit' });
          await page.getByTestId('main-balance').filter({ hasText: /\d/ }).waitFor({ timeout: 120_000 });
          await page.waitForTimeout(500);
          const content = await page.evaluate(
            () => (window as unknown as { __firstVisit: { content: number } }).__firstVisit.content,
          );
          return { fcp: await firstContentfulPaint(page), content };
        },
      );
      runs.push({ loginFcp, mainFcp: main.fcp, mainContent: main.content });
    }
  } finally {
    await fresh.close();
    await fs.rm(freshProfile, { recursive: true, force: true });
  }
  const median = (pick: (r: (typeof runs)[number]) => number) => medianOf(runs.map(pick));
  return {
    profile: '150 ms, 1.6 Mbps down, 750 kbps up, 4x CPU, HTTP cache disabled, no kept figures',
    runs,
    loginFcpMs: median((r) => r.loginFcp),
    mainFcpMs: median((r) => r.mainFcp),
    mainContentMs: median((r) => r.mainContent),
  };
}
