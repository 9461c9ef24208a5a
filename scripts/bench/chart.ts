// docs/bench-ratios.svg, drawn here (no browser, no library): the product's ratio to each ceiling with its range
// and its goal, then every goal's attainment on a log scale (right of the line: met).
import { type Goal, type Measure, pairedRatio, round } from './report';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface RatioBar {
  label: string;
  median: number;
  min: number;
  max: number;
  goal?: number;
}

export function ratioBars(measures: Measure[], goals: Goal[]): RatioBar[] {
  const bars: RatioBar[] = [];
  for (const measure of measures) {
    for (const ceiling of measure.ceilings) {
      const ratio = pairedRatio(measure.product, ceiling);
      const target = goals.find((g) => g.id === `${measure.id}/${ceiling.kind}`)?.target;
      bars.push({
        label: `${measure.title} / ${ceiling.name}`,
        ...ratio,
        ...(target ? { goal: target } : {}),
      });
    }
  }
  return bars;
}

/** How far a goal is: above 1 it is met (figure over goal for "at least", goal over figure for "at most"). */
export function attainment(g: Goal): number | null {
  if (g.value === null || g.met === null) return null;
  // A yes/no goal (no breaks, all compressed) has no distance: a short bar on its side of the line.
  if (g.expect !== undefined) return g.met ? 3 : 1 / 3;
  if (g.direction === 'atLeast') return g.value / g.target;
  return g.value <= 0 ? Infinity : g.target / g.value;
}

/** The figure in a few characters, for the chart. */
function shortFigure(g: Goal): string {
  if (g.value === null || g.met === null) return 'not measured';
  if (g.expect !== undefined) return g.figure.length > 24 ? `${g.figure.slice(0, 22)}…` : g.figure;
  return `${round(g.value)}${g.unit ? ` ${g.unit}` : ''}`;
}

export function chartSvg(title: string, bars: RatioBar[], goals: Goal[]): string {
  const width = 1120;
  const left = 360;
  const plot = width - left - 220;
  const rowH = 26;
  const out: string[] = [];
  let y = 40;
  out.push(
    `<text x="16" y="26" font-size="16" font-weight="bold">${esc(title)}</text>`,
    `<text x="16" y="${y + 14}" font-size="13" font-weight="bold">Product ÷ ceiling (median of the interleaved pairs; whisker: range; tick: goal)</text>`,
  );
  y += 26;
  // A scale from 0 to 1, or to the next half above the largest whisker.
  const maxRatio = Math.max(1, Math.ceil(Math.max(0, ...bars.map((b) => b.max)) * 2) / 2);
  const xr = (v: number) => left + (Math.min(v, maxRatio) / maxRatio) * plot;
  const step = maxRatio <= 1 ? 0.25 : 0.5;
  for (let tick = 0; tick <= maxRatio + 1e-9; tick += step) {
    out.push(
      `<line x1="${xr(tick)}" y1="${y}" x2="${xr(tick)}" y2="${y + rowH * bars.length}" stroke="#ddd"/>`,
      `<text x="${xr(tick)}" y="${y + rowH * bars.length + 14}" font-size="11" text-anchor="middle" fill="#555">${round(tick, 2)}</text>`,
    );
  }
  for (const bar of bars) {
    const met = bar.goal === undefined ? undefined : bar.median >= bar.goal;
    const colour = met === undefined ? '#6b8fbf' : met ? '#3a9a4a' : '#c8453c';
    out.push(
      `<text x="${left - 8}" y="${y + 17}" font-size="12" text-anchor="end">${esc(bar.label)}</text>`,
      `<rect x="${left}" y="${y + 5}" width="${Math.max(1, xr(bar.median) - left)}" height="${rowH - 10}" fill="${colour}"/>`,
      `<line x1="${xr(bar.min)}" y1="${y + rowH / 2}" x2="${xr(bar.max)}" y2="${y + rowH / 2}" stroke="#222" stroke-width="1.5"/>`,
      `<text x="${Math.max(xr(bar.median), xr(bar.max), bar.goal === undefined ? 0 : xr(bar.goal)) + 8}" y="${y + 17}" font-size="11" fill="#222">${round(bar.median, 3)}${bar.goal !== undefined ? ` (goal ${bar.goal})` : ''}</text>`,
    );
    if (bar.goal !== undefined)
      out.push(
        `<line x1="${xr(bar.goal)}" y1="${y + 2}" x2="${xr(bar.goal)}" y2="${y + rowH - 2}" stroke="#111" stroke-width="2.5"/>`,
      );
    y += rowH;
  }
  y += 34;

  const judged = goals.map((g) => ({ goal: g, value: attainment(g) }));
  out.push(
    `<text x="16" y="${y}" font-size="13" font-weight="bold">Goals: figure against goal, log scale (right of the line: met; grey: not measured)</text>`,
  );
  y += 12;
  const lo = 0.01;
  const hi = 100;
  const xl = (v: number) =>
    left +
    ((Math.log10(Math.min(hi, Math.max(lo, v))) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * plot;
  for (const tick of [0.01, 0.1, 1, 10, 100]) {
    out.push(
      `<line x1="${xl(tick)}" y1="${y}" x2="${xl(tick)}" y2="${y + rowH * judged.length}" stroke="${tick === 1 ? '#111' : '#ddd'}" stroke-width="${tick === 1 ? 2 : 1}"/>`,
      `<text x="${xl(tick)}" y="${y + rowH * judged.length + 14}" font-size="11" text-anchor="middle" fill="#555">${tick === 1 ? 'goal' : `${tick}x`}</text>`,
    );
  }
  for (const { goal, value } of judged) {
    const label = goal.text.length > 58 ? `${goal.text.slice(0, 56)}…` : goal.text;
    out.push(`<text x="${left - 8}" y="${y + 17}" font-size="12" text-anchor="end">${esc(label)}</text>`);
    if (value === null) {
      out.push(
        `<rect x="${xl(1) - 30}" y="${y + 5}" width="60" height="${rowH - 10}" fill="#ccc"/>`,
        `<text x="${xl(1) + 36}" y="${y + 17}" font-size="11" fill="#555">${esc(shortFigure(goal))}</text>`,
      );
    } else {
      const from = Math.min(xl(1), xl(value));
      const to = Math.max(xl(1), xl(value));
      out.push(
        `<rect x="${from}" y="${y + 5}" width="${Math.max(2, to - from)}" height="${rowH - 10}" fill="${goal.met ? '#3a9a4a' : '#c8453c'}"/>`,
        `<text x="${to + 6}" y="${y + 17}" font-size="11" fill="#222">${esc(shortFigure(goal))}</text>`,
      );
    }
    y += rowH;
  }
  y += 30;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...out,
    '</svg>',
    '',
  ].join('\n');
}
