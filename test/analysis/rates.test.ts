/** Rates per row: Benjamini-Hochberg, shrinkage toward the mean, outlier and few-games flags. */
import { describe, it, expect } from 'vitest';
import { analyseRates, benjaminiHochberg } from '../../src/analysis/rates.js';

describe('benjaminiHochberg', () => {
  it('matches a worked example (Benjamini & Hochberg 1995 style)', () => {
    const p = [0.01, 0.04, 0.03, 0.005, 0.2];
    // sorted: 0.005, 0.01, 0.03, 0.04, 0.2 -> p*m/rank: 0.025, 0.025, 0.05, 0.05, 0.2 (then running minimum from the top)
    expect(benjaminiHochberg(p).map((q) => Number(q.toFixed(6)))).toEqual([0.025, 0.05, 0.05, 0.025, 0.2]);
  });
});

describe('analyseRates', () => {
  const rows = [
    ...Array.from({ length: 10 }, (_, i) => ({ row: `even${i}`, wins: 5000 + (i % 3) * 20 - 20, games: 10000 })),
    { row: 'strong', wins: 1200, games: 2000 },
    { row: 'tiny', wins: 9, games: 10 },
  ];
  const result = analyseRates(rows);
  const get = (r: string) => result.find((x) => x.row === r)!;

  it('flags the row that really differs and not the ones that do not', () => {
    expect(get('strong').outlier).toBe(true);
    expect(result.filter((r) => r.row.startsWith('even')).every((r) => !r.outlier)).toBe(true);
  });

  it('pulls a row with few games toward the mean and flags it, but leaves well-measured rows alone', () => {
    const t = get('tiny');
    expect(t.fewGames).toBe(true);
    expect(t.rate).toBe(0.9);
    expect(t.shrunk).toBeLessThan(0.7);
    expect(t.shrunk).toBeGreaterThan(0.5);
    expect(Math.abs(get('strong').shrunk - 0.6)).toBeLessThan(0.01);
    expect(get('even0').fewGames).toBe(false);
  });
});
