import { describe, it, expect } from 'vitest';
import { wilson } from '../../../src/sim/stats/intervals.js';
import { Rng } from '../../../src/sim/rng.js';

describe('wilson', () => {
  it('matches published values', () => {
    // Newcombe (1998), Statistics in Medicine 17:857, table I: 81/263 -> 0.2553 to 0.3662.
    const [lo, hi] = wilson(81, 263);
    expect(lo).toBeCloseTo(0.2553, 4);
    expect(hi).toBeCloseTo(0.3662, 4);
    // 15/148 -> 0.0624 to 0.1605 (same table).
    const [lo2, hi2] = wilson(15, 148);
    expect(lo2).toBeCloseTo(0.0624, 4);
    expect(hi2).toBeCloseTo(0.1605, 4);
  });

  it('stays inside [0, 1] at the extremes and is [0, 1] with no data', () => {
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
    expect(wilson(0, 10)[1]).toBeCloseTo(0.2775, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('covers the true probability about 95% of the time', () => {
    const rng = new Rng();
    rng.seedGame(2024, 0, 0);
    const p = 0.3;
    const n = 200;
    const trials = 4000;
    let covered = 0;
    for (let t = 0; t < trials; t++) {
      let k = 0;
      for (let i = 0; i < n; i++) if (rng.next() < p) k++;
      const [lo, hi] = wilson(k, n);
      if (lo <= p && p <= hi) covered++;
    }
    // Wilson's actual coverage at n=200, p=0.3 is close to 95%; 4000 trials give sd ~0.35%.
    expect(covered / trials).toBeGreaterThan(0.935);
    expect(covered / trials).toBeLessThan(0.965);
  });
});
