/**
 * Coverage of `compare`'s paired difference on a known process: a game is won by seat 0 under A
 * with probability 0.5; under B from the same seed the result flips from a loss to a win with
 * probability 0.04 (a change that touches few games), so the true difference is +2 points.
 */
import { describe, it, expect } from 'vitest';
import { PairedAccumulator, pairedRows } from '../../src/analysis/paired.js';
import { Rng } from '../../src/sim/rng.js';

describe('compare: paired differences', () => {
  it('cover the true difference about 95% of the time', () => {
    const rng = new Rng();
    rng.seedGame(2, 0, 2);
    const reps = 400;
    const truth = 0.5 * 0.04;
    let covered = 0;
    const a = new Float64Array(1);
    const b = new Float64Array(1);
    for (let r = 0; r < reps; r++) {
      const acc = new PairedAccumulator(1);
      for (let g = 0; g < 2000; g++) {
        a[0] = rng.next() < 0.5 ? 1 : 0;
        b[0] = a[0] === 1 || rng.next() < 0.04 ? 1 : 0;
        acc.add(a, b);
      }
      const [row] = pairedRows([{ name: 'seat 0 win rate', kind: 'proportion' }], acc);
      if (row!.interval[0] <= truth && truth <= row!.interval[1]) covered++;
    }
    // 400 replicates: sd of the estimate about 1.1 points.
    expect(covered / reps).toBeGreaterThan(0.92);
    expect(covered / reps).toBeLessThan(0.98);
  });
});
