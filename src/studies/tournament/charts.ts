/** Charts of analyses that span several runs (tournaments): built from their own results, not a run summary. */
import type { TopLevelSpec } from 'vega-lite';
import type { Rating } from '../../analysis/bradley-terry.js';
import { SCHEMA, WIDTH } from '../../charts-kit/spec.js';
import { nameScale } from '../../charts-kit/palette.js';

export function tournamentMatrixChart(title: string, cells: { row: string; column: string; rate: number; games: number; label: string }[], order: string[]): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: 'share of games the row entrant won against the column entrant (draws count half); 50% = even' },
    data: { values: cells.map((c) => ({ ...c, text: `${(c.rate * 100).toFixed(1)}%` })) },
    encoding: {
      y: { field: 'row', type: 'nominal', title: 'Entrant', sort: order },
      x: { field: 'column', type: 'nominal', title: 'Against', sort: order },
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: { field: 'rate', type: 'quantitative', title: 'Score (%)', legend: { format: '.0%' }, scale: { scheme: 'redblue', domain: [0, 1], domainMid: 0.5 } },
          tooltip: [
            { field: 'row', title: 'entrant' },
            { field: 'column', title: 'against' },
            { field: 'label', title: 'score [95% interval]' },
            { field: 'games', title: 'games', format: ',' },
          ],
        },
      },
      { mark: { type: 'text', fontSize: 13 }, encoding: { text: { field: 'text', type: 'nominal' } } },
    ],
    width: Math.min(WIDTH, 90 * order.length),
    height: Math.min(420, 40 * order.length),
  } as TopLevelSpec;
}

export function ratingsChart(title: string, ratings: Rating[], reference: string): TopLevelSpec {
  const rows = [...ratings].sort((a, b) => b.elo - a.elo).map((r) => ({ name: r.name, elo: r.elo, low: r.interval[0], high: r.interval[1], label: `${r.elo.toFixed(0)} [${r.interval[0].toFixed(0)}, ${r.interval[1].toFixed(0)}]` }));
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: `Bradley-Terry ratings on the Elo scale, ${reference} = 0; whiskers: 95% intervals` },
    width: WIDTH,
    data: { values: rows },
    encoding: { y: { field: 'name', type: 'nominal', title: 'Entrant', sort: null } },
    layer: [
      { mark: { type: 'point', filled: true, size: 80 }, encoding: { x: { field: 'elo', type: 'quantitative', title: 'Rating (Elo points)' }, color: { field: 'name', type: 'nominal', legend: null, scale: nameScale('policy', rows.map((r) => r.name)) }, tooltip: [{ field: 'name' }, { field: 'label', title: 'rating [95% interval]' }] } },
      { mark: { type: 'errorbar', ticks: true }, encoding: { x: { field: 'low', type: 'quantitative', title: 'Rating (Elo points)' }, x2: { field: 'high' } } },
    ],
  } as TopLevelSpec;
}
