// Figures of repeated runs (median and spread), the speed goals judged on them, and the report: one line per
// goal on the console, artifacts/bench.json, the results section of docs/BENCHMARKS.md.
import type { CpuUse } from './processes';
import type { LighthouseFigures } from './web-lighthouse';

/** One run of one side (the product or a ceiling) of a measure. */
export interface Run {
  /** Requests (or pgbench transactions) per second. */
  rate: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Requests that failed: transport errors, timeouts, non-2xx answers, refusals (envelope code other than 1). */
  failures: number;
  cpu: CpuUse;
  detail?: unknown;
}

export interface Side {
  name: string;
  /** What the side is: the product over HTTP, pgbench on its SQL, a bare server, a bare webhook sender. */
  kind: 'product' | 'pgbench' | 'bare-fastify' | 'bare-static' | 'bare-post';
  connections: number;
  warmup?: Run;
  runs: Run[];
  /** Why this side could not be measured (it is then left out of every ratio). */
  error?: string;
}

export interface Measure {
  id: string;
  title: string;
  product: Side;
  ceilings: Side[];
  /** The answer of one request: its JSON and what crossed the wire (compressed as a browser asks). */
  answer?: { bytes: number; wireBytes: number; encoding: string };
  notes: string[];
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function spread(values: number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * Product over ceiling, run by run: the two were run back to back (in turn, the order alternating), so each pair
 * saw about the same machine; the median of the pairs' ratios is the ratio.
 */
export function pairedRatio(product: Side, ceiling: Side): Spread {
  const n = Math.min(product.runs.length, ceiling.runs.length);
  const ratios = Array.from(
    { length: n },
    (_, i) => (product.runs[i] as Run).rate / Math.max(1e-9, (ceiling.runs[i] as Run).rate),
  );
  return spread(ratios);
}

export const failuresOf = (side: Side) => side.runs.reduce((sum, r) => sum + r.failures, 0);

export interface Goal {
  id: string;
  text: string;
  /** The figure judged, in the goal's unit. */
  value: number | null;
  target: number;
  /** at least (ratios) or at most (latency, size, time). */
  direction: 'atLeast' | 'atMost';
  unit: string;
  /** null: not measured (the reason in `figure`). */
  met: boolean | null;
  /** The figure as printed: the ratio or the amount, with its spread. */
  figure: string;
  /** How the goal reads when "<= 0" would not say it (a yes/no goal). */
  expect?: string;
}

export function goal(
  g: Omit<Goal, 'met' | 'figure'> & { figure?: string; failures?: number; reason?: string },
): Goal {
  const { failures = 0, reason, ...rest } = g;
  if (rest.value === null || !Number.isFinite(rest.value)) {
    return { ...rest, value: null, met: null, figure: reason ?? 'not measured' };
  }
  const ok = rest.direction === 'atLeast' ? rest.value >= rest.target : rest.value <= rest.target;
  const figure = `${rest.figure ?? `${round(rest.value)} ${rest.unit}`.trim()}${failures ? `, ${failures} failed requests` : ''}`;
  return { ...rest, met: ok && failures === 0, figure };
}

export function round(value: number, digits?: number): string {
  if (!Number.isFinite(value)) return '-';
  const d = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3);
  return value.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d });
}

export function goalLine(g: Goal): string {
  const state = g.met === null ? 'not measured' : g.met ? 'met' : 'NOT MET';
  const sign = g.direction === 'atLeast' ? '>=' : '<=';
  const expected = g.expect ?? `${sign} ${g.target}${g.unit ? ` ${g.unit}` : ''}`;
  return `${state.padEnd(12)} ${g.text} (${expected}): ${g.figure}`;
}

const kb = (bytes: number) => `${round(bytes / 1024, 1)} KB`;

/** "1,234 (1,100-1,300)": a median with its range. */
const withRange = (s: Spread, digits?: number) =>
  `${round(s.median, digits)} (${round(s.min, digits)}-${round(s.max, digits)})`;

function sideCell(side: Side): string {
  const rate = spread(side.runs.map((r) => r.rate));
  const unit = side.kind === 'pgbench' ? 'tps' : 'req/s';
  return `${side.name}: ${withRange(rate, 0)} ${unit}`;
}

function latencyCell(side: Side): string {
  const p50 = median(side.runs.map((r) => r.p50));
  const p99 = spread(side.runs.map((r) => r.p99));
  return `${round(p50)} / ${round(p99.median)} (${round(p99.min)}-${round(p99.max)})`;
}

export interface ReportInput {
  date: string;
  quick: boolean;
  seconds: number;
  timings: Record<string, number>;
  machine: Record<string, unknown>;
  postgres: { kind: string; version: string; address: string; settings: Record<string, string> };
  settings: Record<string, string | number>;
  measures: Measure[];
  goals: Goal[];
  web: WebFigures | null;
  startup: StartupFigures | null;
  invariants: string;
  serverMemory: { scenario: string; rssMb: number; peakMb: number }[];
  notes: string[];
}

export interface WebFigures {
  /** JavaScript from the game link until /agent/Main is idle: files, bytes on the wire, gzip -9 of each. */
  files: { path: string; bytes: number; wireBytes: number; encoding: string; gzipBytes: number }[];
  jsBytes: number;
  jsWireBytes: number;
  jsGzipBytes: number;
  otherWireBytes: number;
  reachedMain: boolean;
  headers: { file: string; br: boolean; gzip: boolean; immutable: boolean }[];
  lighthouse: string;
  /** Lighthouse's scores per page (scripts/bench/web-lighthouse.ts), null when not run. */
  lighthouseFigures: LighthouseFigures | null;
  /** /agent/Main reopened on a throttled profile in the real browser (decision 027), null when not measured. */
  throttled: {
    profile: string;
    runs: { fcp: number; figures: number; app: number }[];
    fcpMs: number;
    figuresMs: number;
    appMs: number;
  } | null;
  /** Issue 29's first visit on the same profile: the login page's first paint, /agent/Main's figures without the kept ones. */
  firstVisit: {
    profile: string;
    runs: { loginFcp: number; mainFcp: number; mainContent: number }[];
    loginFcpMs: number;
    mainFcpMs: number;
    mainContentMs: number;
  } | null;
  problems: string[];
}

export interface StartupFigures {
  npmStartMs: number[];
  serverAloneMs: number[];
  notes: string[];
}

/** Other processes' share of the machine during the runs (median over every run of every side), percent. */
export function noise(measures: Measure[]): number {
  const shares = measures.flatMap((m) =>
    [m.product, ...m.ceilings].flatMap((s) =>
      s.runs.map((r) => (100 * r.cpu.others) / Math.max(1e-9, r.cpu.machineTotal)),
    ),
  );
  return median(shares);
}

/** The results section of docs/BENCHMARKS.md. */
export function markdown(input: ReportInput): string {
  const lines: string[] = [];
  const mode = input.quick ? 'BENCH_QUICK=1 (the small version: fewer rows, shorter runs)' : 'full';
  lines.push(
    `Run of ${input.date}, ${mode}, ${round(input.seconds / 60, 1)} minutes (${Object.entries(input.timings)
      .map(([k, v]) => `${k} ${round(v, 0)} s`)
      .join(', ')}).`,
    '',
  );
  const others = noise(input.measures);
  if (others > 20)
    lines.push(
      `**Other work used ${round(others, 0)} % of the machine during the runs (median): rates, ratios and latencies are skewed by it (a request of many round trips waits for the CPU at each); the CPU per request holds better.**`,
      '',
    );
  const m = input.machine;
  lines.push(
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average at the start ${(m.loadAverage as number[]).join(' / ')}.`,
    `- PostgreSQL (${input.postgres.kind}, ${input.postgres.address}): ${input.postgres.version}.`,
    `- Its settings: ${Object.entries(input.postgres.settings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    `- Settings used: ${Object.entries(input.settings)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}.`,
    '',
  );
  lines.push(
    '| measure | connections | product (median, range) | p50 / p99 ms (p99 range) | ceiling (median, range) | ratio (median of pairs, range) |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const measure of input.measures) {
    const first = measure.ceilings[0];
    const rows = first ? measure.ceilings : [null];
    for (const ceiling of rows) {
      const ratio = ceiling ? pairedRatio(measure.product, ceiling) : null;
      const failures = failuresOf(measure.product);
      lines.push(
        `| ${measure.title}${failures ? ` (${failures} failed)` : ''} | ${measure.product.connections} | ${withRange(spread(measure.product.runs.map((r) => r.rate)), 0)} req/s | ${latencyCell(measure.product)} | ${ceiling ? sideCell(ceiling) : '-'} | ${ratio ? withRange(ratio, 3) : '-'} |`,
      );
    }
  }
  lines.push('');
  lines.push('Goals:', '');
  for (const g of input.goals) lines.push(`- ${goalLine(g).replace(/^(\S+(?: \S+)?)\s+/, '**$1** ')}`);
  lines.push('', `Ledger after the money scenarios: ${input.invariants}`, '');

  const sized = input.measures.filter((x) => x.answer);
  if (sized.length) {
    lines.push(
      'Answer sizes (decoded, and on the wire as a browser asks: `accept-encoding: gzip, deflate, br`):',
      '',
    );
    for (const x of sized)
      lines.push(
        `- ${x.title}: ${kb(x.answer?.bytes ?? 0)} decoded, ${kb(x.answer?.wireBytes ?? 0)} on the wire (${x.answer?.encoding || 'identity'})`,
      );
    lines.push('');
  }

  if (input.web) {
    const w = input.web;
    lines.push(
      `Web, the game link to /agent/Main${w.reachedMain ? '' : ' (Main NOT reached)'}: ${w.files.length} JavaScript files, ${kb(w.jsBytes)} as built, ${kb(w.jsWireBytes)} on the wire (as Chromium asked), ${kb(w.jsGzipBytes)} gzipped (-9, each file); other files ${kb(w.otherWireBytes)} on the wire.`,
      '',
      `Static files: ${w.headers.filter((h) => h.br && h.gzip).length} of ${w.headers.length} scripts served precompressed in brotli and gzip, ${w.headers.filter((h) => h.immutable).length} with immutable caching. Lighthouse: ${w.lighthouse}.`,
      w.throttled
        ? `/agent/Main reopened by the signed-in agent on a throttled phone (${w.throttled.profile}), medians of ${w.throttled.runs.length} runs: first contentful paint ${Math.round(w.throttled.fcpMs)} ms, the agent's figures on screen ${Math.round(w.throttled.figuresMs)} ms, the app's own page ${Math.round(w.throttled.appMs)} ms.`
        : '/agent/Main on a throttled phone: not measured.',
      w.firstVisit
        ? `A first visit on the same phone (${w.firstVisit.profile}), medians of ${w.firstVisit.runs.length} runs: the login page's first contentful paint ${Math.round(w.firstVisit.loginFcpMs)} ms; /agent/Main's first contentful paint ${Math.round(w.firstVisit.mainFcpMs)} ms, its figures on screen ${Math.round(w.firstVisit.mainContentMs)} ms.`
        : 'A first visit on a throttled phone: not measured.',
      '',
    );
    const heaviest = [...w.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 6);
    lines.push(
      `Heaviest scripts (gzipped): ${heaviest.map((f) => `${f.path.replace(/^.*\//, '')} ${kb(f.gzipBytes)}`).join(', ')}.`,
      '',
    );
    if (w.problems.length) lines.push(`Browser problems seen: ${w.problems.slice(0, 5).join('; ')}`, '');
  }
  if (input.startup) {
    const s = input.startup;
    lines.push(
      `Start: \`npm start\` (scripts/start.mjs, a fresh DATA_DIR, the build present) serving after ${s.npmStartMs.map((v) => `${round(v / 1000, 2)} s`).join(', ')}; the server alone (node apps/server/dist/main.js on that data dir) after ${s.serverAloneMs.map((v) => `${round(v / 1000, 2)} s`).join(', ')}.${s.notes.length ? ` ${s.notes.join(' ')}` : ''}`,
      '',
    );
  }

  lines.push(
    'Where the time goes: CPU per request (ms), medians over the runs; `others` is the busy time of every other process of the machine during the run (other work: noise).',
    '',
    '| measure | side | server | PostgreSQL | load generator / pgbench | others (machine busy) |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  const perRequest = (runs: Run[], pick: (c: CpuUse) => number | null) =>
    median(
      runs.map((r) => {
        const v = pick(r.cpu);
        return v === null ? NaN : (v * 1000) / Math.max(1, r.requests);
      }),
    );
  for (const measure of input.measures) {
    for (const side of [measure.product, ...measure.ceilings]) {
      const busy = median(
        side.runs.map((r) => (100 * r.cpu.machineBusy) / Math.max(1e-9, r.cpu.machineTotal)),
      );
      const others = median(side.runs.map((r) => (100 * r.cpu.others) / Math.max(1e-9, r.cpu.machineTotal)));
      const server =
        side.kind === 'pgbench'
          ? NaN
          : perRequest(side.runs, (c) => (side.kind === 'product' ? c.server : c.ceiling));
      const postgres =
        side.kind === 'product' || side.kind === 'pgbench' ? perRequest(side.runs, (c) => c.postgres) : NaN;
      const loader = perRequest(side.runs, (c) => (side.kind === 'pgbench' ? c.ceiling : c.loader));
      lines.push(
        `| ${measure.title} | ${side.name} | ${round(server)} | ${round(postgres)} | ${round(loader)} | ${round(others, 0)} % (${round(busy, 0)} %) |`,
      );
    }
  }
  lines.push('');
  if (input.serverMemory.length)
    lines.push(
      `Server memory (resident, MB, after each scenario / peak so far): ${input.serverMemory.map((s) => `${s.scenario} ${s.rssMb} / ${s.peakMb}`).join(', ')}.`,
      '',
    );
  for (const note of input.notes) lines.push(`- ${note}`);
  if (input.notes.length) lines.push('');
  lines.push('![Ratios and goals](bench-ratios.svg)');
  return lines.join('\n');
}

/** The one table of bench.json: each measure's product figure, each ceiling and the ratio (median and range). */
export interface TableRow {
  measure: string;
  connections: number;
  productRate: Spread;
  p50: number;
  p99: Spread;
  failures: number;
  ceiling: string | null;
  ceilingRate: Spread | null;
  ratio: Spread | null;
}

export function summaryTable(measures: Measure[]): TableRow[] {
  return measures.flatMap((m): TableRow[] => {
    const product = {
      measure: m.title,
      connections: m.product.connections,
      productRate: spread(m.product.runs.map((r) => r.rate)),
      p50: median(m.product.runs.map((r) => r.p50)),
      p99: spread(m.product.runs.map((r) => r.p99)),
      failures: failuresOf(m.product),
    };
    if (m.ceilings.length === 0) return [{ ...product, ceiling: null, ceilingRate: null, ratio: null }];
    return m.ceilings.map((c) => ({
      ...product,
      ceiling: c.name,
      ceilingRate: spread(c.runs.map((r) => r.rate)),
      ratio: pairedRatio(m.product, c),
    }));
  });
}

export const RESULTS_START = '<!-- bench:results:start (written by npm run bench) -->';
export const RESULTS_END = '<!-- bench:results:end -->';

/** The document with its results section replaced (or added at the end). */
export function withResults(document: string, results: string): string {
  const block = `${RESULTS_START}\n${results}\n${RESULTS_END}`;
  const start = document.indexOf(RESULTS_START);
  const end = document.indexOf(RESULTS_END);
  if (start >= 0 && end > start)
    return document.slice(0, start) + block + document.slice(end + RESULTS_END.length);
  return `${document.trimEnd()}\n\n## Results\n\n${block}\n`;
}
