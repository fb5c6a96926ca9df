/**
 * Coverage and verdict error rates on a scenario whose truth is known by symmetry: Worms with
 * two random players and a random first seat. Seat 0 and seat 1 are interchangeable, so seat
 * 0 wins exactly half of the decided games, and the first-player verdict is measured on a
 * process where the first player's share is what a long run pins.
 */
import { describe, it, expect } from 'vitest';
import { loadScenario } from '../../../src/sim/scenario/load.js';
import { registry, gameOf } from '../../../src/registry.js';
import { runPlan } from '../../../src/runner/pool.js';
import { summarise, verdictAgainst } from '../../../src/sim/stats/summary.js';
import { wilson } from '../../../src/sim/stats/intervals.js';

describe('a symmetric scenario: seat rates', () => {
  it('the interval of seat 0 among decided games covers 1/2 about 95% of the time, and the seat verdict errs about 5%', async () => {
    const reps = 120;
    let covered = 0;
    let verdicts = 0;
    for (let r = 0; r < reps; r++) {
      const plan = loadScenario('scenarios/worms/random-2p.yaml', registry, { games: 200, seed: `symmetric-${r}`, variant: 'random-first' });
      const s = summarise(gameOf(plan.game), plan, await runPlan(plan, { workers: 0 }));
      const [lo, hi] = wilson(s.seats[0]!.wins, s.decided);
      if (lo <= 0.5 && 0.5 <= hi) covered++;
      if (verdictAgainst([lo, hi], 0.5) !== 'no clear difference') verdicts++;
    }
    expect(verdicts).toBe(reps - covered);
    // 120 replicates: a 95% rate lands in [0.90, 0.99] with probability above 0.98.
    expect(covered / reps).toBeGreaterThan(0.9);
    expect(covered / reps).toBeLessThan(0.995);
  }, 60_000);
});
