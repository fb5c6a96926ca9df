/** Sweep charts: a metric over the grid, as curves with intervals (one field) or a heat map (two). */
import type { TopLevelSpec } from 'vega-lite';
import { SCHEMA, WIDTH } from '../../charts-kit/spec.js';
import { seatColour, nameColour } from '../../charts-kit/palette.js';

export interface SweepPoint {
  cell: number;
  values: Record<string, unknown>;
  series: string;
  value: number;
  low: number;
  high: number;
  kind: 'proportion' | 'mean';
}

/** A seat series ("seat 1") in its seat's colour, a bot's series in its policy colour, anything else by name. */
function seriesScale(series: readonly string[]): { domain: string[]; range: string[] } {
  const domain = [...new Set(series)];
  return { domain, range: domain.map((s) => (/^seat \d+$/.test(s) ? seatColour(Number(s.slice(5))) : nameColour('policy', s))) };
}

const label = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** One swept field: the metric against the field's values, one line per series, with error bars. */
export function sweepCurve(title: string, field: string, points: SweepPoint[], yTitle: string): TopLevelSpec {
  const numeric = points.every((p) => typeof p.values[field] === 'number');
  const rows = points.map((p) => ({ x: numeric ? p.values[field] : label(p.values[field]), series: p.series, value: p.value, low: p.low, high: p.high }));
  const kind = points[0]?.kind ?? 'proportion';
  const y = { field: 'value', type: 'quantitative', title: yTitle, ...(kind === 'proportion' ? { axis: { format: '.0%' } } : {}), scale: { zero: false } };
  const x = { field: 'x', type: numeric ? 'quantitative' : 'ordinal', title: field, ...(numeric ? { scale: { zero: false } } : { sort: null }) };
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: `each point: one cell of the sweep; whiskers: 95% intervals; all cells play the same seeds` },
    width: WIDTH,
    data: { values: rows },
    encoding: { x, color: { field: 'series', type: 'nominal', title: null, sort: null, scale: seriesScale(points.map((p) => p.series)) } },
    layer: [
      { mark: { type: 'line', point: true }, encoding: { y, tooltip: [{ field: 'x', title: field }, { field: 'series' }, { field: 'value', format: kind === 'proportion' ? '.2%' : '.2f' }] } },
      { mark: { type: 'errorbar', ticks: true }, encoding: { y: { ...y, field: 'low' }, y2: { field: 'high' } } },
    ],
  } as TopLevelSpec;
}

/** Two swept fields: one series' metric as a heat map over the grid. */
export function sweepHeatmap(title: string, fx: string, fy: string, points: SweepPoint[], legend: string): TopLevelSpec {
  const rows = points.map((p) => ({ x: label(p.values[fx]), y: label(p.values[fy]), value: p.value, text: p.kind === 'proportion' ? `${(p.value * 100).toFixed(1)}%` : p.value.toFixed(1), interval: `[${p.low.toFixed(4)}, ${p.high.toFixed(4)}]` }));
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: 'each cell of the sweep; all cells play the same seeds' },
    data: { values: rows },
    encoding: { x: { field: 'x', type: 'ordinal', title: fx, sort: null }, y: { field: 'y', type: 'ordinal', title: fy, sort: null } },
    layer: [
      { mark: 'rect', encoding: { color: { field: 'value', type: 'quantitative', title: legend, ...(points[0]?.kind === 'proportion' ? { legend: { format: '.0%' } } : {}) }, tooltip: [{ field: 'x', title: fx }, { field: 'y', title: fy }, { field: 'text', title: legend }, { field: 'interval', title: '95% interval' }] } },
      { mark: { type: 'text', fontSize: 12 }, encoding: { text: { field: 'text', type: 'nominal' } } },
    ],
    width: Math.min(WIDTH, 80 * new Set(rows.map((r) => r.x)).size),
    height: Math.min(400, 36 * new Set(rows.map((r) => r.y)).size),
  } as TopLevelSpec;
}
