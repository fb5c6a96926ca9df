/**
 * Charts of multi-run analyses (weights, compare, tournament, sweep) built from fixed synthetic
 * results, so their specs can be kept as golden files (test/golden/charts/analysis/<id>.vl.json,
 * rewritten by npm run golden) and checked by test/report/analysis-charts.test.ts.
 */
import type { TopLevelSpec } from 'vega-lite';
import { statWeightChart, furthestFromFairChart } from '../../src/studies/weights/charts.js';
import { compareChart } from '../../src/studies/compare/charts.js';
import { tournamentMatrixChart, ratingsChart } from '../../src/studies/tournament/charts.js';
import { sweepCurve, sweepHeatmap, type SweepPoint } from '../../src/studies/run/charts.js';
import { PAIR_SUMS, BASE_SUMS, addPair, addBase, baseRate } from '../../src/analysis/paired-rates.js';
import { weightRows, fairRows } from '../../src/studies/weights/analysis.js';
import { PairedAccumulator, pairedRows } from '../../src/studies/compare/paired.js';
import { bradleyTerry } from '../../src/analysis/bradley-terry.js';

function sums(effect: number, games = 400): Float64Array {
  const s = new Float64Array(PAIR_SUMS);
  for (let i = 0; i < games; i++) addPair(s, 0, i % 2, 1, (i + Math.round(effect * games) * (i % 3 === 0 ? 1 : 0)) % 2, 1);
  return s;
}
const tweaks = ['Mudgrub', 'Swamp Hulk', 'Peat Toad'].flatMap((subject, k) =>
  (['hp', 'damage'] as const).map((stat) => ({ subject, group: k === 0 ? 'Bog' : 'Tusk', stat, change: {}, sums: sums(0.05 * (k + 1)), offset: 0, games: 400, skipped: null })),
);
const weights = weightRows(tweaks);
const fair = fairRows(
  ['Mudgrub', 'Swamp Hulk', 'Peat Toad'].map((subject, k) => {
    const b = new Float64Array(BASE_SUMS);
    for (let i = 0; i < 400; i++) addBase(b, 0, i % 10 < 3 + k ? 1 : 0, 1);
    return { subject, group: 'Bog', base: baseRate(b, 0, 400), hp: 6 };
  }),
  weights,
  { min: 1, max: 12 },
);
const acc = new PairedAccumulator(2);
for (let i = 0; i < 50; i++) acc.add(Float64Array.of(i % 2, 10 + (i % 7)), Float64Array.of(i % 3 === 0 ? 1 : 0, 12 + (i % 5)));
const compareRows = pairedRows([{ name: 'seat 0 win rate', kind: 'proportion' }, { name: 'length (turns)', kind: 'mean' }], acc);

// A three-entrant tournament: row entrant's score against the column entrant, out of 100 games.
const entrants = ['random', 'greedy', 'builder'];
const score = [
  [0, 21, 30],
  [79, 0, 44],
  [70, 56, 0],
];
const cells = entrants.flatMap((row, i) => entrants.flatMap((column, j) => (i === j ? [] : [{ row, column, rate: score[i]![j]! / 100, games: 100, label: `${score[i]![j]}%` }])));

// A sweep over one field (curves) and over two (heat map).
const curve: SweepPoint[] = [0, 1, 4].flatMap((w, cell) => [
  { cell, values: { 'seats[1].params.safetyWeight': w }, series: 'seat 0', value: 0.7 - 0.1 * cell, low: 0.68 - 0.1 * cell, high: 0.72 - 0.1 * cell, kind: 'proportion' as const },
  { cell, values: { 'seats[1].params.safetyWeight': w }, series: 'seat 1', value: 0.3 + 0.1 * cell, low: 0.28 + 0.1 * cell, high: 0.32 + 0.1 * cell, kind: 'proportion' as const },
]);
const grid: SweepPoint[] = [100, 200].flatMap((turns, a) =>
  [false, true].map((sudden, b) => ({ cell: 2 * a + b, values: { 'rules.maxTurns': turns, 'rules.suddenDeath': sudden }, series: 'seat 0', value: 0.5 + 0.02 * a - 0.03 * b, low: 0.48 + 0.02 * a - 0.03 * b, high: 0.52 + 0.02 * a - 0.03 * b, kind: 'proportion' as const })),
);

export const ANALYSIS_CHARTS: [string, TopLevelSpec | null][] = [
  ['weights-hp', statWeightChart('mini: change per +1 HP', weights, 'hp', 'card', '+1 starting HP')],
  ['weights-damage', statWeightChart('mini: change per +1 damage', weights, 'damage', 'card', '+1 damage')],
  ['furthest-from-fair', furthestFromFairChart('mini: cards furthest from fair', fair, 'card')],
  ['compare-differences', compareChart('duel: B against A', 'base', 'tweak', compareRows)],
  ['tournament-matrix', tournamentMatrixChart('worms: tournament', cells, entrants)],
  ['tournament-ratings', ratingsChart('worms: ratings', bradleyTerry(entrants, score, 0), 'random')],
  ['sweep-curve', sweepCurve('worms: seat win rate over the sweep', 'seats[1].params.safetyWeight', curve, 'Win rate')],
  ['sweep-heatmap', sweepHeatmap('worms: seat 0 win rate over the grid', 'rules.maxTurns', 'rules.suddenDeath', grid, 'Seat 0 win rate')],
];

