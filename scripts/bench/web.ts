// The web's weight as a phone gets it: Debian's Chromium (never a downloaded browser) opens the game's login link
// and follows the app to /agent/Main; every script it loaded is summed as built, as it crossed the wire (with the
// encodings Chromium asks for) and gzipped (-9, each file: the goal's measure). Then each script's headers: served
// precompressed in brotli and in gzip, cached as immutable. Then Lighthouse on /agent/Main (the session kept) and on
// the login page, over the same browser's debugging port (web-lighthouse.ts).
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
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
  /**
   * Lighthouse runs per page (the median counts); 0 skips Lighthouse. By default BENCH_LIGHTHOUSE_RUNS, else 3, or 0
   * in a quick run (its two minutes have no room for it).
   */
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
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
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
    const runs =
      options.lighthouseRuns ??
      Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (process.env.BENCH_QUICK ? 1 : 3));
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
