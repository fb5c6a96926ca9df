/**
 * compare's differences as rated rows (src/studies/compare/difference-sheets.ts): verdicts by sign and
 * false-discovery rate, the relative change of means, and marks under levels on crafted inputs.
 */
import { describe, it, expect } from 'vitest';
import { differenceSheets } from '../../../src/studies/compare/difference-sheets.js';
import { PairedAccumulator, pairedRows, relativeChange, type PairedQuantity } from '../../../src/studies/compare/paired.js';
import { compareLevelSheets } from '../../../src/analysis/level-ratings.js';
import type { RowChange } from '../../../src/analysis/what-changed.js';
import { levelsText } from '../../../src/report/levels-report.js';
import { textTable } from '../../../src/report/format.js';
import type { LevelRatings } from '../../../src/sim/stats/summary.js';

const QUANTITIES: PairedQuantity[] = [
  { name: 'seat 0 win rate', kind: 'proportion' },
  { name: 'draw rate', kind: 'proportion' },
  { name: 'length (turns)', kind: 'mean' },
  { name: 'length (rounds)', kind: 'mean' },
];

/** A paired accumulator over explicit per-game values: games[i] = [A values, B values]. */
function accumulate(games: [number[], number[]][]): PairedAccumulator {
  const acc = new PairedAccumulator(QUANTITIES.length);
  for (const [a, b] of games) acc.add(Float64Array.from(a), Float64Array.from(b));
  return acc;
}

/** n games where B moves seat 0's wins by `lift` games in 10 (up or down), draws never change, turns double in B, rounds do not change. */
function games(n: number, lift: number): [number[], number[]][] {
  return Array.from({ length: n }, (_, i) => {
    const winA = i % 10 < 4 ? 1 : 0;
    const winB = i % 10 < 4 + lift ? 1 : 0;
    const turns = 10 + (i % 7);
    return [
      [winA, 0, turns, turns],
      [winB, 0, 2 * turns, turns],
    ];
  });
}

const change = (row: string, difference: number, halfWidth: number): RowChange => ({ sheet: 'cards.winRateWhenPlaced', row, gamesA: 100, gamesB: 100, before: 0.5, after: 0.5 + difference, difference, interval: [difference - halfWidth, difference + halfWidth], paired: true });

describe('relativeChange', () => {
  it('is B / A − 1 of the means with the linearised interval', () => {
    // B = 2A in every game: the ratio is exact, its interval has no width.
    const exact = accumulate(games(50, 0));
    expect(relativeChange(exact, 2)!.change).toBeCloseTo(1, 12);
    expect(relativeChange(exact, 2)!.interval[1] - relativeChange(exact, 2)!.interval[0]).toBeCloseTo(0, 9);
    // A noisy ratio: the interval equals the one computed game by game from e = (B − R·A) / mean A.
    const pairs: [number[], number[]][] = [3, 5, 2, 8, 6, 4, 7, 1].map((x, i) => [
      [0, 0, x, 0],
      [0, 0, x + (i % 3) - 0.5, 0],
    ]);
    const acc = accumulate(pairs);
    const sa = pairs.reduce((s, p) => s + p[0][2]!, 0);
    const sb = pairs.reduce((s, p) => s + p[1][2]!, 0);
    const n = pairs.length;
    const e = pairs.map((p) => (p[1][2]! - (sb / sa) * p[0][2]!) / (sa / n));
    const se = Math.sqrt(e.reduce((s, x) => s + x * x, 0) / (n * (n - 1)));
    const r = relativeChange(acc, 2)!;
    expect(r.change).toBeCloseTo(sb / sa - 1, 12);
    expect(r.interval[1] - r.change).toBeCloseTo(1.959963984540054 * se, 9);
    // Nothing to divide by: no relative change.
    expect(relativeChange(acc, 0)).toBeNull();
  });
});

describe('differenceSheets', () => {
  it('gives rates in points, means as relative changes, table rows largest first, verdicts by sign and FDR', () => {
    const acc = accumulate(games(400, 2));
    const sheets = differenceSheets(pairedRows(QUANTITIES, acc), acc, [change('Small', 0.01, 0.05), change('Up', 0.2, 0.05), change('Down', -0.2, 0.05)]);
    expect(sheets.map((s) => [s.id, s.unit])).toEqual([
      ['headline.rates', 'points'],
      ['headline.relativeChange', 'relative'],
      ['cards.winRateWhenPlaced', 'points'],
    ]);
    const [rates, means, cards] = sheets;
    expect(rates!.rows.map((r) => [r.row, r.flags])).toEqual([
      ['seat 0 win rate', ['differs']],
      ['draw rate', []],
    ]);
    expect(rates!.rows[0]!.rate).toBeCloseTo(0.2, 12);
    expect(means!.rows.map((r) => r.row)).toEqual(['length (turns)', 'length (rounds)']);
    expect(means!.rows[0]!.rate).toBeCloseTo(1, 12);
    expect(means!.rows[1]!.rate).toBe(0);
    expect(cards!.rows.map((r) => r.row)).toEqual(['Up', 'Small', 'Down']);
    expect(cards!.rows.map((r) => r.flags.length)).toEqual([1, 0, 1]);
    expect(cards!.mean).toBe(0);
  });

  it('marks under levels a row whose difference changes sign or significance, and not one that keeps both', () => {
    // Level 1: the variant helps seat 0 (+2 in 10 games); level 2: it hurts (−2 in 10); the ceiling: level 1 on other games.
    const sheetsOf = (lift: number, table: RowChange[]) => {
      const acc = accumulate(games(400, lift));
      return differenceSheets(pairedRows(QUANTITIES, acc), acc, table);
    };
    const weak = sheetsOf(2, [change('Up', 0.2, 0.05), change('Flat', 0, 0.05), change('Fades', 0.19, 0.05), change('Down', -0.2, 0.05), change('Same', -0.1, 0.05)]);
    const strong = sheetsOf(-2, [change('Up', 0.19, 0.05), change('Flat', 0.01, 0.05), change('Fades', 0.02, 0.05), change('Down', 0.2, 0.05), change('Same', -0.12, 0.05)]);
    const again = sheetsOf(2, [change('Up', 0.21, 0.05), change('Flat', -0.01, 0.05), change('Fades', 0.18, 0.05), change('Down', -0.19, 0.05), change('Same', -0.09, 0.05)]);
    const compared = compareLevelSheets(['novice', 'expert'], [weak, strong], again);
    const rates = compared.find((s) => s.id === 'headline.rates')!;
    const seat0 = rates.rows.find((r) => r.row === 'seat 0 win rate')!;
    expect(seat0.byLevel.map((b) => b.verdict)).toEqual(['above', 'below']);
    expect(seat0.dependsOnBot).toBe(true);
    expect(rates.rows.find((r) => r.row === 'draw rate')!.dependsOnBot).toBe(false);
    const cards = compared.find((s) => s.id === 'cards.winRateWhenPlaced')!;
    expect(Object.fromEntries(cards.rows.map((r) => [r.row, r.byLevel.map((b) => b.verdict).join(' ')]))).toEqual({ Up: 'above above', Fades: 'above within', Flat: 'within within', Same: 'below below', Down: 'below above' });
    expect(cards.rows.filter((r) => r.dependsOnBot).map((r) => r.row).sort()).toEqual(['Down', 'Fades']);
    expect(cards.ceilingChanges).toBe(0);
    expect(cards.ceiling.rho).toBe(1);
    // The report writes differences in points and relative changes as percentages, marked rows starred.
    const ratings: LevelRatings = { levels: [{ name: 'novice', policy: 'p' }, { name: 'expert', policy: 'q' }], games: 400, seed: 1, ceilingSeed: '1-again', sameAsScenario: [], sheets: compared };
    const text = levelsText(ratings, textTable, true).join('\n');
    expect(text).toMatch(/seat 0 win rate +\+20\.0 pts \[\+\d+\.\d, \+\d+\.\d\] above +-20\.0 pts \[-\d+\.\d, -\d+\.\d\] below +\*/);
    expect(text).toMatch(/length \(turns\) +\+100\.000% \[\+100\.000%, \+100\.000%\] above +\+100\.000% \[\+100\.000%, \+100\.000%\] above/);
    expect(text).toMatch(/length \(rounds\) +\+0\.000% \[\+0\.000%, \+0\.000%\] within/);
  });
});
