// Lighthouse's mobile performance score (its default: a Moto G Power on slow 4G, simulated throttling) on Debian's
// Chromium, driven over the debugging port of the browser the web measure already signed in with: /agent/Main keeps
// the profile's storage (the session) but starts from an empty HTTP cache; the login page then runs as Lighthouse
// always does, storage cleared (so signed out). Each page runs `runs` times; the median score counts.
import fs from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type { BrowserContext } from 'playwright-core';

export interface LighthousePage {
  name: string;
  url: string;
  /** Performance scores of each run, 0-100. */
  scores: number[];
  median: number | null;
  /** The median run's metrics, milliseconds (CLS unitless). */
  metrics: Record<string, number>;
  /** What Lighthouse says to fix in the median run (opportunities and diagnostics that failed), by title. */
  advice: string[];
  errors: string[];
}

export interface LighthouseFigures {
  chromium: string;
  pages: LighthousePage[];
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
  interactive: 'TTI',
} as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? null) : null;
};

async function runOnce(port: number, url: string, keepStorage: boolean) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error('Lighthouse returned nothing');
  const lhr = result.lhr;
  // BENCH_LIGHTHOUSE_DIR keeps each run's full report (JSON) for a closer look.
  const dir = process.env.BENCH_LIGHTHOUSE_DIR;
  if (dir) {
    await fs.mkdir(dir, { recursive: true });
    const name = new URL(url).hash.replace(/[^a-zA-Z]+/g, '-').replace(/^-|-$/g, '');
    await fs.writeFile(path.join(dir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const score = lhr.categories.performance?.score;
  const metrics: Record<string, number> = {};
  for (const [id, label] of Object.entries(METRICS)) {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value === 'number')
      metrics[label] = Math.round(id === 'cumulative-layout-shift' ? value * 1000 : value);
  }
  const advice = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        (a.details?.type === 'opportunity' || a.details?.type === 'table') &&
        !Object.keys(METRICS).includes(a.id),
    )
    .map((a) => a.title);
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : null,
    metrics,
    advice,
    warnings: lhr.runWarnings,
    chromium: lhr.environment.hostUserAgent,
  };
}

export async function measureLighthouse(options: {
  context: BrowserContext;
  port: number;
  origin: string;
  runs: number;
}): Promise<LighthouseFigures> {
  const pages: LighthousePage[] = [];
  let chromium = '';
  const plan = [
    { name: '/agent/Main (signed in)', url: `${options.origin}/#/agent/Main`, keepStorage: true },
    { name: 'login page', url: `${options.origin}/#/session/login`, keepStorage: false },
  ];
  for (const item of plan) {
    const page: LighthousePage = {
      name: item.name,
      url: item.url,
      scores: [],
      median: null,
      metrics: {},
      advice: [],
      errors: [],
    };
    const runs: Awaited<ReturnType<typeof runOnce>>[] = [];
    for (let i = 0; i < options.runs; i++) {
      try {
        if (item.keepStorage) {
          // The session stays, the cache goes: the scripts come over the wire as on a first visit.
          const tab = options.context.pages()[0] ?? (await options.context.newPage());
          const cdp = await options.context.newCDPSession(tab);
          await cdp.send('Network.clearBrowserCache');
          await cdp.detach();
        }
        const run = await runOnce(options.port, item.url, item.keepStorage);
        chromium = run.chromium;
        if (run.score === null) page.errors.push(`no score: ${run.warnings.join('; ').slice(0, 200)}`);
        else runs.push(run);
      } catch (error) {
        page.errors.push((error as Error).message.slice(0, 300));
      }
    }
    page.scores = runs.map((r) => r.score ?? 0);
    page.median = median(page.scores);
    const mid = runs.find((r) => r.score === page.median);
    if (mid) {
      page.metrics = mid.metrics;
      page.advice = mid.advice;
    }
    pages.push(page);
  }
  return { chromium, pages };
}

/** One line for the report: each page's median score, its runs and the median run's main metrics. */
export function lighthouseSummary(figures: LighthouseFigures): string {
  return figures.pages
    .map((p) => {
      if (p.median === null) return `${p.name}: not measured (${p.errors[0] ?? 'no run'})`;
      const m = p.metrics;
      return `${p.name} ${p.median} (runs ${p.scores.join(', ')}; FCP ${m.FCP} ms, LCP ${m.LCP} ms, TBT ${m.TBT} ms, SI ${m.SI} ms, CLS ${(m.CLS ?? 0) / 1000})`;
    })
    .join('; ');
}
