// The speed goals (docs/BENCHMARKS.md), judged on one run's figures: each a line that says met, NOT MET or not measured, with the
// figure (ratios with their range, p99 with its range and the p50, sizes, seconds).
import {
  failuresOf,
  type Goal,
  goal,
  type Measure,
  median,
  pairedRatio,
  round,
  type Side,
  spread,
  type StartupFigures,
  type WebFigures,
} from './report';

/** Judges every goal; a measure that did not run leaves its goals "not measured". */
export function judge(
  measures: Measure[],
  invariants: string,
  web: WebFigures | null,
  startup: StartupFigures | null,
  entries: number,
): Goal[] {
  const goals: Goal[] = [];
  const byId = (id: string) => measures.find((m) => m.id === id);
  const ratioGoal = (id: string, kind: Side['kind'], text: string, target: number) => {
    const m = byId(id);
    const ceiling = m?.ceilings.find((s) => s.kind === kind);
    if (!m || !ceiling) {
      goals.push(
        goal({
          id: `${id}/${kind}`,
          text,
          value: null,
          target,
          direction: 'atLeast',
          unit: '',
          reason: 'not measured (no ceiling)',
        }),
      );
      return;
    }
    const r = pairedRatio(m.product, ceiling);
    goals.push(
      goal({
        id: `${id}/${kind}`,
        text,
        value: r.median,
        target,
        direction: 'atLeast',
        unit: '',
        figure: `${round(r.median, 3)} (${round(r.min, 3)}-${round(r.max, 3)}): ${round(median(m.product.runs.map((x) => x.rate)), 0)} req/s vs ${round(median(ceiling.runs.map((x) => x.rate)), 0)}`,
        failures: failuresOf(m.product),
      }),
    );
  };
  /**
   * A p99 goal; with a ceiling, that ceiling's own latency at the same connections beside it: in a closed loop a
   * request's latency is about connections / throughput, so a goal below the ceiling's own p99 cannot be met on this
   * machine however thin the product's path.
   */
  const p99Goal = (id: string, text: string, target: number, ceilingKind?: Side['kind']) => {
    const m = byId(id);
    const p99 = m ? spread(m.product.runs.map((r) => r.p99)) : null;
    const ceiling = m?.ceilings.find((s) => s.kind === ceilingKind && s.runs.length > 0);
    const ceilingLatency = ceiling
      ? `; ${ceiling.name} alone: p99 ${round(median(ceiling.runs.map((r) => r.p99)))} ms, p50 ${round(median(ceiling.runs.map((r) => r.p50)))} ms`
      : '';
    goals.push(
      goal({
        id: `${id}/p99`,
        text,
        value: p99 ? p99.median : null,
        target,
        direction: 'atMost',
        unit: 'ms',
        ...(p99
          ? {
              figure: `p99 ${round(p99.median)} ms (${round(p99.min)}-${round(p99.max)}), p50 ${round(median(m?.product.runs.map((r) => r.p50) ?? []))} ms${ceilingLatency}`,
            }
          : {}),
        failures: m ? failuresOf(m.product) : 0,
      }),
    );
  };
  const sizeGoal = (id: string, text: string) => {
    const m = byId(id);
    goals.push(
      goal({
        id: `${id}/size`,
        text,
        value: m?.answer ? m.answer.bytes / 1024 : null,
        target: 50,
        direction: 'atMost',
        unit: 'KB',
        ...(m?.answer
          ? {
              figure: `${round(m.answer.bytes / 1024, 1)} KB of JSON (${round(m.answer.wireBytes / 1024, 1)} KB on the wire)`,
            }
          : {}),
      }),
    );
  };

  ratioGoal('recharge', 'pgbench', 'recharge: product / pgbench on its statement', 0.8);
  p99Goal('recharge', 'recharge: p99 at 64 connections', 50, 'pgbench');
  goals.push(
    goal({
      id: 'recharge/invariants',
      text: 'recharge: ledger invariant breaks after the run',
      expect: 'none',
      value: invariants.startsWith('0 breaks') ? 0 : invariants === 'not checked' ? null : 1,
      target: 0,
      direction: 'atMost',
      unit: '',
      figure: invariants.startsWith('0 breaks') ? '0' : invariants.slice(0, 120),
    }),
  );
  ratioGoal('getUser', 'pgbench', 'getUser: product / pgbench on its SQL', 0.8);
  ratioGoal('getUser', 'bare-fastify', 'getUser: product / bare Fastify', 0.1);
  p99Goal('getUser', 'getUser: p99 at 100 connections', 20, 'pgbench');
  p99Goal('bill-1', `bill page 1 of ${entries.toLocaleString('en')} entries: p99 at 8 connections`, 15);
  p99Goal('bill-1000', 'bill page 1,000 (by cursor): p99 at 8 connections', 15);
  p99Goal('bill-deep', 'bill deepest page (by cursor): p99 at 8 connections', 15);
  p99Goal('tree', 'downline tree, first screen: p99', 50);
  sizeGoal('tree', 'downline tree, first screen: size');
  p99Goal('children', 'downline children, first page: p99', 50);
  sizeGoal('children', 'downline children, first page: size');
  // The game delivery (decision 040): "a recharge reaches the game well within a second", and the workers keep up
  // with the credit rate the lag is measured at.
  p99Goal('delivery-lag', "game delivery: commit to the game's 2xx at 200 credits/s, p99", 1000);
  const drain = byId('delivery-drain');
  const drained = drain?.product.runs.length ? spread(drain.product.runs.map((r) => r.rate)) : null;
  const bare = drain?.ceilings.find((s) => s.kind === 'bare-post' && s.runs.length > 0);
  const bareFigure =
    drain && bare
      ? `; the bare sender ${round(median(bare.runs.map((r) => r.rate)), 0)}/s, ratio ${round(pairedRatio(drain.product, bare).median, 3)}`
      : '';
  goals.push(
    goal({
      id: 'delivery-drain/rate',
      text: "game delivery: a backlog drained by one server's workers",
      value: drained ? drained.median : null,
      target: 200,
      direction: 'atLeast',
      unit: 'deliveries/s',
      ...(drained
        ? {
            figure: `${round(drained.median, 0)} deliveries/s (${round(drained.min, 0)}-${round(drained.max, 0)})${bareFigure}`,
          }
        : {}),
      failures: drain ? failuresOf(drain.product) : 0,
    }),
  );
  goals.push(
    goal({
      id: 'web/js',
      text: 'web: JavaScript from the game link to /agent/Main, gzipped',
      value: web && web.reachedMain ? web.jsGzipBytes / 1024 : null,
      target: 150,
      direction: 'atMost',
      unit: 'KB',
      ...(web
        ? {
            figure: `${round(web.jsGzipBytes / 1024, 0)} KB gzipped (${round(web.jsWireBytes / 1024, 0)} KB on the wire, ${round(web.jsBytes / 1024, 0)} KB as built, ${web.files.length} files)`,
          }
        : {}),
      reason: web ? '/agent/Main was not reached' : 'not measured',
    }),
  );
  // API answers over 1 KB compressed for a client that asks (the bill page's probe asked as a browser does).
  const apiEncoding = byId('bill-1')?.answer?.encoding;
  goals.push(
    goal({
      id: 'api/compressed',
      text: 'API answers compressed (a bill page, asked as a browser asks)',
      expect: 'br or gzip',
      value: apiEncoding === undefined ? null : apiEncoding === 'br' || apiEncoding === 'gzip' ? 0 : 1,
      target: 0,
      direction: 'atMost',
      unit: '',
      figure: apiEncoding || 'identity',
    }),
  );
  const headersOk = web ? web.headers.filter((h) => h.br && h.gzip && h.immutable).length : 0;
  goals.push(
    goal({
      id: 'web/precompressed',
      text: 'web: every script precompressed (br and gzip) with immutable caching',
      expect: 'all',
      value: web ? web.headers.length - headersOk : null,
      target: 0,
      direction: 'atMost',
      unit: '',
      ...(web ? { figure: `${headersOk} of ${web.headers.length} scripts` } : {}),
    }),
  );
  const lighthouseMedians = web?.lighthouseFigures?.pages.map((p) => p.median) ?? [];
  const lighthouseLow =
    lighthouseMedians.length === 2 && lighthouseMedians.every((m) => m !== null)
      ? Math.min(...(lighthouseMedians as number[]))
      : null;
  goals.push(
    goal({
      id: 'web/lighthouse',
      text: 'Lighthouse mobile performance, login page and /agent/Main (the lower median)',
      value: lighthouseLow,
      target: 95,
      direction: 'atLeast',
      unit: '',
      ...(lighthouseLow !== null ? { figure: web?.lighthouse ?? '' } : {}),
      reason: web?.lighthouse ?? 'not measured',
    }),
  );
  const throttled = web?.throttled ?? null;
  goals.push(
    goal({
      id: 'web/throttled-main',
      text: "first paint: the agent's figures on /agent/Main on a throttled phone (4x CPU, 1.6 Mbps, 150 ms)",
      value: throttled ? throttled.figuresMs / 1000 : null,
      target: 3,
      direction: 'atMost',
      unit: 's',
      ...(throttled
        ? {
            figure: `${(throttled.figuresMs / 1000).toFixed(2)} s (first paint ${(throttled.fcpMs / 1000).toFixed(2)} s, the app's page ${(throttled.appMs / 1000).toFixed(2)} s)`,
          }
        : {}),
    }),
  );
  const firstVisit = web?.firstVisit ?? null;
  goals.push(
    goal({
      id: 'web/first-visit-login',
      text: "first visit: the login page's first contentful paint on the throttled phone",
      value: firstVisit ? firstVisit.loginFcpMs / 1000 : null,
      target: 1.2,
      direction: 'atMost',
      unit: 's',
    }),
    goal({
      id: 'web/first-visit-main',
      text: "first visit: /agent/Main's figures on the throttled phone, nothing kept but the session",
      value: firstVisit ? firstVisit.mainContentMs / 1000 : null,
      target: 2,
      direction: 'atMost',
      unit: 's',
      ...(firstVisit
        ? {
            figure: `${(firstVisit.mainContentMs / 1000).toFixed(2)} s (its first paint ${(firstVisit.mainFcpMs / 1000).toFixed(2)} s)`,
          }
        : {}),
    }),
  );
  const startGoal = (id: string, text: string, values: number[] | undefined, target: number) => {
    const s = values?.length ? spread(values.map((v) => v / 1000)) : null;
    goals.push(
      goal({
        id,
        text,
        value: s ? s.median : null,
        target,
        direction: 'atMost',
        unit: 's',
        ...(s
          ? {
              figure: `${round(s.median, 2)} s${values && values.length > 1 ? ` (${round(s.min, 2)}-${round(s.max, 2)})` : ''}`,
            }
          : {}),
      }),
    );
  };
  startGoal('start/npm', '`npm start` on a prepared clone (fresh DATA_DIR): serving', startup?.npmStartMs, 2);
  startGoal('start/server', 'the server alone (existing data): serving', startup?.serverAloneMs, 1);
  return goals;
}
