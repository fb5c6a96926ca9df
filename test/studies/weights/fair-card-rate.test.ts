/**
 * Card rows against fair on a known process: every card's controller wins 48% (an average card
 * in a game where losing seats hold more cards), so no card is too weak or too strong. Against
 * the pooled rate (what a neutral card gets) the Benjamini-Hochberg flags stay quiet; against
 * 1 / players every card would read "too weak".
 */
import { describe, it, expect } from 'vitest';
import { BASE_SUMS, addBase, baseRate } from '../../../src/analysis/paired-rates.js';
import { fairRows } from '../../../src/studies/weights/analysis.js';
import { Rng } from '../../../src/sim/rng.js';

describe('card rates against the pooled fair rate', () => {
  it('flags no card in most runs when every card is average, though all sit below 1/players', () => {
    const rng = new Rng();
    rng.seedGame(4896, 0, 0);
    const [cards, games, reps] = [24, 2000, 40];
    let runsWithFlags = 0;
    let belowHalf = 0;
    for (let r = 0; r < reps; r++) {
      const subjects = Array.from({ length: cards }, (_, c) => {
        const sums = new Float64Array(BASE_SUMS);
        for (let g = 0; g < games; g++) addBase(sums, 0, rng.next() < 0.48 ? 1 : 0, 1);
        return { subject: `card ${c}`, group: 'g', base: baseRate(sums, 0, games), hp: 3 };
      });
      const rows = fairRows(subjects, [], { min: 1, max: 10 });
      expect(rows[0]!.fair).toBeGreaterThan(0.46);
      expect(rows[0]!.fair).toBeLessThan(0.5);
      if (rows.some((x) => x.flagged)) runsWithFlags++;
      // What the old fair (1/2) would have said: a card's whole interval below 50%.
      belowHalf += rows.filter((x) => x.base!.interval[1] < 0.5).length;
    }
    // Under "no card differs", BH at q = 0.05 flags anything in at most about 5% of runs.
    expect(runsWithFlags / reps).toBeLessThanOrEqual(0.1);
    expect(belowHalf / (reps * cards)).toBeGreaterThan(0.3);
  });
});
