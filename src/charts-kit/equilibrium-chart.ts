/** The equilibrium chart (issue 38): each choice's weight in the maximum-entropy Nash mixture with its resampling interval. */
import type { TopLevelSpec } from 'vega-lite';
import type { EquilibriumReport } from '../sim/stats/equilibrium.js';
import { SCHEMA, WIDTH, COLOUR } from './spec.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Horizontal bars, heaviest first, whiskers from resampling the games, a dashed line where every choice would weigh alike. */
export function equilibriumChart(title: string, r: EquilibriumReport): TopLevelSpec {
  const rows = [...r.rows]
    .sort((a, b) => b.weight - a.weight || b.rating - a.rating)
    .map((x) => ({ name: x.name, weight: x.weight, low: x.interval[0], high: x.interval[1], label: `${pct(x.weight)} [${pct(x.interval[0])}, ${pct(x.interval[1])}]`, never: pct(x.neverShare), rating: pct(x.rating) }));
  const even = 1 / Math.max(1, r.rows.length);
  const axis = 'Weight in the equilibrium mixture';
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: `bars: the maximum-entropy Nash mixture; whiskers: 95% interval over ${r.resamples.toLocaleString('en-US')} resamples of the games; dashed line: every ${r.subject.replace(/s$/, '')} alike (${pct(even)})` },
    width: WIDTH,
    layer: [
      {
        data: { values: rows },
        encoding: { y: { field: 'name', type: 'nominal', title: r.subject, sort: null } },
        layer: [
          {
            mark: { type: 'bar', color: COLOUR.estimate, opacity: 0.85 },
            encoding: {
              x: { field: 'weight', type: 'quantitative', title: axis, axis: { format: '.0%' }, scale: { domain: [0, 1] } },
              tooltip: [
                { field: 'name', title: r.subject },
                { field: 'label', title: 'weight [95% interval]' },
                { field: 'never', title: 'never played (share of resamples)' },
                { field: 'rating', title: 'against the equilibrium' },
              ],
            },
          },
          { mark: { type: 'errorbar', ticks: true, color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative', title: axis }, x2: { field: 'high' } } },
        ],
      },
      {
        data: { values: [{ even }] },
        mark: { type: 'rule', color: COLOUR.reference, strokeDash: [6, 4], size: 2 },
        encoding: { x: { field: 'even', type: 'quantitative', title: axis } },
      },
    ],
  } as TopLevelSpec;
}
