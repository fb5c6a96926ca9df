/** Charts of multi-run analyses (weights, compare): valid Vega-Lite without warnings, titled axes, rendered to SVG. */
import { describe, it, expect } from 'vitest';
import * as vl from 'vega-lite';
import * as vega from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import { statWeightChart, furthestFromFairChart } from '../../src/report/charts/weights.js';
import { compareChart } from '../../src/report/charts/compare.js';
import { specToSvg } from '../../src/report/render.js';
import { PAIR_SUMS, BASE_SUMS, addPair, addBase, weightRows, fairRows, baseRate } from '../../src/analysis/weights.js';
import { PairedAccumulator, pairedRows } from '../../src/analysis/paired.js';

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
    return { subject, group: 'Bog', base: baseRate(b, 0, 400) };
  }),
  2,
  weights,
);
const acc = new PairedAccumulator(2);
for (let i = 0; i < 50; i++) acc.add(Float64Array.of(i % 2, 10 + (i % 7)), Float64Array.of(i % 3 === 0 ? 1 : 0, 12 + (i % 5)));
const compareRows = pairedRows([{ name: 'seat 0 win rate', kind: 'proportion' }, { name: 'length (turns)', kind: 'mean' }], acc);

const charts: [string, TopLevelSpec | null][] = [
  ['weights-hp', statWeightChart('mini: change per +1 HP', weights, 'hp', 'card', '+1 starting HP')],
  ['weights-damage', statWeightChart('mini: change per +1 damage', weights, 'damage', 'card', '+1 damage')],
  ['furthest-from-fair', furthestFromFairChart('mini: cards furthest from fair', fair, 'card')],
  ['compare-differences', compareChart('duel: B against A', 'base', 'tweak', compareRows)],
];

function axisTitles(spec: unknown, channel: 'x' | 'y'): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const t = (node as { encoding?: Record<string, { title?: unknown }> }).encoding?.[channel]?.title;
      if (typeof t === 'string' && t.length > 0) found.push(t);
      Object.values(node).forEach(walk);
    }
  };
  walk(spec);
  return found;
}

describe('analysis charts', () => {
  for (const [id, spec] of charts) {
    it(`${id} compiles without a warning, titles its axes and renders`, async () => {
      expect(spec).not.toBeNull();
      const warnings: string[] = [];
      const logger = vega.logger(vega.Warn);
      logger.warn = (...args: unknown[]) => {
        warnings.push(args.join(' '));
        return logger;
      };
      vl.compile(spec!, { logger });
      expect(warnings).toEqual([]);
      for (const channel of ['x', 'y'] as const) expect(axisTitles(spec, channel).length, channel).toBeGreaterThan(0);
      const svg = await specToSvg(spec!);
      expect(svg).toContain((spec!.title as { text: string }).text.split(':')[0]);
    });
  }

  it('rank the weights and put every measured subject in, largest first', () => {
    const data = ((charts[0]![1] as { layer: { data: { values: { subject: string; effect: number }[] } }[] }).layer[0]!.data.values);
    expect(data).toHaveLength(3);
    for (let i = 1; i < data.length; i++) expect(data[i - 1]!.effect).toBeGreaterThanOrEqual(data[i]!.effect);
  });

  it('draw the compare rates and means in separate panels', () => {
    expect((charts[3]![1] as { vconcat: unknown[] }).vconcat).toHaveLength(2);
    expect(compareChart('x', 'a', 'b', [])).toBeNull();
  });
});
