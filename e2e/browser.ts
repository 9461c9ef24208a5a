import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

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

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far: a test fails on any. */
  problems: string[];
}

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { userAgent?: string } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', deviceScaleFactor: 1, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(ARTIFACTS, `${name}.png`);
  // Transitions (a dialog fading in, a ripple) are finished before the picture is taken.
  await page.screenshot({ path: file, fullPage: false, animations: 'disabled' });
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
