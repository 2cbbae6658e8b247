import type { WeeklyReport } from '../inquiries/reports.js';
import { html, type SafeHtml } from '../web/html.js';

// The reports page's chart: inquiries per week as stacked bars, drawn on the server as inline SVG (no
// script: the page CSP allows none). It scales with its box (viewBox, width 100%), its text sized for a
// 390 px screen. Each split value has a fill of its own *and* a pattern (solid, stripes, dots…), and the
// legend shows both with the value's name, so no value is told apart by colour alone. role="img" with a
// <title> and <desc>: the figures themselves are in the table beside it.

const WIDTH = 420;
const HEIGHT = 250;
const PLOT = { left: 34, right: 22, top: 12, bottom: 34 } as const;
const GRID_LINES = 4;

/** Fill and pattern per value index, the site's palette (a stacked value stays distinct in greyscale). */
const FILLS = [
  { colour: '#2f4a3c', mark: '' },
  { colour: '#b5651d', mark: 'stripes' },
  { colour: '#6f8fa8', mark: 'dots' },
  { colour: '#8c877c', mark: 'cross' },
  { colour: '#c9b27c', mark: 'rings' },
] as const;

export const patternId = (index: number): string => `report-fill-${index}`;

function mark(kind: (typeof FILLS)[number]['mark']): SafeHtml {
  if (kind === 'stripes') return html`<path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke="#fffdf8" stroke-width="1.6"/>`;
  if (kind === 'dots') return html`<circle cx="4" cy="4" r="1.6" fill="#fffdf8"/>`;
  if (kind === 'cross') return html`<path d="M0,4 h8 M4,0 v8" stroke="#fffdf8" stroke-width="1.2"/>`;
  if (kind === 'rings') return html`<circle cx="4" cy="4" r="2" fill="none" stroke="#1d1d1b" stroke-width="1"/>`;
  return html``;
}

/** The fills, defined once in the chart; the legend's swatches refer to them. */
function patterns(count: number): SafeHtml {
  return html`<defs>${FILLS.slice(0, count).map((fill, i) => html`<pattern id="${patternId(i)}" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="${fill.colour}"/>${mark(fill.mark)}</pattern>`)}</defs>`;
}

/** A round top for the axis: 1, 2, 5 × 10^n at or above the largest week (4 at least, so gridlines fall on whole numbers). */
export function axisMax(largest: number): number {
  if (largest <= GRID_LINES) return GRID_LINES;
  const magnitude = 10 ** Math.floor(Math.log10(largest / GRID_LINES));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s * GRID_LINES >= largest)!;
  return step * GRID_LINES;
}

export function chartSvg(report: WeeklyReport, labels: readonly string[], splitName: string): SafeHtml {
  const top = axisMax(Math.max(0, ...report.weeks.map((w) => w.total)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const step = plotWidth / report.weeks.length;
  const barWidth = step * 0.72;
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const total = report.weeks.reduce((sum, w) => sum + w.total, 0);
  const grid = Array.from({ length: GRID_LINES + 1 }, (_, i) => (top / GRID_LINES) * i).map((value) => html`<g class="chart-grid">
<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y(value)}" y2="${y(value)}"/><text x="${PLOT.left - 5}" y="${y(value)}" dominant-baseline="middle" text-anchor="end">${value}</text></g>`);
  const bars = report.weeks.map((week, w) => {
    const x = PLOT.left + w * step + (step - barWidth) / 2;
    let base = 0;
    const segments = report.values.map((value, v) => {
      const count = week.counts[value] ?? 0;
      if (count === 0) return '';
      const segment = html`<rect x="${x.toFixed(1)}" y="${y(base + count).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(y(base) - y(base + count)).toFixed(1)}" fill="url(#${patternId(v)})"><title>Week of ${week.label}: ${labels[v]} ${count}</title></rect>`;
      base += count;
      return segment;
    });
    // The axis names each month under its first week: 26 dates would not fit at 390 px (the table has them all).
    const axis = w === 0 || week.month !== report.weeks[w - 1]!.month
      ? html`<text class="chart-week" x="${x.toFixed(1)}" y="${HEIGHT - PLOT.bottom + 8}" dominant-baseline="hanging">${week.month}</text>` : '';
    return html`<g>${segments}${axis}</g>`;
  });
  const first = report.weeks[0]?.label ?? '';
  return html`<svg class="report-chart" role="img" aria-labelledby="chart-title chart-desc" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" preserveAspectRatio="xMidYMid meet">
<title id="chart-title">Inquiries per week by ${splitName}, ${report.weeks.length} weeks</title>
<desc id="chart-desc">${total} inquiries from the week of ${first} to this week, stacked by ${splitName}; the table beside the chart has every figure.</desc>
${patterns(report.values.length)}
${grid}
<line class="chart-axis" x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y(0)}" y2="${y(0)}"/>
${bars}
</svg>`;
}

/** The legend: each value's swatch (its fill and pattern) and name, as a list of text. */
export function chartLegend(values: readonly string[], labels: readonly string[]): SafeHtml {
  return html`<ul class="report-legend">${values.map((_, i) => html`<li><svg class="report-swatch" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><rect width="16" height="16" fill="url(#${patternId(i)})" stroke="#1d1d1b" stroke-width="1"/></svg>${labels[i]}</li>`)}</ul>`;
}
