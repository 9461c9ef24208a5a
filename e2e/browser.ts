import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, type StartOptions, startServer } from './server';

export const ARTIFACTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'artifacts',
  'screenshots',
);
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Debian's Chromium, never a downloaded browser. */
export async function launch(): Promise<Browser> {
  await fs.mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface ServerAndBrowser {
  server: RunningServer;
  browser: Browser;
}

/**
 * A test file's server and browser: started before its tests (the server first), closed after them. Read both
 * through the object it returns, once the tests run.
 */
export function useServerAndBrowser(options?: StartOptions): ServerAndBrowser {
  const running = {} as ServerAndBrowser;
  beforeAll(async () => {
    running.server = await startServer(options);
    running.browser = await launch();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /**
   * What went wrong in this page so far: console errors and warnings, page errors, failed requests, answers of
   * 500 and above. The harness fails the test on any of them after it ends (`failOnProblems`); a test reads them
   * only to assert one it caused on purpose, which it then `allow`s.
   */
  problems: string[];
  /** Accepts the problems matching `pattern` in this page: for a test that causes one on purpose. */
  allow: (pattern: RegExp) => void;
}

interface Watched {
  page: Page;
  problems: string[];
  allowed: RegExp[];
  closed: boolean;
}

/** Every open page, and the closed ones not checked since. */
const watched = new Set<Watched>();

/**
 * Requests the browser gives up by design, not failures: a navigation (page.goto, the app leaving for a
 * checkout or WeChat, a closing context) cancels what was still loading with net::ERR_ABORTED.
 */
const ABORTED = 'net::ERR_ABORTED';

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { userAgent?: string } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', deviceScaleFactor: 1, ...options });
  const page = await context.newPage();
  const entry: Watched = { page, problems: [], allowed: [], closed: false };
  watched.add(entry);
  context.on('close', () => (entry.closed = true));
  const { problems } = entry;
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const where = message.location().url ? ` (${message.location().url})` : '';
      problems.push(`console ${message.type()}: ${message.text()}${where}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason === ABORTED) return;
    problems.push(`request failed: ${request.method()} ${request.url()}: ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500)
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { context, page, problems, allow: (pattern) => entry.allowed.push(pattern) };
}

/** Problems of every page since the last call, less the allowed ones; the pages' records are emptied. */
export function takePageProblems(): string[] {
  const found: string[] = [];
  for (const entry of watched) {
    found.push(...entry.problems.splice(0).filter((p) => !entry.allowed.some((allowed) => allowed.test(p))));
    if (entry.closed) watched.delete(entry);
  }
  return found;
}

/**
 * What every page still open shows, for the log of a test that failed: its address and its text, and a screenshot
 * beside the others (`failed-<name>-<n>.png`). A CI log then says where a flaky test stood, which a stack does not.
 */
export async function describeOpenPages(name: string): Promise<string[]> {
  const slug = name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
  const described: string[] = [];
  let n = 0;
  for (const { page, closed } of watched) {
    if (closed || page.isClosed()) continue;
    n += 1;
    try {
      // A page stuck in a script answers neither: five seconds each, then the error says so.
      const innerText = page.evaluate(() => document.body.innerText);
      innerText.catch(() => undefined); // answered after the time-out: nobody waits for it any more
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no answer in 5 s')), 5_000).unref(),
      );
      const text = (await Promise.race([innerText, timeout])).replace(/\s+/g, ' ').slice(0, 1500);
      const file = await screenshot(page, `failed-${slug}-${n}`, 5_000);
      described.push(`page ${n}: ${page.url()}\n  screenshot: ${file}\n  text: ${text}`);
    } catch (error) {
      described.push(`page ${n}: ${page.url()} (not described: ${String(error)})`);
    }
  }
  return described;
}

export async function screenshot(page: Page, name: string, timeout?: number): Promise<string> {
  const file = path.join(ARTIFACTS, `${name}.png`);
  // Transitions (a dialog fading in, a ripple) are finished before the picture is taken.
  await page.screenshot({ path: file, fullPage: false, animations: 'disabled', timeout });
  return file;
}

/** The session token the app stored after signing in. */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('promoter.token'));
  if (!raw) throw new Error('no session token stored');
  return JSON.parse(raw) as string;
}

/** A figure as shown (the first element with this test id), without group separators or spaces. */
export async function figureOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().innerText()).replace(/[,\s]/g, '');
}

/** Keeps theme options (language, dark mode...) in the page's storage as the customizer would, then reloads. */
export async function keepThemeOptions(page: Page, options: Record<string, unknown>): Promise<void> {
  await page.evaluate((changes) => {
    const kept = JSON.parse(localStorage.getItem('promoter.themeOptions') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('promoter.themeOptions', JSON.stringify({ ...kept, ...changes }));
  }, options);
  await page.reload();
}
