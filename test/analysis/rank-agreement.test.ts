import { describe, it, expect } from 'vitest';
import { ranks, spearman } from '../../src/analysis/rank-agreement.js';

describe('Spearman rank agreement', () => {
  it('ranks with ties at their mean rank', () => {
    expect(ranks([10, 30, 20, 20])).toEqual([1, 4, 2.5, 2.5]);
  });

  it('is 1 for the same order, -1 for the reverse, and a known value in between', () => {
    expect(spearman([1, 2, 3, 4, 5], [10, 20, 30, 40, 50]).rho).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]).rho).toBeCloseTo(-1, 12);
    // 1 - 6 * sum(d^2) / (n (n^2 - 1)) with d = (0, 0, 1, -1, 0): 1 - 12 / 120 = 0.9.
    const r = spearman([1, 2, 3, 4, 5], [1, 2, 4, 3, 5]);
    expect(r.rho).toBeCloseTo(0.9, 12);
    expect(r.interval[0]).toBeLessThan(0.9);
    expect(r.interval[1]).toBeGreaterThan(0.9);
    expect(r.interval[1]).toBeLessThanOrEqual(1);
  });
});
