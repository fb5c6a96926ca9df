/** Pieces a report chart and a game's own chart both draw: bars of rates with intervals, a mean with its interval. */
import type { TopLevelSpec } from 'vega-lite';
import { Z95 } from '../sim/stats/intervals.js';
import { SCHEMA, WIDTH, COLOUR } from './spec.js';

export interface RateRow {
  name: string;
  rate: number;
  low: number;
  high: number;
  label: string;
}

/** Horizontal bars with 95% error bars and a dashed reference line at `fair`; `colours` gives each row's bar its seat's or name's colour. */
export function rateChart(title: string, axis: string, rows: RateRow[], fair: number, fairLabel: string, intervalWords = '95% Wilson interval', colours?: { domain: string[]; range: string[] }): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: `bars: estimate; whiskers: ${intervalWords}; dashed line: ${fairLabel}` },
    width: WIDTH,
    layer: [
      {
        data: { values: rows },
        encoding: { y: { field: 'name', type: 'nominal', title: axis, sort: null } },
        layer: [
          {
            mark: { type: 'bar', color: COLOUR.estimate, opacity: 0.85 },
            encoding: {
              x: { field: 'rate', type: 'quantitative', title: 'Win rate (%)', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
              ...(colours ? { color: { field: 'name', type: 'nominal', legend: null, scale: colours } } : {}),
              tooltip: [
                { field: 'name', title: axis },
                { field: 'label', title: 'win rate [95% interval]' },
              ],
            },
          },
          { mark: { type: 'errorbar', ticks: true, color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative', title: 'Win rate (%)' }, x2: { field: 'high' } } },
        ],
      },
      {
        data: { values: [{ fair }] },
        mark: { type: 'rule', color: COLOUR.reference, strokeDash: [6, 4], size: 2 },
        encoding: { x: { field: 'fair', type: 'quantitative', title: 'Win rate (%)' } },
      },
    ],
  } as TopLevelSpec;
}

/**
 * Mean per game of a non-negative count with a 95% normal interval, from its total and the sum
 * of its squares over n games (both kept exactly as integers by the game's metrics).
 */
export function meanInterval(total: number, squares: number, n: number): { mean: number; low: number; high: number } {
  const mean = n > 0 ? total / n : 0;
  if (n < 2) return { mean, low: mean, high: mean };
  const variance = Math.max(0, (squares - (total * total) / n) / (n - 1));
  const half = (Z95 * Math.sqrt(variance)) / Math.sqrt(n);
  return { mean, low: Math.max(0, mean - half), high: mean + half };
}
